package org.fieldreadings.readings.block;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.fieldreadings.readings.block.PointBlock.HOUR;

import java.util.EnumSet;
import org.junit.jupiter.api.Test;

class RollupBlockTest {

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
  void aReaderOfSomeColumnsGetsThemWholeAndPassesOverTheOthers() {
    Aggregates hours = aDayOfHours(true);
    byte[] block = RollupBlock.encode(hours, 0, HOUR);
    Aggregates maxima = RollupBlock.decode(block, 0, HOUR, EnumSet.of(RollupBlock.Part.MAX, RollupBlock.Part.COS));
    for (int i = 0; i < hours.size(); i++) {
      assertThat(new Object[] {maxima.bucket(i), maxima.n(i), maxima.max(i), maxima.cosSum(i)})
          .containsExactly(hours.bucket(i), hours.n(i), hours.max(i), hours.cosSum(i));
      assertThat(new Object[] {maxima.sum(i), maxima.min(i), maxima.lastTime(i), maxima.lastValue(i),
          maxima.sinSum(i)}).containsExactly(0.0, 0.0, 0L, 0.0, 0.0);
    }
  }

  @Test
  void aBlockWrittenBeforeColumnsHadLengthsStillDecodesWhole() {
    Aggregates hours = aDayOfHours(false);
    int size = hours.size();
    long[] offsets = new long[size];
    long[] lastOffsets = new long[size];
    for (int i = 0; i < size; i++) {
      offsets[i] = hours.bucket(i) / HOUR;
      lastOffsets[i] = hours.lastTime(i) - hours.bucket(i);
    }
    BlockOutput out = new BlockOutput();
    out.write(1);
    out.write(0);
    out.varint(size);
    LongColumn.encode(out, offsets, 0, size, true);
    LongColumn.encode(out, hours.counts(), 0, size, false);
    DoubleColumn.encode(out, hours.sums(), 0, size);
    DoubleColumn.encode(out, hours.mins(), 0, size);
    DoubleColumn.encode(out, hours.maxes(), 0, size);
    LongColumn.encode(out, lastOffsets, 0, size, false);
    DoubleColumn.encode(out, hours.lastValues(), 0, size);

    Aggregates decoded = RollupBlock.decode(out.toArray(), 0, HOUR, EnumSet.of(RollupBlock.Part.SUM));

    for (int i = 0; i < size; i++) {
      assertThat(new Object[] {decoded.bucket(i), decoded.n(i), decoded.sum(i), decoded.min(i), decoded.max(i),
          decoded.lastTime(i), decoded.lastValue(i)}).containsExactly(hours.bucket(i), hours.n(i), hours.sum(i),
          hours.min(i), hours.max(i), hours.lastTime(i), hours.lastValue(i));
    }
  }

  @Test
  void aColumnWhoseLengthDisagreesIsCorrupt() {
    byte[] block = RollupBlock.encode(aDayOfHours(false), 0, HOUR);
    byte[] shorter = java.util.Arrays.copyOf(block, block.length - 1);
    assertThatThrownBy(() -> RollupBlock.decode(shorter, 0, HOUR)).isInstanceOf(CorruptBlockException.class);
  }

  private static Aggregates aDayOfHours(boolean circular) {
    Points points = new Points();
    for (int i = 0; i < 96; i++) {
      points.add(i * 900_000L, circular ? (i * 37) % 360 : Math.round(Math.sin(i / 10.0) * 1000) / 100.0);
    }
    Aggregates hours = new Aggregates(circular);
    hours.summarize(points, 0, points.size(), HOUR);
    return hours;
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
