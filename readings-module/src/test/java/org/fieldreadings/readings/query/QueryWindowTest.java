package org.fieldreadings.readings.query;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import org.fieldreadings.core.catalog.Aggregation;
import org.junit.jupiter.api.Test;

class QueryWindowTest {

  private static Instant t(String text) {
    return Instant.parse(text);
  }

  @Test
  void shortRawPeriodIsOneWindow() {
    List<QueryWindow> windows = QueryWindow.plan(t("2024-05-01T00:00:00Z"), t("2024-05-02T00:00:00Z"),
        Aggregation.NONE, 2);
    assertThat(windows).containsExactly(new QueryWindow(t("2024-05-01T00:00:00Z"), t("2024-05-02T00:00:00Z"),
        null, null));
  }

  @Test
  void rawWindowsTileThePeriodWithoutGapsOrOverlaps() {
    Instant start = t("2024-01-01T00:00:00Z");
    Instant end = t("2024-12-31T23:59:59.999Z");
    List<QueryWindow> windows = QueryWindow.plan(start, end, Aggregation.NONE, 10);
    assertThat(windows.get(0).start()).isEqualTo(start);
    assertThat(windows.get(windows.size() - 1).end()).isEqualTo(end);
    for (int i = 1; i < windows.size(); i++) {
      assertThat(windows.get(i).start()).isEqualTo(windows.get(i - 1).end().plusMillis(1));
    }
    assertThat(windows).hasSizeGreaterThan(100);
  }

  @Test
  void alignedDayPeriodIsServedWhollyFromRollups() {
    List<QueryWindow> windows = QueryWindow.plan(t("2024-01-01T00:00:00Z"), t("2024-12-31T23:59:59.999Z"),
        Aggregation.DAY, 1);
    assertThat(windows).containsExactly(new QueryWindow(t("2024-01-01T00:00:00Z"), t("2024-12-31T23:59:59.999Z"),
        t("2024-01-01T00:00:00Z"), t("2025-01-01T00:00:00Z")));
  }

  @Test
  void partialEdgeBucketsAreLeftToRawReads() {
    List<QueryWindow> windows = QueryWindow.plan(t("2024-05-01T10:30:00Z"), t("2024-05-01T13:15:00Z"),
        Aggregation.HOUR, 1);
    assertThat(windows).containsExactly(new QueryWindow(t("2024-05-01T10:30:00Z"), t("2024-05-01T13:15:00Z"),
        t("2024-05-01T11:00:00Z"), t("2024-05-01T13:00:00Z")));
  }

  @Test
  void periodInsideOneBucketIsReadRaw() {
    List<QueryWindow> windows = QueryWindow.plan(t("2024-05-01T10:10:00Z"), t("2024-05-01T10:20:00Z"),
        Aggregation.HOUR, 1);
    QueryWindow only = windows.get(0);
    assertThat(windows).hasSize(1);
    assertThat(only.fullStart()).isEqualTo(only.fullEnd()).isAfter(only.end());
  }

  @Test
  void weekWindowsStartOnMondays() {
    List<QueryWindow> windows = QueryWindow.plan(t("2024-05-01T00:00:00Z"), t("2034-05-01T00:00:00Z"),
        Aggregation.WEEK, 1);
    assertThat(windows).hasSize(1);
    assertThat(windows.get(0).fullStart()).isEqualTo(t("2024-05-06T00:00:00Z"));
    assertThat(windows.get(0).fullEnd()).isEqualTo(t("2034-05-01T00:00:00Z"));
  }

  @Test
  void manyInterfacesMakeSmallerAggregatedWindows() {
    List<QueryWindow> windows = QueryWindow.plan(t("2024-01-01T00:00:00Z"), t("2024-12-31T23:59:59Z"),
        Aggregation.HOUR, 100);
    assertThat(windows).hasSize(44);
    assertThat(windows.get(1).start()).isEqualTo(t("2024-01-01T00:00:00Z").plusSeconds(200L * 3600));
  }
}
