package org.fieldreadings.readings.block;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RollupBlockTest {

  private static final long HOUR = RollupSpan.HOURS.width();

  @Test
  void hoursSumUpTheirReadingsWithExactDecimalSums() {
    Points points = new Points();
    points.add(0, 12.1);
    points.add(HOUR / 2, 12.2);
    points.add(HOUR, 4);
    Aggregates hours = new Aggregates(false);
    hours.summarize(points, 0, points.size(), HOUR);
    assertThat(hours.size()).isEqualTo(2);
    assertThat(new Object[] {hours.bucket(0), hours.n(0), hours.sum(0), hours.min(0), hours.max(0),
        hours.lastTime(0), hours.lastValue(0)}).containsExactly(0L, 2L, 24.3, 12.1, 12.2, HOUR / 2, 12.2);
    assertThat(new Object[] {hours.bucket(1), hours.n(1), hours.sum(1), hours.lastTime(1)})
        .containsExactly(HOUR, 1L, 4.0, HOUR);
  }

  @Test
  void circularSeriesKeepTheirSinesAndCosinesThroughABlock() {
    Points points = new Points();
    points.add(0, 350);
    points.add(60_000, 10);
    Aggregates hours = new Aggregates(true);
    hours.summarize(points, 0, points.size(), HOUR);
    Aggregates decoded = RollupBlock.decode(RollupBlock.encode(hours, 0, HOUR), 0, HOUR);
    assertThat(decoded.circular()).isTrue();
    assertThat(decoded.sinSum(0)).isEqualTo(Math.sin(Math.toRadians(350)) + Math.sin(Math.toRadians(10)));
    assertThat(decoded.cosSum(0)).isEqualTo(Math.cos(Math.toRadians(350)) + Math.cos(Math.toRadians(10)));
  }

  @Test
  void aMonthOfHoursDecodesToTheSameAggregates() {
    Points points = new Points();
    for (int i = 0; i < 31 * 96; i++) {
      points.add(i * 900_000L, Math.round(Math.sin(i / 10.0) * 1000) / 100.0);
    }
    Aggregates hours = new Aggregates(false);
    hours.summarize(points, 0, points.size(), HOUR);
    byte[] block = RollupBlock.encode(hours, 0, HOUR);
    Aggregates decoded = RollupBlock.decode(block, 0, HOUR);
    assertThat(decoded.size()).isEqualTo(31 * 24);
    for (int i = 0; i < hours.size(); i++) {
      assertThat(new Object[] {decoded.bucket(i), decoded.n(i), decoded.sum(i), decoded.min(i), decoded.max(i),
          decoded.lastTime(i), decoded.lastValue(i)}).containsExactly(hours.bucket(i), hours.n(i), hours.sum(i),
          hours.min(i), hours.max(i), hours.lastTime(i), hours.lastValue(i));
    }
  }

  @Test
  void aRewrittenDayReplacesItsHoursAndKeepsTheOthers() {
    Aggregates stored = new Aggregates(false);
    stored.add(0, 1, 1, 1, 1, 0, 1, 0, 0);
    stored.add(25 * HOUR, 1, 2, 2, 2, 25 * HOUR, 2, 0, 0);
    stored.add(49 * HOUR, 1, 3, 3, 3, 49 * HOUR, 3, 0, 0);
    Aggregates fresh = new Aggregates(false);
    fresh.add(24 * HOUR, 1, 9, 9, 9, 24 * HOUR, 9, 0, 0);
    Aggregates spliced = Aggregates.spliced(stored, fresh, bucket -> bucket >= 24 * HOUR && bucket < 48 * HOUR);
    assertThat(spliced.size()).isEqualTo(3);
    assertThat(new long[] {spliced.bucket(0), spliced.bucket(1), spliced.bucket(2)})
        .containsExactly(0, 24 * HOUR, 49 * HOUR);
    assertThat(spliced.sum(1)).isEqualTo(9);
  }
}
