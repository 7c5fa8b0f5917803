package org.fieldreadings.access;

import io.vertx.core.json.JsonObject;
import io.vertx.ext.mail.MailMessage;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;

/**
 * The mail that carries a temporary token: plain text with an HTML alternative, telling the token, its lifetime
 * and how to exchange it. Queued encrypted as JSON ({@link #toJson}), rendered when sent.
 */
record TokenMail(String to, String name, String token, OffsetDateTime expiresAt, Duration ttl) {

  static final String SUBJECT = "Your Field Readings access token";
  private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'");

  JsonObject toJson() {
    return new JsonObject().put("to", to).put("name", name).put("token", token)
        .put("expiresAt", expiresAt.toString()).put("ttl", ttl.toString());
  }

  static TokenMail fromJson(JsonObject json) {
    return new TokenMail(json.getString("to"), json.getString("name"), json.getString("token"),
        OffsetDateTime.parse(json.getString("expiresAt")), Duration.parse(json.getString("ttl")));
  }

  /**
   * The mail as sent. {@code publicUrl} is the address clients use ({@code http.public.url}); without it the mail
   * names the path only, since a guess at the host would be wrong behind a proxy.
   */
  MailMessage render(String from, String publicUrl) {
    return new MailMessage()
        .setFrom(from)
        .setTo(to)
        .setSubject(SUBJECT)
        .setText(text(publicUrl))
        .setHtml(html(publicUrl));
  }

  String text(String publicUrl) {
    return """
        Hello %s,

        A temporary token to obtain the API key of your Field Readings account was requested for %s.

        Your token:

            %s

        It is valid for %s (until %s) and can be used once. Exchange it for your API key with:

            %s

        The answer holds your entityId and apiKey. Send the key with every request in the Authorization header:
        the word ApiKey, one space, then the key.
        If you did not ask for this token, ignore this mail: nothing changes unless the token is used.
        """.formatted(greeting(), to, token, lifetime(), TIME.format(expiresAt), exchange(publicUrl));
  }

  String html(String publicUrl) {
    return """
        <p>Hello %s,</p>
        <p>A temporary token to obtain the API key of your Field Readings account was requested for %s.</p>
        <p>Your token:</p>
        <pre style="font-size:1.2em">%s</pre>
        <p>It is valid for %s (until %s) and can be used once. Exchange it for your API key with
        <code>%s</code>.</p>
        <p>The answer holds your <code>entityId</code> and <code>apiKey</code>. Send the key with every request in the
        <code>Authorization</code> header: the word <code>ApiKey</code>, one space, then the key.</p>
        <p>If you did not ask for this token, ignore this mail: nothing changes unless the token is used.</p>
        """.formatted(escape(greeting()), escape(to), token, lifetime(), TIME.format(expiresAt),
        escape(exchange(publicUrl)));
  }

  /** The request that exchanges the token: a complete command with the public address, else the path. */
  private String exchange(String publicUrl) {
    return publicUrl == null
        ? "POST /api/access?token=" + token + " (on the Field Readings service you use)"
        : "curl -X POST \"" + publicUrl + "/api/access?token=" + token + "\"";
  }

  private String greeting() {
    return name.isBlank() ? to : name;
  }

  /** "15 minutes", "1 hour", "90 seconds". */
  private String lifetime() {
    long seconds = ttl.toSeconds();
    if (seconds % 3600 == 0) {
      return plural(seconds / 3600, "hour");
    }
    if (seconds % 60 == 0) {
      return plural(seconds / 60, "minute");
    }
    return plural(seconds, "second");
  }

  private static String plural(long count, String unit) {
    return count + " " + unit + (count == 1 ? "" : "s");
  }

  private static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }
}
