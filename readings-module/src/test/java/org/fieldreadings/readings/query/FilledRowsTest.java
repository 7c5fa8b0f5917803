package org.fieldreadings.readings.query;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Gap filling as rows arrive bucket by bucket, across the slices of a period (the aggregator's every bucket). */
class FilledRowsTest {

  private static final double X = Double.NaN;

  private final List<String> written = new ArrayList<>();

  private FilledRows filled(Fill fill) {
    return new FilledRows(fill, 2, (timestamp, values) -> written.add(timestamp + " " + Arrays.toString(values)));
  }

  @Test
  void linearGapsCloseWhenTheNextValueArrivesEvenSlicesLater() {
    FilledRows rows = filled(Fill.LINEAR);
    rows.row(0, new double[] {X, X});
    rows.row(10, new double[] {1, 5});
    rows.row(20, new double[] {X, X});
    assertThat(written).containsExactly("10 [1.0, 5.0]");
    rows.row(30, new double[] {X, 6});
    rows.row(40, new double[] {4, X});
    rows.row(50, new double[] {X, X});
    rows.finish();
    assertThat(written).containsExactly("10 [1.0, 5.0]", "20 [2.0, 5.5]", "30 [3.0, 6.0]", "40 [4.0, NaN]");
  }

  @Test
  void previousRepeatsTheLastValueOnlyUpToTheNextOne() {
    FilledRows rows = filled(Fill.PREVIOUS);
    rows.row(10, new double[] {1, X});
    rows.row(20, new double[] {X, 7});
    rows.row(30, new double[] {X, X});
    rows.row(40, new double[] {3, X});
    rows.finish();
    assertThat(written).containsExactly("10 [1.0, NaN]", "20 [1.0, 7.0]", "30 [1.0, NaN]", "40 [3.0, NaN]");
  }
}
