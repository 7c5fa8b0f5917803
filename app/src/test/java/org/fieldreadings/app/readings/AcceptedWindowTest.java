package org.fieldreadings.app.readings;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.fieldreadings.core.bus.DeviceRef;
import org.fieldreadings.plugin.api.InterfaceCatalog;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.readings.ReadingsAddresses;
import org.fieldreadings.readings.write.Reading;
import org.fieldreadings.readings.write.ReadingsBatch;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The window of accepted reading timestamps follows {@code readings.accept.from} and {@code readings.accept.ahead}. */
class AcceptedWindowTest {

  private static final String WINDOW = "timestamps must be from 2010-01-01T00:00:00Z (readings.accept.from) "
      + "to PT2H (readings.accept.ahead) ahead of the server clock";

  @TempDir
  static Path dataDir;

  private static ReadingsFixture fixture;

  @BeforeAll
  static void start() throws Exception {
    fixture = new ReadingsFixture(dataDir,
        Map.of("FR_READINGS_ACCEPT_FROM", "2010-01-01T00:00:00Z", "FR_READINGS_ACCEPT_AHEAD", "PT2H"));
  }

  @AfterAll
  static void stop() {
    fixture.close();
  }

  @Test
  void theImportAcceptsTheConfiguredWindowAndRejectsByLineWhatTheDefaultsWouldHaveTaken() {
    long inOneHour = Instant.now().plus(Duration.ofHours(1)).toEpochMilli();
    long inThreeHours = Instant.now().plus(Duration.ofHours(3)).toEpochMilli();
    JsonObject result = fixture.importCsv(line("2009-12-31T23:59:59Z") + line("2010-01-01T00:00:00Z")
        + line(Long.toString(inOneHour)) + line(Long.toString(inThreeHours)));
    assertThat(result).isEqualTo(new JsonObject().put("stored", 2).put("duplicates", 0).put("rejectedCount", 2)
        .put("rejected", new JsonArray()
            .add(new JsonObject().put("line", 2)
                .put("reason", "timestamp '2009-12-31T23:59:59Z' is outside the accepted window: " + WINDOW))
            .add(new JsonObject().put("line", 5)
                .put("reason", "timestamp '" + inThreeHours + "' is outside the accepted window: " + WINDOW))));
    assertThat(fixture.blocksBefore("2010-01-01T00:00:00Z")).isZero();
  }

  private static String line(String timestamp) {
    return "PROFILE_A,SM-WINDOW,ORIGIN,SMraw10," + timestamp + ",1\n";
  }

  @Test
  void ingestRejectsReadingsBeforeTheConfiguredStartWithTheirReason() {
    // 1230768000 s: 2009-01-01T00:00:00Z, accepted by the default window, not by this one.
    String body = "GWD,GW-2009,1230768000,-,vbat=4012";
    assertThat(ingest(body)).isEqualTo(new JsonObject().put("stored", 0).put("duplicates", 0).put("rejectedCount", 1)
        .put("rejected", new JsonArray().add(new JsonObject().put("index", 0)
            .put("reason", "GW-2009 connector ORIGIN: " + WINDOW + "; 1 reading not stored")))
        .put("warnings", new JsonArray()));
  }

  /** Ingests one PROFILE_B frame (with its checksum) and returns the 200 answer. */
  private static JsonObject ingest(String frameBody) {
    String checksum = String.format("%02X", frameBody.chars().reduce(0, (a, b) -> a ^ b));
    var answer = fixture.ingest("PROFILE_B", fixture.ingestKey("PROFILE_B"), "$" + frameBody + "*" + checksum,
        "text/plain");
    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
    return answer.json();
  }

  @Test
  void theStoreStoresNothingOutsideTheWindowWhateverReachesIt() throws Exception {
    long blocks = fixture.blocks();
    Reading far = new Reading(new DeviceRef(Profile.PROFILE_A, "SM-BUS"), "ORIGIN", InterfaceCatalog.of("SMraw10"),
        Instant.parse("2999-01-01T00:00:00Z").toEpochMilli(), 1);
    Throwable failure = ReadingsAddresses.WRITE.request(fixture.server.vertx().eventBus(),
            new ReadingsBatch(List.of(far)))
        .toCompletionStage().toCompletableFuture()
        .handle((reply, error) -> error).get(30, TimeUnit.SECONDS);
    assertThat(failure).isInstanceOfSatisfying(ReplyException.class, reply -> {
      assertThat(reply.failureCode()).isEqualTo(400);
      assertThat(reply.getMessage()).isEqualTo("a reading at 2999-01-01T00:00:00Z is outside the accepted window: "
          + WINDOW);
    });
    assertThat(fixture.blocks()).isEqualTo(blocks);
    assertThat(fixture.blocksFrom("2999-01-01T00:00:00Z")).isZero();
  }
}
