package org.fieldreadings.app.readings;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code POST /admin/readings}: the canonical CSV import (OPERATIONS.md). */
class CanonicalImportTest {

  @TempDir
  static Path dataDir;

  private static ReadingsFixture fixture;

  @BeforeAll
  static void start() throws Exception {
    fixture = new ReadingsFixture(dataDir, Map.of());
  }

  @AfterAll
  static void stop() {
    fixture.close();
  }

  private static String row(String serial, String iface, String ts, String value) {
    return "PROFILE_A," + serial + ",ORIGIN," + iface + "," + ts + "," + value + "\n";
  }

  @Test
  void reimportingTheSameReadingsStoresNothingTwice() {
    String csv = row("SM-1", "SMraw10", "2024-05-01T00:00:00Z", "512") + row("SM-1", "SMraw10", "1714522500000", "515");
    assertThat(fixture.importCsv(csv)).isEqualTo(new JsonObject()
        .put("stored", 2).put("duplicates", 0).put("rejectedCount", 0).put("rejected", new JsonArray()));
    assertThat(fixture.importCsv(csv)).isEqualTo(new JsonObject()
        .put("stored", 0).put("duplicates", 2).put("rejectedCount", 0).put("rejected", new JsonArray()));
  }

  @Test
  void aCorrectedValueReplacesTheOldOneAndItsRollups() {
    fixture.importCsv(row("SM-2", "SMmm10", "2024-05-01T10:00:00Z", "4") + row("SM-2", "SMmm10",
        "2024-05-01T10:30:00Z", "6"));
    fixture.assign("PROFILE_A", "SM-2");
    JsonObject corrected = fixture.importCsv(row("SM-2", "SMmm10", "2024-05-01T10:30:00Z", "8"));
    assertThat(corrected.getLong("stored")).isEqualTo(1);
    Answer hour = fixture.readings("PROFILE_A", "SM-2",
        "interfaces=SMmm10&startDate=2024-05-01&endDate=2024-05-01T23:59:59Z&aggregation=hour");
    assertThat(hour.array()).isEqualTo(new JsonArray().add(new JsonObject()
        .put("timestamp", Instant.parse("2024-05-01T10:00:00Z").toEpochMilli()).put("SMmm10", 6.0)));
    Answer day = fixture.readings("PROFILE_A", "SM-2",
        "interfaces=SMmm10&startDate=2024-05-01&endDate=2024-05-01T23:59:59.999Z&aggregation=day");
    assertThat(day.array().getJsonObject(0).getDouble("SMmm10")).isEqualTo(6.0);
  }

  @Test
  void repeatedReadingInOneFileKeepsTheLastValue() {
    JsonObject result = fixture.importCsv(row("SM-3", "SoilTemp10", "2024-05-02T00:00:00Z", "11")
        + row("SM-3", "SoilTemp10", "2024-05-02T00:00:00Z", "12"));
    assertThat(result.getLong("stored")).isEqualTo(1);
    assertThat(result.getLong("duplicates")).isEqualTo(1);
    fixture.assign("PROFILE_A", "SM-3");
    assertThat(fixture.readings("PROFILE_A", "SM-3", "interfaces=SoilTemp10&startDate=2024-05-02&endDate=2024-05-03")
        .array().getJsonObject(0).getDouble("SoilTemp10")).isEqualTo(12.0);
  }

  @Test
  void badLinesAreReportedByNumberWhileGoodLinesAreStored() {
    JsonObject result = fixture.importCsv(row("SM-4", "SMraw10", "2024-05-03T00:00:00Z", "1")
        + row("SM-4", "SMraw11", "2024-05-03T00:00:00Z", "1")
        + "PROFILE_Z,SM-4,ORIGIN,SMraw10,2024-05-03T00:00:00Z,1\n"
        + row("SM 4", "SMraw10", "2024-05-03T00:00:00Z", "1")
        + row("SM-4", "SMraw10", "yesterday", "1")
        + row("SM-4", "SMraw10", "2024-05-03T00:15:00Z", "wet")
        + "PROFILE_A,SM-4,ORIGIN\n"
        + row("SM-4", "SMraw10", "2024-05-03T00:30:00Z", "3"));
    assertThat(result.getLong("stored")).isEqualTo(2);
    assertThat(result.getLong("rejectedCount")).isEqualTo(6);
    assertThat(result.getJsonArray("rejected")).extracting(r -> ((JsonObject) r).getLong("line"))
        .containsExactly(3L, 4L, 5L, 6L, 7L, 8L);
    assertThat(result.getJsonArray("rejected").getJsonObject(0).getString("reason"))
        .isEqualTo("interface 'SMraw11' is not an interface name of SPEC.md 2.3");
  }

  @Test
  void unknownDevicesAreCreated() {
    fixture.importCsv(row("SM-NEW", "SMraw20", "2024-05-04T00:00:00Z", "7"));
    fixture.assign("PROFILE_A", "SM-NEW");
    Answer device = fixture.api.get("/api/devices/PROFILE_A/SM-NEW", "Authorization", "ApiKey " + fixture.apiKey);
    assertThat(device.status()).isEqualTo(200);
    assertThat(device.json().getJsonArray("connectors")).isEqualTo(new JsonArray().add(new JsonObject()
        .put("connectorId", "ORIGIN").put("interfaces", new JsonArray().add("SMraw20"))));
  }

  @Test
  void aFileOfSeveralBatchesIsStoredAndAnswered() {
    // Three full batches of 50,000 and one more line; the upload waits while each batch is written.
    StringBuilder csv = new StringBuilder();
    long start = Instant.parse("2024-01-01T00:00:00Z").toEpochMilli();
    for (int i = 0; i <= 150_000; i++) {
      csv.append("PROFILE_A,SM-BIG,ORIGIN,SMraw10,").append(start + i * 60_000L).append(',').append(i % 500).append('\n');
    }
    assertThat(fixture.importCsv(csv.toString())).isEqualTo(new JsonObject()
        .put("stored", 150_001).put("duplicates", 0).put("rejectedCount", 0).put("rejected", new JsonArray()));
  }

  @Test
  void aFileWithoutTheHeaderIs400() {
    Answer answer = fixture.admin.post("/admin/readings", "PROFILE_A,SM-1,ORIGIN,SMraw10,2024-05-01T00:00:00Z,1\n",
        "Authorization", "Bearer " + fixture.adminToken, "Content-Type", "text/csv");
    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.json().getJsonArray("errors").getJsonObject(0).getString("message"))
        .isEqualTo("the first line must be the header profile,serial,connectorId,interface,timestamp,value");
  }
}
