package org.fieldreadings.access;

import static org.assertj.core.api.Assertions.assertThat;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VerticleBase;
import io.vertx.ext.mail.MailClient;
import io.vertx.ext.mail.MailConfig;
import io.vertx.ext.mail.MailMessage;
import io.vertx.ext.mail.StartTLSOptions;
import io.vertx.pgclient.PgBuilder;
import io.vertx.sqlclient.Pool;
import java.net.ServerSocket;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.fieldreadings.core.db.DatabaseUrl;
import org.fieldreadings.core.db.Migrations;
import org.fieldreadings.core.db.Pools;
import org.fieldreadings.core.telemetry.Telemetry;
import org.fieldreadings.core.testing.TestPostgres;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Several senders on one outbox, with a relay slower than their lease: each mail still goes out once. */
class MailSenderTest {

  private static final int MAILS = 4;
  /** Renewed every second: a busy test machine has two seconds of slack before a claim lapses. */
  private static final Duration LEASE = Duration.ofSeconds(3);
  /** Each message alone outlasts the lease. */
  private static final long RELAY_DELAY_MS = 4000;

  private final KeyVault vault = new KeyVault(new byte[32]);
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
  }

  @AfterEach
  void tearDown() throws Exception {
    vertx.close().await(30, TimeUnit.SECONDS);
    relay.stop();
  }

  @Test
  void twoSendersWithARelaySlowerThanTheirLeaseDeliverEveryMailExactlyOnce() throws Exception {
    for (int i = 0; i < MAILS; i++) {
      TokenMail mail = new TokenMail("farm" + i + "@example.com", "Farm " + i, "token-" + i,
          OffsetDateTime.now().plusMinutes(15), Duration.ofMinutes(15));
      TestPostgres.execute(database, "INSERT INTO access.mail_outbox (payload) VALUES ('\\x"
          + HexFormat.of().formatHex(vault.encrypt(mail.toJson().encode())) + "')");
    }
    deploySender();
    deploySender();

    long deadline = System.currentTimeMillis() + 30_000;
    while (!"0".equals(unsent()) && System.currentTimeMillis() < deadline) {
      Thread.sleep(100);
    }
    assertThat(unsent()).as("mails not yet sent").isEqualTo("0");
    // A duplicate would be a delivery still under way when the last mail was marked sent.
    Thread.sleep(RELAY_DELAY_MS * 2);
    Map<String, Long> received = Arrays.stream(relay.getReceivedMessages())
        .map(message -> {
          try {
            return message.getAllRecipients()[0].toString();
          } catch (jakarta.mail.MessagingException e) {
            throw new IllegalStateException(e);
          }
        })
        .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
    assertThat(received).isEqualTo(IntStream.range(0, MAILS).boxed()
        .collect(Collectors.toMap(i -> "farm" + i + "@example.com", i -> 1L)));
    assertThat(TestPostgres.queryString(database, "SELECT count(*) FROM access.mail_outbox WHERE attempts <> 1"))
        .isEqualTo("0");
  }

  private String unsent() {
    return TestPostgres.queryString(database, "SELECT count(*) FROM access.mail_outbox WHERE sent_at IS NULL");
  }

  private void deploySender() throws Exception {
    vertx.deployVerticle(new VerticleBase() {
      private MailSender sender;

      @Override
      public Future<?> start() {
        Pool pool = PgBuilder.pool().connectingTo(Pools.connectOptions(database)).using(vertx).build();
        MailClient client = MailClient.create(vertx, new MailConfig().setHostname("127.0.0.1")
            .setPort(relay.getSmtp().getPort()).setStarttls(StartTLSOptions.DISABLED).setKeepAlive(false));
        sender = new MailSender(vertx, pool, vault, new SlowRelay(vertx, new MailTransport.Smtp(client, "127.0.0.1",
            StartTLSOptions.DISABLED)),
            "no-reply@localhost", null, LEASE);
        return sender.start();
      }

      @Override
      public Future<?> stop() {
        return sender.stop();
      }
    }).await(30, TimeUnit.SECONDS);
  }

  /** A relay that takes {@link #RELAY_DELAY_MS} to accept each message before passing it to the real one. */
  private record SlowRelay(Vertx vertx, MailTransport relay) implements MailTransport {

    @Override
    public Future<Void> deliver(MailMessage message) {
      return vertx.timer(RELAY_DELAY_MS).compose(v -> relay.deliver(message));
    }

    @Override
    public Future<Void> close() {
      return relay.close();
    }
  }
}
