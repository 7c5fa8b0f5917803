package org.fieldreadings.access;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.mail.LoginOption;
import io.vertx.ext.mail.MailClient;
import io.vertx.ext.mail.MailConfig;
import io.vertx.ext.mail.MailMessage;
import io.vertx.ext.mail.StartTLSOptions;
import io.vertx.ext.mail.mailencoder.MailEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.fieldreadings.core.config.ConfigKeys;
import org.fieldreadings.core.files.PrivateFiles;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Where token mails go: an SMTP relay, or, with none configured, {@code .eml} files in the outbox folder. */
interface MailTransport {

  Future<Void> deliver(MailMessage message);

  Future<Void> close();

  /** The transport the configuration asks for. */
  static MailTransport fromConfig(Vertx vertx, JsonObject config) {
    String host = ConfigKeys.MAIL_SMTP_HOST.get(config);
    if (host == null) {
      return new Folder(vertx, Path.of(ConfigKeys.DATA_DIR.get(config), "outbox"));
    }
    String username = ConfigKeys.MAIL_SMTP_USERNAME.get(config);
    StartTLSOptions starttls = StartTLSOptions.valueOf(ConfigKeys.MAIL_SMTP_STARTTLS.get(config));
    if (starttls != StartTLSOptions.REQUIRED) {
      Smtp.LOG.warn("mail.smtp.starttls={}: token mails may cross the network to {} unencrypted, readable by anyone "
          + "on the way", starttls, host);
    }
    MailConfig mailConfig = new MailConfig()
        .setHostname(host)
        .setPort(ConfigKeys.MAIL_SMTP_PORT.get(config))
        .setStarttls(starttls)
        .setLogin(username == null ? LoginOption.DISABLED : LoginOption.REQUIRED)
        .setUsername(username)
        .setPassword(ConfigKeys.MAIL_SMTP_PASSWORD.get(config))
        .setConnectTimeout(10_000)
        // A relay that stops answering fails the delivery (retried later) instead of holding the mail's claim forever.
        .setIdleTimeout(60)
        .setKeepAlive(false);
    return new Smtp(MailClient.create(vertx, mailConfig), host, starttls);
  }

  /** Sends through the configured SMTP relay. */
  final class Smtp implements MailTransport {
    private static final Logger LOG = LoggerFactory.getLogger(Smtp.class);
    private final MailClient client;
    private final String host;
    private final StartTLSOptions starttls;

    Smtp(MailClient client, String host, StartTLSOptions starttls) {
      this.client = client;
      this.host = host;
      this.starttls = starttls;
    }

    @Override
    public Future<Void> deliver(MailMessage message) {
      return client.sendMail(message)
          .onSuccess(r -> LOG.info("token mail to {} sent through {}", EmailAddress.masked(message.getTo().get(0)),
              host))
          .<Void>mapEmpty()
          // The mail client's own words for a relay whose EHLO answer lacks STARTTLS.
          .recover(error -> Future.failedFuture(starttls == StartTLSOptions.REQUIRED
              && String.valueOf(error.getMessage()).contains("STARTTLS required but not supported")
              ? new IllegalStateException("the relay " + host + " does not offer STARTTLS, which mail.smtp.starttls="
                  + "REQUIRED (the default) demands; the mail stays queued: enable STARTTLS on the relay, or set "
                  + "mail.smtp.starttls to OPTIONAL or DISABLED to send in plaintext")
              : error));
    }

    @Override
    public Future<Void> close() {
      return client.close();
    }
  }

  /** Writes each mail as an RFC 822 {@code .eml} file and logs where, for set-ups without SMTP. */
  final class Folder implements MailTransport {
    private static final Logger LOG = LoggerFactory.getLogger(Folder.class);
    private final Vertx vertx;
    private final Path directory;
    private final AtomicLong sequence = new AtomicLong();

    Folder(Vertx vertx, Path directory) {
      this.vertx = vertx;
      this.directory = directory.toAbsolutePath();
    }

    @Override
    public Future<Void> deliver(MailMessage message) {
      String text = new MailEncoder(message, "localhost").encode();
      Path file = directory.resolve(System.currentTimeMillis() + "-" + sequence.incrementAndGet() + ".eml");
      // The mail holds a token: the file is 0600 from its creation, in a folder only the service may enter.
      return vertx.<Void>executeBlocking(() -> {
        PrivateFiles.directory(directory);
        PrivateFiles.writeNew(file, text.getBytes(StandardCharsets.UTF_8));
        return null;
      }, false)
          .onSuccess(v -> LOG.info("no SMTP relay configured (mail.smtp.host): token mail to {} written to {}",
              EmailAddress.masked(message.getTo().get(0)), file));
    }

    @Override
    public Future<Void> close() {
      return Future.succeededFuture();
    }
  }
}
