package org.fieldreadings.core.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PartitionBoundTest {

  @Test
  void aMonthAsPostgresqlPrintsItBecomesTheSameRangeInUtc() {
    assertThat(PartitionBound.parse("FOR VALUES FROM ('2024-01-01 00:00:00+00') TO ('2024-02-01 01:00:00+01')")
        .toSql()).isEqualTo("FOR VALUES FROM ('2024-01-01T00:00:00Z') TO ('2024-02-01T00:00:00Z')");
  }

  @Test
  void offsetsWithMinutesAndFractionsAreRead() {
    assertThat(PartitionBound.parse("FOR VALUES FROM ('2024-01-01 05:30:00.5+05:30') TO ('2024-02-01 00:00:00-03')")
        .toSql()).isEqualTo("FOR VALUES FROM ('2024-01-01T00:00:00.500Z') TO ('2024-02-01T03:00:00Z')");
  }

  @Test
  void sqlAfterTheRangeIsRefused() {
    assertThatThrownBy(() -> PartitionBound.parse("FOR VALUES FROM ('2024-01-01 00:00:00+00') TO ('2024-02-01 "
        + "00:00:00+00'); COPY (SELECT 1) TO PROGRAM 'touch /tmp/pwned'"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the backup has a partition bound that is not a range of two timestamps");
  }

  @Test
  void sqlInsideAQuotedBoundIsRefused() {
    assertThatThrownBy(() -> PartitionBound.parse("FOR VALUES FROM ('2024-01-01 00:00:00+00') TO ('x'); "
        + "COPY (SELECT 1) TO PROGRAM 'touch /tmp/pwned'; --')"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the backup has a partition bound that is not a range of two timestamps");
  }

  @Test
  void aDateThatDoesNotExistIsRefused() {
    assertThatThrownBy(() -> PartitionBound.parse("FOR VALUES FROM ('2024-13-01 00:00:00+00') TO ('2024-14-01 "
        + "00:00:00+00')"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the backup has a partition bound that is not a valid timestamp");
  }

  @Test
  void anEmptyRangeIsRefused() {
    assertThatThrownBy(() -> PartitionBound.parse("FOR VALUES FROM ('2024-02-01 00:00:00+00') TO ('2024-01-01 "
        + "00:00:00+00')"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the backup has an empty partition range");
  }
}
