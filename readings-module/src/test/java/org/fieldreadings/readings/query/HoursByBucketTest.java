package org.fieldreadings.readings.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fieldreadings.readings.block.PointBlock.HOUR;

import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.fieldreadings.core.catalog.Aggregation;
import org.fieldreadings.plugin.api.InterfaceCatalog;
import org.fieldreadings.plugin.api.SensorInterface;
import org.fieldreadings.readings.block.Aggregates;
import org.fieldreadings.readings.block.Points;
import org.junit.jupiter.api.Test;

class HoursByBucketTest {

  private static final List<SensorInterface> INTERFACES = List.of(InterfaceCatalog.of("AirTemp"),
      InterfaceCatalog.of("GustSpeed"), InterfaceCatalog.of("WindDir"), InterfaceCatalog.of("FlowmeterTotal"));
  /** The hour blocks of March and April 2024 (a DST change in most zones), per interface. */
  private static final List<List<Aggregates>> MONTHS = months();

  @Test
  void localDaysOfGatheredHoursAreTheVeryDaysOfTheHoursOneByOne() {
    assertSameAnswers(new Buckets(Aggregation.DAY, ZoneId.of("Europe/Lisbon"), LocalTime.MIDNIGHT));
  }

  @Test
  void localWeeksOfGatheredHoursAreTheVeryWeeksOfTheHoursOneByOne() {
    assertSameAnswers(new Buckets(Aggregation.WEEK, ZoneId.of("America/Sao_Paulo"), LocalTime.of(6, 0)));
  }

  @Test
  void localMonthsOfGatheredHoursAreTheVeryMonthsOfTheHoursOneByOne() {
    assertSameAnswers(new Buckets(Aggregation.MONTH, ZoneId.of("Australia/Sydney"), LocalTime.of(9, 0)));
  }

  @Test
  void aBucketBegunBeforeTheBlockKeepsItsHoursSingle() {
    Buckets lisbonDays = new Buckets(Aggregation.DAY, ZoneId.of("Europe/Lisbon"), LocalTime.MIDNIGHT);
    Aggregates april = MONTHS.get(0).get(1);
    Aggregates gathered = HoursByBucket.of(april, lisbonDays);
    // 1 April (local) began at 23:00 UTC on 31 March, before April's block: its 23 hours stay single.
    for (int i = 0; i < 23; i++) {
      assertThat(gathered.bucket(i)).isEqualTo(april.bucket(i));
    }
    assertThat(gathered.bucket(23)).isEqualTo(Instant.parse("2024-04-01T23:00:00Z").toEpochMilli());
    assertThat(gathered.n(23)).isEqualTo(24 * 4);
  }

  private static void assertSameAnswers(Buckets buckets) {
    Instant fullStart = buckets.ceil(Instant.parse("2024-03-01T00:00:00Z"));
    Instant fullEnd = buckets.floor(Instant.parse("2024-05-01T00:00:00Z"));
    assertThat(answer(buckets, fullStart, fullEnd, true)).isEqualTo(answer(buckets, fullStart, fullEnd, false));
  }

  /** The rows (bucket start and each interface's value bits) of the aggregated months, gathered or hour by hour. */
  private static List<String> answer(Buckets buckets, Instant fullStart, Instant fullEnd, boolean gathered) {
    BucketAggregator aggregator = new BucketAggregator(buckets, INTERFACES, fullStart, fullEnd.minusMillis(1), false);
    for (int month = 0; month < 2; month++) {
      for (int column = 0; column < INTERFACES.size(); column++) {
        Aggregates hours = MONTHS.get(column).get(month);
        aggregator.addRollups(column, gathered ? HoursByBucket.of(hours, buckets) : hours,
            BucketAggregator.partsOf(INTERFACES.get(column).aggregation()), fullStart.toEpochMilli(),
            fullEnd.toEpochMilli(), HOUR);
      }
    }
    List<String> rows = new ArrayList<>();
    aggregator.writeTo((timestamp, values) -> rows.add(timestamp + " " + Arrays.toString(
        Arrays.stream(values).mapToLong(Double::doubleToRawLongBits).toArray())));
    assertThat(rows).isNotEmpty();
    return rows;
  }

  private static List<List<Aggregates>> months() {
    Random random = new Random(42);
    List<List<Aggregates>> all = new ArrayList<>();
    for (SensorInterface iface : INTERFACES) {
      List<Aggregates> months = new ArrayList<>();
      for (String from : List.of("2024-03-01T00:00:00Z", "2024-04-01T00:00:00Z")) {
        Points points = new Points();
        long start = Instant.parse(from).toEpochMilli();
        for (int q = 0; q < 30 * 24 * 4 + 4 * 24; q++) {
          if (start + q * 900_000L < Instant.parse(from).plusSeconds(31L * 86_400).toEpochMilli()) {
            points.add(start + q * 900_000L, random.nextInt(360_000) / 1000.0 + random.nextDouble() / 7);
          }
        }
        Aggregates hours = new Aggregates(iface.aggregation().name().equals("CIRCULAR_MEAN"));
        hours.summarize(points, 0, points.size(), HOUR);
        months.add(hours);
      }
      all.add(months);
    }
    return all;
  }
}
