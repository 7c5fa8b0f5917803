package org.fieldreadings.sta.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.fieldreadings.core.odata.FilterParser;
import org.junit.jupiter.api.Test;

class NavigationPartTest {

  private static final Set<String> THING_ID = Set.of("Thing/id");

  @Test
  void conditionsOnTheThingAreSplitFromTheDatastreamsOwn() {
    NavigationPart part = NavigationPart.of(FilterParser.parse("Thing/name eq 'WS-07' and ObservedProperty/name eq "
        + "'AirTemp' and startswith(Thing/properties/group, 'S')"), "Thing", THING_ID);
    assertThat(part.on()).isEqualTo(FilterParser.parse("name eq 'WS-07' and startswith(properties/group, 'S')"));
    assertThat(part.rest()).isEqualTo(FilterParser.parse("ObservedProperty/name eq 'AirTemp'"));
  }

  @Test
  void aConditionOnlyOnTheThingsIdStaysWithTheDatastreams() {
    NavigationPart part = NavigationPart.of(FilterParser.parse("Thing/id eq 5 and id gt 1"), "Thing", THING_ID);
    assertThat(part.on()).isNull();
    assertThat(part.rest()).isEqualTo(FilterParser.parse("Thing/id eq 5 and id gt 1"));
  }

  @Test
  void anAlternativeOfThingConditionsIsOneConditionOnTheThing() {
    NavigationPart part = NavigationPart.of(FilterParser.parse("(Thing/name eq 'A' or Thing/name eq 'B') and id gt 2"),
        "Thing", THING_ID);
    assertThat(part.on()).isEqualTo(FilterParser.parse("name eq 'A' or name eq 'B'"));
    assertThat(part.rest()).isEqualTo(FilterParser.parse("id gt 2"));
  }

  @Test
  void aConditionMixingTheThingAndTheDatastreamStaysWhole() {
    NavigationPart part = NavigationPart.of(FilterParser.parse("Thing/name eq 'A' or id eq 3"), "Thing", THING_ID);
    assertThat(part.on()).isNull();
    assertThat(part.rest()).isEqualTo(FilterParser.parse("Thing/name eq 'A' or id eq 3"));
  }

  @Test
  void conditionsOnTheDatastreamOfObservationsAreSplitWithItsThingsInThem() {
    NavigationPart part = NavigationPart.of(FilterParser.parse("Datastream/ObservedProperty/name eq 'AirTemp' and "
        + "result gt 3 and Datastream/Thing/name eq 'WS-07'"), "Datastream", Set.of());
    assertThat(part.on()).isEqualTo(FilterParser.parse("ObservedProperty/name eq 'AirTemp' and Thing/name eq 'WS-07'"));
    assertThat(part.rest()).isEqualTo(FilterParser.parse("result gt 3"));
  }
}
