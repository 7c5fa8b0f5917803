package org.fieldreadings.sta.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Map;
import org.fieldreadings.core.odata.FilterParser;
import org.fieldreadings.sta.model.DecimalText;
import org.fieldreadings.sta.model.EntitySet;
import org.fieldreadings.sta.model.StaEntity;
import org.junit.jupiter.api.Test;

class MemoryFilterTest {

  private static final Instant TIME = Instant.parse("2026-11-01T06:00:00.250Z");
  /** An Observation: phenomenonTime, result, resultTime. */
  private static final StaEntity OBSERVATION = new StaEntity(EntitySet.OBSERVATIONS, 7,
      new Object[] {TIME, new DecimalText("12.5"), TIME}, Map.of());
  /** An ObservedProperty: name, definition, description. */
  private static final StaEntity PROPERTY = new StaEntity(EntitySet.OBSERVED_PROPERTIES, 3,
      new Object[] {"AirTemp", "https://example.org/docs#interface-AirTemp", "AirTemp in °C"}, Map.of());

  private static boolean meets(String filter, StaEntity entity) {
    return MemoryFilter.test(FilterParser.parse(filter), entity);
  }

  @Test
  void substringTakesItsStartAndLengthAsTheSqlTranslationDoes() {
    assertThat(meets("substring(name, 3) eq 'Temp'", PROPERTY)).isTrue();
    assertThat(meets("substring(name, 0, 3) eq 'Air'", PROPERTY)).isTrue();
    assertThat(meets("substring(name, 5, 100) eq 'mp'", PROPERTY)).isTrue();
    assertThat(meets("substring(name, 100) eq ''", PROPERTY)).isTrue();
    assertThat(meets("substring(name, -2, 3) eq 'Air'", PROPERTY)).isTrue();
    assertThat(meets("substring(name, 1, -1) eq ''", PROPERTY)).isTrue();
  }

  @Test
  void fractionalSecondsAndTheEndsOfTimeCompareWithTimes() {
    assertThat(meets("fractionalseconds(phenomenonTime) eq 0.25", OBSERVATION)).isTrue();
    assertThat(meets("phenomenonTime gt mindatetime() and phenomenonTime lt maxdatetime()", OBSERVATION)).isTrue();
    assertThat(meets("result mod 5 eq 2.5", OBSERVATION)).isTrue();
  }
}
