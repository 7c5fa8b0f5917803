package org.fieldreadings.access;

import io.vertx.core.json.JsonObject;
import io.vertx.ext.mail.MailMessage;

/** A plain-text notice another module asked to send to an entity (an alert event). Queued encrypted as JSON. */
record NoticeMail(String to, String subject, String text) {

  JsonObject toJson() {
    return new JsonObject().put("to", to).put("subject", subject).put("text", text);
  }

  static NoticeMail fromJson(JsonObject json) {
    return new NoticeMail(json.getString("to"), json.getString("subject"), json.getString("text"));
  }

  MailMessage render(String from) {
    return new MailMessage().setFrom(from).setTo(to).setSubject(subject).setText(text);
  }
}
