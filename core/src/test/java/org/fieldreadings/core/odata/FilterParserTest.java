package org.fieldreadings.core.odata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.fieldreadings.core.odata.Expr.Binary;
import org.fieldreadings.core.odata.Expr.Call;
import org.fieldreadings.core.odata.Expr.Geometry;
import org.fieldreadings.core.odata.Expr.Literal;
import org.fieldreadings.core.odata.Expr.Point;
import org.fieldreadings.core.odata.Expr.Property;
import org.fieldreadings.core.odata.Expr.Unary;
import org.junit.jupiter.api.Test;

class FilterParserTest {

  private static Property p(String path) {
    return new Property(List.of(path.split("/")));
  }

  private static Literal n(String number) {
    return new Literal(new BigDecimal(number));
  }

  @Test
  void andBindsTighterThanOr() {
    assertThat(FilterParser.parse("a eq 1 or b eq 2 and c eq 3")).isEqualTo(new Binary("or",
        new Binary("eq", p("a"), n("1")),
        new Binary("and", new Binary("eq", p("b"), n("2")), new Binary("eq", p("c"), n("3")))));
  }

  @Test
  void mulBindsTighterThanAddAndBothTighterThanComparison() {
    assertThat(FilterParser.parse("result add 2 mul 3 gt 10")).isEqualTo(new Binary("gt",
        new Binary("add", p("result"), new Binary("mul", n("2"), n("3"))), n("10")));
  }

  @Test
  void operatorsOfOneLevelGroupFromTheLeft() {
    assertThat(FilterParser.parse("a sub 1 sub 2 eq 0")).isEqualTo(new Binary("eq",
        new Binary("sub", new Binary("sub", p("a"), n("1")), n("2")), n("0")));
  }

  @Test
  void notAppliesToTheComparisonThatFollows() {
    assertThat(FilterParser.parse("not a eq 1 and b eq 2")).isEqualTo(new Binary("and",
        new Unary("not", new Binary("eq", p("a"), n("1"))), new Binary("eq", p("b"), n("2"))));
  }

  @Test
  void parenthesesOverridePrecedence() {
    assertThat(FilterParser.parse("(a eq 1 or b eq 2) and c eq 3")).isEqualTo(new Binary("and",
        new Binary("or", new Binary("eq", p("a"), n("1")), new Binary("eq", p("b"), n("2"))),
        new Binary("eq", p("c"), n("3"))));
  }

  @Test
  void aMinusBeforeANumberIsANegativeNumberAndBeforeAPropertyANegation() {
    assertThat(FilterParser.parse("result gt -1.5")).isEqualTo(new Binary("gt", p("result"), n("-1.5")));
    assertThat(FilterParser.parse("-result gt 1")).isEqualTo(new Binary("gt", new Unary("-", p("result")), n("1")));
  }

  @Test
  void aQuotedStringMayContainADoubledQuote() {
    assertThat(FilterParser.parse("name eq 'O''Neil'")).isEqualTo(new Binary("eq", p("name"),
        new Literal("O'Neil")));
  }

  @Test
  void dateTimesDurationsAndKeywordsAreLiterals() {
    assertThat(FilterParser.parse("phenomenonTime ge 2024-01-01T00:00:00.000Z")).isEqualTo(new Binary("ge",
        p("phenomenonTime"), new Literal(Instant.parse("2024-01-01T00:00:00Z"))));
    assertThat(FilterParser.parse("time lt 2024-01-01T02:00:00+02:00")).isEqualTo(new Binary("lt", p("time"),
        new Literal(Instant.parse("2024-01-01T00:00:00Z"))));
    assertThat(FilterParser.parse("x eq duration'P1D'")).isEqualTo(new Binary("eq", p("x"),
        new Literal(Duration.ofDays(1))));
    assertThat(FilterParser.parse("x eq null or y eq true")).isEqualTo(new Binary("or",
        new Binary("eq", p("x"), new Literal(null)), new Binary("eq", p("y"), new Literal(true))));
  }

  @Test
  void pathsNameNavigationsAndMembers() {
    assertThat(FilterParser.parse("Datastreams/ObservedProperty/name eq 'AirTemp'")).isEqualTo(new Binary("eq",
        p("Datastreams/ObservedProperty/name"), new Literal("AirTemp")));
    assertThat(FilterParser.parse("@iot.id eq 3")).isEqualTo(new Binary("eq", p("id"), n("3")));
  }

  @Test
  void theMapExtentQgisSendsIsAPolygon() {
    Geometry extent = new Geometry("POLYGON", List.of(new Point(-10, 40), new Point(10, 40), new Point(10, 60),
        new Point(-10, 60), new Point(-10, 40)));
    assertThat(FilterParser.parse("geo.intersects(location, geography'POLYGON((-10 40, 10 40, 10 60, -10 60, "
        + "-10 40))')")).isEqualTo(new Call("geo.intersects", List.of(p("location"), new Literal(extent))));
  }

  @Test
  void functionsTakeTheirArguments() {
    assertThat(FilterParser.parse("substring(name, 1, 2) eq 'S-'")).isEqualTo(new Binary("eq",
        new Call("substring", List.of(p("name"), n("1"), n("2"))), new Literal("S-")));
    assertThat(FilterParser.parse("now() gt time")).isEqualTo(new Binary("gt", new Call("now", List.of()),
        p("time")));
  }

  @Test
  void anUnknownFunctionIsRefusedNamingIt() {
    assertThatThrownBy(() -> FilterParser.parse("frobnicate(name)")).isInstanceOf(FilterException.class)
        .hasMessage("$filter: unknown function frobnicate at position 1");
  }

  @Test
  void aWrongNumberOfArgumentsIsRefused() {
    assertThatThrownBy(() -> FilterParser.parse("startswith(name)"))
        .hasMessage("$filter: startswith takes 2 arguments, not 1 at position 1");
  }

  @Test
  void trailingTextUnbalancedParenthesesAndStrayCharactersAreRefused() {
    assertThatThrownBy(() -> FilterParser.parse("a eq 1 b")).hasMessage("$filter: unexpected 'b' at position 8");
    assertThatThrownBy(() -> FilterParser.parse("(a eq 1")).hasMessage("$filter: expected ')' at position 8");
    assertThatThrownBy(() -> FilterParser.parse("a eq 1; DROP")).hasMessage(
        "$filter: unexpected character ';' at position 7");
    assertThatThrownBy(() -> FilterParser.parse("name eq 'open")).hasMessage(
        "$filter: unexpected character ''' at position 9");
  }

  @Test
  void deepNestingIsRefusedNotAStackOverflow() {
    String deep = "(".repeat(5_000) + "a eq 1" + ")".repeat(5_000);
    assertThatThrownBy(() -> FilterParser.parse(deep)).isInstanceOf(FilterException.class)
        .hasMessageContaining("nests deeper than 64 levels");
  }

  @Test
  void aMalformedGeometryIsRefused() {
    assertThatThrownBy(() -> FilterParser.parse("geo.intersects(location, geography'POLYGON((1 2, 3))')"))
        .hasMessage("$filter: '3' is not a point 'x y' of the WKT at position 35");
  }
}
