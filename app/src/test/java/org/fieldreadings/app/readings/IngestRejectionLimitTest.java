package org.fieldreadings.app.readings;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.fieldreadings.plugin.api.Rejection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A payload of nothing but bad parts (docs/api.md, "POST /ingest"): its answer lists as many rejections as the
 * canonical import's does and counts the rest, and building it holds up no other client.
 */
class IngestRejectionLimitTest {

  @RegisterExtension
  static final ReadingsFixture fixture = ReadingsFixture.perClass();

  /** A PROFILE_B frame whose checksum is wrong: one rejection of its line. */
  private static final String BAD_FRAME = "$GWD,GW-BAD,1714557600,-,vbat=4012*00\n";
  /** The default {@code ingest.max.bytes}. */
  private static final int FOUR_MIB = 4 * 1024 * 1024;

  @Test
  void aPayloadOfFourMebibytesOfBadLinesListsTheImportsNumberOfRejectionsAndCountsEveryLine() {
    int lines = FOUR_MIB / BAD_FRAME.length();
    Answer answer = fixture.ingest("PROFILE_B", fixture.ingestKey("PROFILE_B"), BAD_FRAME.repeat(lines),
        "text/plain");

    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.header("Content-Type")).isEqualTo("application/json");
    JsonObject body = answer.json();
    assertThat(body.getLong("stored")).isZero();
    assertThat(body.getLong("rejectedCount")).isEqualTo(lines);
    assertThat(body.getJsonArray("rejected")).hasSize(1000);
    assertThat(Rejection.LISTED).isEqualTo(1000);
    assertThat(body.getJsonArray("rejected").getJsonObject(999).getInteger("index")).isEqualTo(999);
    assertThat(answer.body().length()).isLessThan(200_000);
  }

  @Test
  void anotherClientIsAnsweredPromptlyWhileAPayloadOfBadLinesIsIngested() throws Exception {
    String key = fixture.ingestKey("PROFILE_B");
    String payload = BAD_FRAME.repeat(FOUR_MIB / BAD_FRAME.length());
    CompletableFuture<Answer> big = CompletableFuture.supplyAsync(
        () -> fixture.ingest("PROFILE_B", key, payload, "text/plain"));
    Thread.sleep(300);
    long worst = 0;
    while (!big.isDone()) {
      long started = System.nanoTime();
      Answer small = fixture.ingest("PROFILE_B", key, BAD_FRAME, "text/plain");
      assertThat(small.status()).isEqualTo(200);
      worst = Math.max(worst, System.nanoTime() - started);
    }
    assertThat(big.get().status()).isEqualTo(200);
    assertThat(Duration.ofNanos(worst)).isLessThan(Duration.ofSeconds(2));
  }

  @Test
  void theCanonicalImportListsTheSameNumberOfRejections() {
    JsonObject result = fixture.importCsv("PROFILE_A,SM-BAD,ORIGIN,SMraw10,not-a-time,1\n".repeat(1500));
    assertThat(result.getLong("rejectedCount")).isEqualTo(1500);
    assertThat(result.getJsonArray("rejected")).hasSize(Rejection.LISTED);
  }
}
