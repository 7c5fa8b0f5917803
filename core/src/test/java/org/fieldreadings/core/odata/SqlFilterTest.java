package org.fieldreadings.core.odata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.fieldreadings.core.odata.SqlFilter.Column;
import org.fieldreadings.core.odata.SqlFilter.Kind;
import org.fieldreadings.core.odata.SqlFilter.Sql;
import org.junit.jupiter.api.Test;

class SqlFilterTest {

  private static final Map<String, Column> COLUMNS = Map.of(
      "name", new Column("d.serial", Kind.TEXT),
      "id", new Column("d.device_id", Kind.NUMBER),
      "time", new Column("d.at", Kind.TIME),
      "location", new Column("point(d.longitude, d.latitude)", Kind.POINT));

  private static Sql sql(String filter) {
    return SqlFilter.where(FilterParser.parse(filter), COLUMNS, 4);
  }

  @Test
  void everyConstantIsABindParameterNumberedFromTheFirstGiven() {
    Sql sql = sql("name eq 'x'' OR ''1''=''1' or id gt 5");
    assertThat(sql.condition()).isEqualTo("((d.serial = $4::text) OR (d.device_id > $5::text::numeric))");
    assertThat(sql.parameters()).containsExactly("x' OR '1'='1", "5");
  }

  @Test
  void nullComparisonsBecomeIsNull() {
    assertThat(sql("name eq null and not (name ne null)").condition())
        .isEqualTo("((d.serial IS NULL) AND (NOT (d.serial IS NOT NULL)))");
  }

  @Test
  void aPolygonHoldsThePointOfALocation() {
    Sql sql = sql("geo.intersects(location, geography'POLYGON((0 0, 1 0, 1 1, 0 0))')");
    assertThat(sql.condition()).isEqualTo("($4::text::polygon @> point(d.longitude, d.latitude))");
    assertThat(sql.parameters()).containsExactly("((0.0,0.0),(1.0,0.0),(1.0,1.0),(0.0,0.0))");
  }

  @Test
  void divisionByZeroMatchesNothingInsteadOfFailing() {
    assertThat(sql("id div 0 eq 1").condition())
        .isEqualTo("((d.device_id / NULLIF($4::text::numeric, 0)) = $5::text::numeric)");
  }

  @Test
  void stringAndDateFunctionsTranslate() {
    assertThat(sql("startswith(tolower(name), 'ws') and year(time) eq 2026").condition()).isEqualTo(
        "((starts_with(lower(d.serial), $4::text)) AND ((extract(year FROM d.at AT TIME ZONE 'UTC')::numeric) = "
            + "$5::text::numeric))");
  }

  @Test
  void comparingKindsThatDifferIsRefused() {
    assertThatThrownBy(() -> sql("name eq 12")).isInstanceOf(FilterException.class)
        .hasMessage("$filter: eq cannot compare a string with a number");
    assertThatThrownBy(() -> sql("time gt 'yesterday'"))
        .hasMessage("$filter: gt cannot compare a date-time with a string");
  }

  @Test
  void aValueIsNotACondition() {
    assertThatThrownBy(() -> sql("id add 1")).hasMessage("$filter must be a condition, not a number");
  }

  @Test
  void anUnmappedPropertyIsRefused() {
    assertThatThrownBy(() -> sql("colour eq 'red'")).hasMessage("$filter: no property colour to filter on here");
  }

  @Test
  void aFunctionWithArgumentsOfTheWrongKindIsRefused() {
    assertThatThrownBy(() -> sql("startswith(id, 'x')")).hasMessage("$filter: startswith takes a string, not a "
        + "number");
  }
}
