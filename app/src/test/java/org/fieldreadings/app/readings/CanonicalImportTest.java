package org.fieldreadings.app.readings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@code POST /admin/readings}: the canonical CSV import (docs/operations.md). */
class CanonicalImportTest {

  @RegisterExtension
  static final ReadingsFixture fixture = ReadingsFixture.perClass();

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
  void readingsAddedToAStoredHourAndDayAggregateWithTheEarlierOnes() {
    fixture.importCsv(weather("WS-ADD", "AirTemp", "10:00", "1") + weather("WS-ADD", "AirTemp", "10:15", "2")
        + weather("WS-ADD", "Precipitation", "10:00", "0.5") + weather("WS-ADD", "Precipitation", "10:15", "0.25")
        + weather("WS-ADD", "GustSpeed", "10:00", "3") + weather("WS-ADD", "GustSpeed", "10:15", "9")
        + weather("WS-ADD", "WindDir", "10:00", "350") + weather("WS-ADD", "WindDir", "10:15", "340"));
    fixture.importCsv(weather("WS-ADD", "AirTemp", "10:30", "3") + weather("WS-ADD", "AirTemp", "10:45", "6")
        + weather("WS-ADD", "AirTemp", "11:00", "100")
        + weather("WS-ADD", "Precipitation", "10:30", "1") + weather("WS-ADD", "Precipitation", "10:45", "0")
        + weather("WS-ADD", "GustSpeed", "10:30", "4") + weather("WS-ADD", "GustSpeed", "10:45", "5")
        + weather("WS-ADD", "WindDir", "10:30", "10") + weather("WS-ADD", "WindDir", "10:45", "30"));
    fixture.assign("REAL_WEATHER_STATION", "WS-ADD");

    JsonArray hours = fixture.readings("REAL_WEATHER_STATION", "WS-ADD", "interfaces=AirTemp,Precipitation,GustSpeed,"
        + "WindDir&startDate=2024-06-01&endDate=2024-06-01T23:59:59Z&aggregation=hour").array();
    assertThat(hours).hasSize(2);
    JsonObject ten = hours.getJsonObject(0);
    assertThat(ten.getLong("timestamp")).isEqualTo(Instant.parse("2024-06-01T10:00:00Z").toEpochMilli());
    assertThat(ten.getDouble("AirTemp")).isCloseTo(3.0, within(1e-9));
    assertThat(ten.getDouble("Precipitation")).isCloseTo(1.75, within(1e-9));
    assertThat(ten.getDouble("GustSpeed")).isEqualTo(9.0);
    // The direction of the summed unit vectors of 350, 340, 10 and 30 degrees (2.39616...), served to 0.1 degree.
    assertThat(ten.getDouble("WindDir")).isEqualTo(2.4);
    assertThat(hours.getJsonObject(1).getDouble("AirTemp")).isEqualTo(100.0);

    JsonObject day = fixture.readings("REAL_WEATHER_STATION", "WS-ADD", "interfaces=AirTemp,GustSpeed"
        + "&startDate=2024-06-01&endDate=2024-06-01T23:59:59.999Z&aggregation=day").array().getJsonObject(0);
    assertThat(day.getDouble("AirTemp")).isCloseTo((1 + 2 + 3 + 6 + 100) / 5.0, within(1e-9));
    assertThat(day.getDouble("GustSpeed")).isEqualTo(9.0);
  }

  @Test
  void readingsBeforeStoredOnesInTheSameFileAsNewOnesKeepEveryRollupExact() {
    fixture.importCsv(weather("WS-BACK", "AirTemp", "10:30", "4") + weather("WS-BACK", "AirTemp", "12:00", "50"));
    // One file: a back-fill for AirTemp (before its stored readings) and a first reading for AirHum.
    fixture.importCsv(weather("WS-BACK", "AirTemp", "10:00", "2") + weather("WS-BACK", "AirTemp", "11:00", "8")
        + weather("WS-BACK", "AirHum", "10:00", "70"));
    fixture.assign("REAL_WEATHER_STATION", "WS-BACK");

    JsonArray hours = fixture.readings("REAL_WEATHER_STATION", "WS-BACK",
        "interfaces=AirTemp,AirHum&startDate=2024-06-01&endDate=2024-06-01T23:59:59Z&aggregation=hour").array();
    assertThat(hours).isEqualTo(new JsonArray()
        .add(new JsonObject().put("timestamp", Instant.parse("2024-06-01T10:00:00Z").toEpochMilli())
            .put("AirTemp", 3.0).put("AirHum", 70.0))
        .add(new JsonObject().put("timestamp", Instant.parse("2024-06-01T11:00:00Z").toEpochMilli())
            .put("AirTemp", 8.0))
        .add(new JsonObject().put("timestamp", Instant.parse("2024-06-01T12:00:00Z").toEpochMilli())
            .put("AirTemp", 50.0)));
    JsonObject day = fixture.readings("REAL_WEATHER_STATION", "WS-BACK", "interfaces=AirTemp"
        + "&startDate=2024-06-01&endDate=2024-06-01T23:59:59.999Z&aggregation=day").array().getJsonObject(0);
    assertThat(day.getDouble("AirTemp")).isCloseTo((4 + 50 + 2 + 8) / 4.0, within(1e-9));
  }

  @Test
  void readingsBetweenStoredOnesOfAnHourJoinItWithoutTakingItsLast() {
    fixture.importCsv(weather("WS-GAP", "FlowmeterTotal", "10:00", "1") + weather("WS-GAP", "FlowmeterTotal", "10:45", "4")
        + weather("WS-GAP", "AirTemp", "10:00", "1") + weather("WS-GAP", "AirTemp", "10:45", "4"));
    fixture.importCsv(weather("WS-GAP", "FlowmeterTotal", "10:15", "2") + weather("WS-GAP", "FlowmeterTotal", "10:30", "3")
        + weather("WS-GAP", "AirTemp", "10:15", "2") + weather("WS-GAP", "AirTemp", "10:30", "3"));
    fixture.assign("REAL_WEATHER_STATION", "WS-GAP");

    long ten = Instant.parse("2024-06-01T10:00:00Z").toEpochMilli();
    assertThat(fixture.readings("REAL_WEATHER_STATION", "WS-GAP", "interfaces=FlowmeterTotal,AirTemp"
        + "&startDate=2024-06-01&endDate=2024-06-01T23:59:59Z&aggregation=hour").array()).isEqualTo(new JsonArray()
        .add(new JsonObject().put("timestamp", ten).put("FlowmeterTotal", 4.0).put("AirTemp", 2.5)));
    assertThat(fixture.readings("REAL_WEATHER_STATION", "WS-GAP", "interfaces=FlowmeterTotal,AirTemp"
        + "&startDate=2024-06-01&endDate=2024-06-01T23:59:59.999Z&aggregation=day").array()).isEqualTo(new JsonArray()
        .add(new JsonObject().put("timestamp", Instant.parse("2024-06-01T00:00:00Z").toEpochMilli())
            .put("FlowmeterTotal", 4.0).put("AirTemp", 2.5)));
  }

  private static String weather(String serial, String iface, String time, String value) {
    return "REAL_WEATHER_STATION," + serial + ",ORIGIN," + iface + ",2024-06-01T" + time + ":00Z," + value + "\n";
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
        .isEqualTo("unknown interface name(s): SMraw11; names are case-sensitive, /api/docs lists them all");
  }

  private static final String DEFAULT_WINDOW = "timestamps must be from 2000-01-01T00:00:00Z (readings.accept.from) "
      + "to PT24H (readings.accept.ahead) ahead of the server clock";

  @Test
  void aLineDatedIn2999IsRejectedByNumberStoringNothingAndCreatingNoBlock() {
    long blocks = fixture.blocks();
    JsonObject result = fixture.importCsv(row("SM-2999", "SMraw10", "2999-01-01T00:00:00Z", "1"));
    assertThat(result).isEqualTo(new JsonObject().put("stored", 0).put("duplicates", 0).put("rejectedCount", 1)
        .put("rejected", new JsonArray().add(new JsonObject().put("line", 2).put("reason",
            "timestamp '2999-01-01T00:00:00Z' is outside the accepted window: " + DEFAULT_WINDOW))));
    assertThat(fixture.blocks()).isEqualTo(blocks);
    assertThat(fixture.blocksFrom("2999-01-01T00:00:00Z")).isZero();
  }

  @Test
  void aLineDatedIn1999IsRejectedByNumberStoringNothingAndCreatingNoBlock() {
    long blocks = fixture.blocks();
    JsonObject result = fixture.importCsv(row("SM-1999", "SMraw10", "2024-05-06T00:00:00Z", "1")
        + row("SM-1999", "SMraw10", "1999-12-31T23:59:59Z", "2"));
    assertThat(result).isEqualTo(new JsonObject().put("stored", 1).put("duplicates", 0).put("rejectedCount", 1)
        .put("rejected", new JsonArray().add(new JsonObject().put("line", 3).put("reason",
            "timestamp '1999-12-31T23:59:59Z' is outside the accepted window: " + DEFAULT_WINDOW))));
    // The good line's day is one new block; nothing before 2000 has one.
    assertThat(fixture.blocks()).isEqualTo(blocks + 1);
    assertThat(fixture.blocksBefore("2000-01-01T00:00:00Z")).isZero();
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
  void aFileOfSeveralBatchesIsStoredWithItsBadLinesNumberedAcrossBatches() {
    // About 7 MB, so two batches of 4 MiB and the rest; the upload waits while each batch is written.
    StringBuilder csv = new StringBuilder();
    long start = Instant.parse("2024-01-01T00:00:00Z").toEpochMilli();
    for (int i = 0; i <= 150_000; i++) {
      String timestamp = i == 149_000 ? "soon" : Long.toString(start + i * 60_000L);
      csv.append("PROFILE_A,SM-BIG,ORIGIN,SMraw10,").append(timestamp).append(',').append(i % 500).append('\n');
    }
    // The header is line 1, so reading i is on line i + 2.
    assertThat(fixture.importCsv(csv.toString())).isEqualTo(new JsonObject()
        .put("stored", 150_000).put("duplicates", 0).put("rejectedCount", 1).put("rejected", new JsonArray()
            .add(new JsonObject().put("line", 149_002)
                .put("reason", "timestamp 'soon' is neither RFC 3339 nor epoch milliseconds"))));
  }

  private static String minutes(String serial, int count) {
    StringBuilder csv = new StringBuilder();
    long start = Instant.parse("2024-02-01T00:00:00Z").toEpochMilli();
    for (int i = 0; i < count; i++) {
      csv.append(row(serial, "SMraw10", Long.toString(start + i * 60_000L), Integer.toString(i % 700)));
    }
    return csv.toString();
  }

  private static JsonObject stored(int count) {
    return new JsonObject().put("stored", count).put("duplicates", 0).put("rejectedCount", 0)
        .put("rejected", new JsonArray());
  }

  @Test
  void largeUploadsOneAfterAnotherAndSideBySideEachStoreExactlyTheirOwnLines() {
    // Bodies over 1 MiB are read into batch buffers that later uploads reuse: none may read another's bytes, and
    // a shorter upload after a longer one leaves the longer one's tail unread.
    assertThat(fixture.importCsv(minutes("SM-REUSE-1", 40_000))).isEqualTo(stored(40_000));
    assertThat(fixture.importCsv(minutes("SM-REUSE-2", 25_000))).isEqualTo(stored(25_000));
    // More uploads at once than the listener has event loops, so that some share one and its spare buffer.
    List<CompletableFuture<JsonObject>> together = IntStream.range(0, 6)
        .mapToObj(i -> CompletableFuture.supplyAsync(() -> fixture.importCsv(minutes("SM-REUSE-T" + i, 24_000 + i))))
        .toList();
    for (int i = 0; i < together.size(); i++) {
      assertThat(together.get(i).join()).isEqualTo(stored(24_000 + i));
    }
  }

  @Test
  void aLineLongerThan4096CharactersIsRejectedByNumber() {
    JsonObject result = fixture.importCsv(row("SM-5", "SMraw10", "2024-05-05T00:00:00Z", "1")
        + row("SM-5", "SMraw10", "2024-05-05T00:15:00Z", "1".repeat(4100))
        + row("SM-5", "SMraw10", "2024-05-05T00:30:00Z", "2"));
    assertThat(result.getLong("stored")).isEqualTo(2);
    assertThat(result.getJsonArray("rejected")).isEqualTo(new JsonArray().add(new JsonObject().put("line", 3)
        .put("reason", "the line is longer than 4096 characters")));
  }

  @Test
  void aSeriesKeepsAtMost86400ReadingsADayAndAWriteBeyondIsRefusedNamingTheDay() {
    StringBuilder day = new StringBuilder();
    long midnight = Instant.parse("2024-05-07T00:00:00Z").toEpochMilli();
    for (int i = 0; i < 86_400; i++) {
      day.append(row("SM-DENSE", "SMraw10", Long.toString(midnight + i * 1000L), "1"));
    }
    assertThat(fixture.importCsv(day.toString()).getLong("stored")).isEqualTo(86_400);
    long blocks = fixture.blocks();

    Answer beyond = fixture.admin.post("/admin/readings", "profile,serial,connectorId,interface,timestamp,value\n"
            + row("SM-DENSE", "SMraw10", Long.toString(midnight + 500), "2"),
        "Authorization", "Bearer " + fixture.adminToken, "Content-Type", "text/csv");
    assertThat(beyond.status()).as(beyond.toString()).isEqualTo(400);
    assertThat(beyond.json().getString("detail")).isEqualTo("a series would hold 86401 readings on 2024-05-07 (UTC): "
        + "at most 86400 are kept for a series in a day, one a second on average");
    // A correction of a stored reading adds none, and is taken.
    assertThat(fixture.importCsv(row("SM-DENSE", "SMraw10", Long.toString(midnight), "3")).getLong("stored"))
        .isEqualTo(1);
    assertThat(fixture.blocks()).isEqualTo(blocks);
  }

  @Test
  void aBodyWithoutLineEndsIs400() {
    Answer answer = fixture.admin.post("/admin/readings",
        "profile,serial,connectorId,interface,timestamp,value\n" + "x".repeat(5 << 20),
        "Authorization", "Bearer " + fixture.adminToken, "Content-Type", "text/csv");
    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.json().getJsonArray("errors").getJsonObject(0).getString("message"))
        .isEqualTo("line 2 is longer than 4096 bytes");
  }

  @Test
  void aFileWithoutTheHeaderIs400() {
    Answer answer = fixture.admin.post("/admin/readings", "PROFILE_A,SM-1,ORIGIN,SMraw10,2024-05-01T00:00:00Z,1\n",
        "Authorization", "Bearer " + fixture.adminToken, "Content-Type", "text/csv");
    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.json().getJsonArray("errors").getJsonObject(0).getString("message"))
        .isEqualTo("the first line must be the header profile,serial,connectorId,interface,timestamp,value");
  }

  @Test
  void rawValuesComeBackExactlyAsImportedAndAggregatesAtTheResolution() {
    fixture.importCsv("PROFILE_D,RES-1,ORIGIN,Bat,2024-07-01T00:00:00Z,3.3849999999999993\n"
        + "PROFILE_D,RES-1,ORIGIN,WaterEntrance10,2024-07-01T00:00:00Z,0.30000000000000004\n"
        + "PROFILE_D,RES-1,ORIGIN,Rssi,2024-07-01T00:00:00Z,-97.25\n");
    fixture.assign("PROFILE_D", "RES-1");
    String query = "interfaces=Bat,WaterEntrance10,Rssi&startDate=2024-07-01&endDate=2024-07-01T01:00:00Z";

    Answer raw = fixture.readings("PROFILE_D", "RES-1", query);
    Answer csv = fixture.readings("PROFILE_D", "RES-1", query, "Accept", "text/csv");
    Answer hour = fixture.readings("PROFILE_D", "RES-1", query + "&aggregation=hour");

    long at = Instant.parse("2024-07-01T00:00:00Z").toEpochMilli();
    assertThat(raw.body()).isEqualTo("[{\"timestamp\":" + at
        + ",\"Bat\":3.3849999999999993,\"WaterEntrance10\":0.30000000000000004,\"Rssi\":-97.25}]");
    assertThat(csv.body()).isEqualTo("timestamp,Bat,WaterEntrance10,Rssi\r\n"
        + "2024-07-01T00:00:00Z,3.3849999999999993,0.30000000000000004,-97.25\r\n");
    assertThat(hour.body()).isEqualTo("[{\"timestamp\":" + at + ",\"Bat\":3.385,\"WaterEntrance10\":0.3,"
        + "\"Rssi\":-97.3}]");
  }
}
