package org.fieldreadings.app.readings;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Several imports write the same series' days at once, each in its own order and re-sending part of another's
 * readings: every reading is stored once, and the hours and days are exactly those of all the readings.
 */
class ConcurrentWritersTest {

  private static final int WRITERS = 4;
  private static final int MINUTES = 2 * 1440;
  private static final long START = Instant.parse("2024-05-01T00:00:00Z").toEpochMilli();

  @RegisterExtension
  static final ReadingsFixture fixture = ReadingsFixture.perClass();

  /** A reading's value in tenths. */
  private static int tenths(int minute) {
    return minute * 37 % 1000;
  }

  private static double value(int minute) {
    return tenths(minute) / 10.0;
  }

  private static String line(int minute) {
    return "PROFILE_A,SM-CONC,ORIGIN,SMraw10," + (START + minute * 60_000L) + "," + value(minute) + "\n";
  }

  /** Writer k's readings: every WRITERS-th minute from k, newest first, then 100 of the next writer's again. */
  private static String body(int k) {
    StringBuilder csv = new StringBuilder();
    for (int minute = MINUTES - WRITERS + k; minute >= 0; minute -= WRITERS) {
      csv.append(line(minute));
    }
    for (int i = 0; i < 100; i++) {
      csv.append(line(i * WRITERS + (k + 1) % WRITERS));
    }
    return csv.toString();
  }

  @Test
  void concurrentOutOfOrderImportsOfOneSeriesStoreEachReadingOnceWithExactRollups() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
    List<Future<JsonObject>> results = new ArrayList<>();
    try {
      for (int k = 0; k < WRITERS; k++) {
        String body = body(k);
        results.add(pool.submit(() -> fixture.importCsv(body)));
      }
      long stored = 0;
      long duplicates = 0;
      for (Future<JsonObject> result : results) {
        stored += result.get().getLong("stored");
        duplicates += result.get().getLong("duplicates");
      }
      assertThat(stored).isEqualTo(MINUTES);
      assertThat(duplicates).isEqualTo(WRITERS * 100);
    } finally {
      pool.shutdown();
    }
    fixture.assign("PROFILE_A", "SM-CONC");

    JsonArray raw = fixture.readings("PROFILE_A", "SM-CONC",
        "interfaces=SMraw10&startDate=2024-05-01&endDate=2024-05-02T23:59:59.999Z").array();
    assertThat(raw.size()).isEqualTo(MINUTES);
    for (int minute = 0; minute < MINUTES; minute++) {
      assertThat(raw.getJsonObject(minute)).isEqualTo(new JsonObject()
          .put("timestamp", START + minute * 60_000L).put("SMraw10", value(minute)));
    }
    assertThat(fixture.readings("PROFILE_A", "SM-CONC",
        "interfaces=SMraw10&startDate=2024-05-01&endDate=2024-05-02T23:59:59.999Z&aggregation=hour").array())
        .isEqualTo(means(60));
    assertThat(fixture.readings("PROFILE_A", "SM-CONC",
        "interfaces=SMraw10&startDate=2024-05-01&endDate=2024-05-02T23:59:59.999Z&aggregation=day").array())
        .isEqualTo(means(1440));
  }

  /** The mean of every bucket of {@code minutes} minutes, from the exact sum of the readings as written. */
  private static JsonArray means(int minutes) {
    TreeMap<Long, long[]> buckets = new TreeMap<>();
    for (int minute = 0; minute < MINUTES; minute++) {
      long[] bucket = buckets.computeIfAbsent(START + (minute / minutes) * minutes * 60_000L, b -> new long[2]);
      bucket[0] += tenths(minute);
      bucket[1]++;
    }
    JsonArray expected = new JsonArray();
    buckets.forEach((start, bucket) -> expected.add(new JsonObject().put("timestamp", start)
        .put("SMraw10", ReadingsFixture.aggregate("SMraw10", bucket[0] / 10.0 / bucket[1]))));
    return expected;
  }
}
