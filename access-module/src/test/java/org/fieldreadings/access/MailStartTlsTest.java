package org.fieldreadings.access;

import static org.assertj.core.api.Assertions.assertThat;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VerticleBase;
import io.vertx.pgclient.PgBuilder;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.fieldreadings.core.config.ConfigLoader;
import org.fieldreadings.core.db.DatabaseUrl;
import org.fieldreadings.core.db.Migrations;
import org.fieldreadings.core.db.Pools;
import org.fieldreadings.core.telemetry.Telemetry;
import org.fieldreadings.core.testing.ExpectedFailureLogs;
import org.fieldreadings.core.testing.TestPostgres;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A relay that does not offer STARTTLS (GreenMail's plain SMTP) gets token mails only when the operator says so. */
@ExpectedFailureLogs
class MailStartTlsTest {

  private final KeyVault vault = new KeyVault(new byte[32]);
  @TempDir
  Path dataDir;
  private DatabaseUrl database;
  private GreenMail relay;
  private Vertx vertx;

  @BeforeEach
  void setUp() throws Exception {
    database = TestPostgres.newDatabase();
    Migrations.migrate(database, List.of(AccessModule.SCHEMA));
    try (ServerSocket socket = new ServerSocket(0)) {
      relay = new GreenMail(new ServerSetup(socket.getLocalPort(), "127.0.0.1", "smtp"));
    }
    relay.start();
    vertx = Telemetry.newVertx();
    TokenMail mail = new TokenMail("farm@example.com", "Farm", "token-1", OffsetDateTime.now().plusMinutes(15),
        Duration.ofMinutes(15));
    TestPostgres.execute(database, "INSERT INTO access.mail_outbox (payload) VALUES ('\\x"
        + HexFormat.of().formatHex(vault.encrypt(mail.toJson().encode())) + "')");
  }

  @AfterEach
  void tearDown() throws Exception {
    vertx.close().await(30, TimeUnit.SECONDS);
    relay.stop();
  }

  @Test
  void byDefaultARelayWithoutStarttlsGetsNothingAndTheMailStaysQueuedWithAReasonNamingTheKey() throws Exception {
    deploySender(Map.of());

    waitFor("SELECT count(*) FROM access.mail_outbox WHERE last_error IS NOT NULL", "1");
    assertThat(relay.getReceivedMessages()).isEmpty();
    assertThat(TestPostgres.queryString(database, "SELECT count(*) FROM access.mail_outbox WHERE sent_at IS NULL"))
        .isEqualTo("1");
    assertThat(TestPostgres.queryString(database, "SELECT last_error FROM access.mail_outbox")).isEqualTo(
        "the relay 127.0.0.1 does not offer STARTTLS, which mail.smtp.starttls=REQUIRED (the default) demands; the "
            + "mail stays queued: enable STARTTLS on the relay, or set mail.smtp.starttls to OPTIONAL or DISABLED to "
            + "send in plaintext");
  }

  @Test
  void withStarttlsDisabledExplicitlyTheRelayGetsTheMail() throws Exception {
    deploySender(Map.of("FR_MAIL_SMTP_STARTTLS", "DISABLED"));

    waitFor("SELECT count(*) FROM access.mail_outbox WHERE sent_at IS NOT NULL", "1");
    assertThat(relay.getReceivedMessages()).hasSize(1);
    assertThat(relay.getReceivedMessages()[0].getAllRecipients()[0].toString()).isEqualTo("farm@example.com");
  }

  private void waitFor(String query, String expected) throws InterruptedException {
    long deadline = System.currentTimeMillis() + 30_000;
    while (!expected.equals(TestPostgres.queryString(database, query)) && System.currentTimeMillis() < deadline) {
      Thread.sleep(100);
    }
    assertThat(TestPostgres.queryString(database, query)).as(query).isEqualTo(expected);
  }

  /** A sender on the transport the configuration gives, with the relay as {@code mail.smtp.host}. */
  private void deploySender(Map<String, String> env) throws Exception {
    Map<String, String> all = new HashMap<>(env);
    all.put("FR_MAIL_SMTP_HOST", "127.0.0.1");
    all.put("FR_MAIL_SMTP_PORT", Integer.toString(relay.getSmtp().getPort()));
    all.put("FR_DATA_DIR", dataDir.toString());
    var config = ConfigLoader.load(null, all);
    vertx.deployVerticle(new VerticleBase() {
      private MailSender sender;

      @Override
      public Future<?> start() {
        sender = new MailSender(vertx, PgBuilder.pool().connectingTo(Pools.connectOptions(database)).using(vertx)
            .build(), vault, MailTransport.fromConfig(vertx, config), "no-reply@localhost", null, MailSender.LEASE);
        return sender.start();
      }

      @Override
      public Future<?> stop() {
        return sender.stop();
      }
    }).await(30, TimeUnit.SECONDS);
  }
}
