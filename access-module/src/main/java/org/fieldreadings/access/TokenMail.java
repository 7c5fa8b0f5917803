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

  MailMessage render(String from) {
    return new MailMessage()
        .setFrom(from)
        .setTo(to)
        .setSubject(SUBJECT)
        .setText(text())
        .setHtml(html());
  }

  String text() {
    return """
        Hello %s,

        A temporary token to obtain the API key of your Field Readings account was requested for %s.

        Your token:

            %s

        It is valid for %s (until %s) and can be used once. Exchange it for your API key with:

            POST /api/access?token=%s

        for example: curl -X POST "https://<your Field Readings address>/api/access?token=%s"

        The answer holds your entityId and apiKey; send the key as the header "Authorization: ApiKey <apiKey>".
        If you did not ask for this token, ignore this mail: nothing changes unless the token is used.
        """.formatted(greeting(), to, token, lifetime(), TIME.format(expiresAt), token, token);
  }

  String html() {
    return """
        <p>Hello %s,</p>
        <p>A temporary token to obtain the API key of your Field Readings account was requested for %s.</p>
        <p>Your token:</p>
        <pre style="font-size:1.2em">%s</pre>
        <p>It is valid for %s (until %s) and can be used once. Exchange it for your API key with
        <code>POST /api/access?token=%s</code>.</p>
        <p>The answer holds your <code>entityId</code> and <code>apiKey</code>; send the key as the header
        <code>Authorization: ApiKey &lt;apiKey&gt;</code>.</p>
        <p>If you did not ask for this token, ignore this mail: nothing changes unless the token is used.</p>
        """.formatted(escape(greeting()), escape(to), token, lifetime(), TIME.format(expiresAt), token);
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
