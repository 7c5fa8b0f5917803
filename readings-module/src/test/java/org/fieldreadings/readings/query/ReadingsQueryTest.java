package org.fieldreadings.readings.query;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Counter;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.fieldreadings.core.bus.DeviceRef;
import org.fieldreadings.core.bus.DevicesContract;
import org.fieldreadings.core.bus.DevicesContract.LearnReply;
import org.fieldreadings.core.bus.DevicesContract.ReportedDevice;
import org.fieldreadings.core.catalog.Aggregation;
import org.fieldreadings.core.db.Pools;
import org.fieldreadings.core.telemetry.Telemetry;
import org.fieldreadings.core.testing.ModuleHarness;
import org.fieldreadings.plugin.api.InterfaceCatalog;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.SensorInterface;
import org.fieldreadings.readings.ReadingsAddresses;
import org.fieldreadings.readings.ReadingsModule;
import org.fieldreadings.readings.cache.BlockCache;
import org.fieldreadings.readings.source.ReadSource;
import org.fieldreadings.readings.write.Reading;
import org.fieldreadings.readings.write.ReadingsBatch;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ReadingsQuery} on its own, without HTTP: the readings module stores readings (the devices module stood in
 * for: device {@code Q-n} has id n), and the tests read them back slice by slice as any reader but the API would.
 */
class ReadingsQueryTest {

  private static final SensorInterface AIR_TEMP = InterfaceCatalog.byName("AirTemp").orElseThrow();
  private static final SensorInterface AIR_HUM = InterfaceCatalog.byName("AirHum").orElseThrow();
  private static final SensorInterface PRECIPITATION = InterfaceCatalog.byName("Precipitation").orElseThrow();
  private static final long QUARTER = 15 * 60_000L;
  private static final long HOUR = 60 * 60_000L;

  @TempDir
  static Path pluginsDir;

  private static ModuleHarness harness;
  private static BlockReader blocks;

  @BeforeAll
  static void start() {
    harness = ModuleHarness.start(Map.of("FR_PLUGINS_DIR", pluginsDir.toString()), new ReadingsModule());
    // The devices module's part: device Q-n has id n.
    DevicesContract.LEARN.serve(harness.vertx(), request -> Future.succeededFuture(new LearnReply(
        request.devices().stream().map(ReportedDevice::device).distinct()
            .collect(Collectors.toMap(ref -> ref, ref -> Long.parseLong(ref.serial().substring(2)))), Map.of())))
        .await();
    Pool pool = Pools.shared(harness.vertx(), harness.database(), 2);
    blocks = new BlockReader(harness.vertx(),
        ReadSource.primary(harness.vertx(), pool, BlockCache.of(harness.vertx(), new JsonObject())));
  }

  @AfterAll
  static void stop() {
    harness.close();
  }

  @Test
  void rawRowsOfAPeriodHoldEveryInterfaceAtEachMomentExactlyAsStored() {
    List<Reading> readings = new ArrayList<>();
    long first = Instant.parse("2024-05-01T00:00:00Z").toEpochMilli();
    for (int k = 0; k < 3 * 96; k++) {
      long time = first + k * QUARTER;
      readings.add(reading(1, AIR_TEMP, time, temperature(k)));
      if (k % 2 == 0) {
        readings.add(reading(1, AIR_HUM, time, humidity(k)));
      }
    }
    write(readings);
    Instant start = Instant.parse("2024-05-01T22:50:00Z");
    Instant end = Instant.parse("2024-05-02T01:30:00Z");

    List<String> rows = rows(new ReadingsQuery(blocks,
        ReadingsSelection.raw(1, "ORIGIN", List.of(AIR_TEMP, AIR_HUM), start, end)));

    List<String> expected = new ArrayList<>();
    for (int k = 92; k <= 102; k++) {
      expected.add(Instant.ofEpochMilli(first + k * QUARTER) + " " + temperature(k) + " "
          + (k % 2 == 0 ? humidity(k) : Double.NaN));
    }
    assertThat(rows).containsExactlyElementsOf(expected);
  }

  @Test
  void dailyAggregatesFollowTheLocalDaysOfATimeZoneAcrossItsDaylightSavingChange() {
    List<Reading> readings = new ArrayList<>();
    long first = Instant.parse("2024-03-28T00:00:00Z").toEpochMilli();
    for (int k = 0; k < 7 * 24; k++) {
      readings.add(reading(3, AIR_TEMP, first + k * HOUR, k % 17 - 3));
      readings.add(reading(3, PRECIPITATION, first + k * HOUR, k % 5));
    }
    write(readings);
    ZoneId lisbon = ZoneId.of("Europe/Lisbon");
    Instant start = Instant.parse("2024-03-29T12:00:00Z");
    Instant end = Instant.parse("2024-04-02T11:59:59.999Z");
    Buckets days = new Buckets(Aggregation.DAY, lisbon, LocalTime.MIDNIGHT);

    List<String> rows = rows(new ReadingsQuery(blocks, ReadingsSelection.aggregated(3, "ORIGIN",
        List.of(AIR_TEMP, PRECIPITATION), start, end, days, Fill.NONE)));

    // Each local day's mean temperature and total precipitation, from the readings of the period only.
    Map<LocalDate, double[]> byDay = new TreeMap<>();
    for (long time = start.toEpochMilli(); time <= end.toEpochMilli(); time += HOUR) {
      int k = (int) ((time - first) / HOUR);
      double[] day = byDay.computeIfAbsent(Instant.ofEpochMilli(time).atZone(lisbon).toLocalDate(),
          d -> new double[3]);
      day[0]++;
      day[1] += k % 17 - 3;
      day[2] += k % 5;
    }
    List<String> expected = new ArrayList<>();
    byDay.forEach((date, day) -> expected.add(date.atStartOfDay(lisbon).toInstant() + " " + day[1] / day[0] + " "
        + day[2]));
    assertThat(rows).containsExactlyElementsOf(expected);
    // 31 March has 23 hours: 1 April begins at 23:00 UTC.
    assertThat(rows).extracting(row -> row.substring(0, row.indexOf(' '))).containsExactly(
        "2024-03-29T00:00:00Z", "2024-03-30T00:00:00Z", "2024-03-31T00:00:00Z", "2024-03-31T23:00:00Z",
        "2024-04-01T23:00:00Z");
  }

  @Test
  void nothingIsReadAheadOfTheConsumerAndAConsumerThatStopsStopsTheReading() throws Exception {
    List<Reading> readings = new ArrayList<>();
    long first = Instant.parse("2024-01-01T00:00:00Z").toEpochMilli();
    for (int k = 0; k < 70 * 24; k++) {
      readings.add(reading(2, AIR_TEMP, first + k * HOUR, k));
    }
    write(readings);
    // One interface: raw slices of 14 days, so the 70 days are 5 slices.
    ReadingsQuery query = new ReadingsQuery(blocks, ReadingsSelection.raw(2, "ORIGIN", List.of(AIR_TEMP),
        Instant.ofEpochMilli(first), Instant.ofEpochMilli(first + 70 * 24 * HOUR - 1)));
    double before = windowsRead();

    ReadingRows slice = await(query.next());
    // Time for a read ahead, if there were one, to show in the counts.
    Thread.sleep(300);
    assertThat(windowsRead() - before).isEqualTo(1);
    assertThat(slice.size()).isEqualTo(14 * 24);
    assertThat(slice.timestamp(slice.size() - 1)).isEqualTo(first + (14 * 24 - 1) * HOUR);

    await(query.next());
    Thread.sleep(300);
    assertThat(query.hasNext()).isTrue();
    assertThat(windowsRead() - before).isEqualTo(2);
  }

  /** Query windows read so far, from the cache or the database. */
  private static double windowsRead() {
    return Telemetry.registry(harness.vertx()).find("fieldreadings.readings.cache").counters().stream()
        .mapToDouble(Counter::count).sum();
  }

  /** Every row of the query, slice after slice: its time and each column's value (NaN where absent). */
  private static List<String> rows(ReadingsQuery query) {
    List<String> rows = new ArrayList<>();
    while (query.hasNext()) {
      ReadingRows slice = await(query.next());
      for (int row = 0; row < slice.size(); row++) {
        StringBuilder text = new StringBuilder(Instant.ofEpochMilli(slice.timestamp(row)).toString());
        for (int column = 0; column < 2; column++) {
          text.append(' ').append(slice.value(row, column));
        }
        rows.add(text.toString());
      }
    }
    return rows;
  }

  private static double temperature(int k) {
    return 10 + k * 0.07;
  }

  private static double humidity(int k) {
    return 40.3 + k / 10.0;
  }

  private static Reading reading(int device, SensorInterface iface, long time, double value) {
    return new Reading(new DeviceRef(Profile.REAL_WEATHER_STATION, "Q-" + device), "ORIGIN", iface, time, value);
  }

  private static void write(List<Reading> readings) {
    harness.request(ReadingsAddresses.WRITE, new ReadingsBatch(readings));
  }

  private static <T> T await(Future<T> future) {
    try {
      return future.await(30, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
