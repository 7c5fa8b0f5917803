package org.fieldreadings.sta.store;

import static org.assertj.core.api.Assertions.assertThat;

import org.fieldreadings.core.odata.FilterParser;
import org.junit.jupiter.api.Test;

class ThingPartTest {

  @Test
  void conditionsOnTheThingAreSplitFromTheDatastreamsOwn() {
    ThingPart part = ThingPart.of(FilterParser.parse(
        "Thing/name eq 'WS-07' and ObservedProperty/name eq 'AirTemp' and startswith(Thing/properties/group, 'S')"));
    assertThat(part.thing()).isEqualTo(FilterParser.parse("name eq 'WS-07' and startswith(properties/group, 'S')"));
    assertThat(part.rest()).isEqualTo(FilterParser.parse("ObservedProperty/name eq 'AirTemp'"));
  }

  @Test
  void aConditionOnlyOnTheThingsIdStaysWithTheDatastreams() {
    ThingPart part = ThingPart.of(FilterParser.parse("Thing/id eq 5 and id gt 1"));
    assertThat(part.thing()).isNull();
    assertThat(part.rest()).isEqualTo(FilterParser.parse("Thing/id eq 5 and id gt 1"));
  }

  @Test
  void anAlternativeOfThingConditionsIsOneConditionOnTheThing() {
    ThingPart part = ThingPart.of(FilterParser.parse("(Thing/name eq 'A' or Thing/name eq 'B') and id gt 2"));
    assertThat(part.thing()).isEqualTo(FilterParser.parse("name eq 'A' or name eq 'B'"));
    assertThat(part.rest()).isEqualTo(FilterParser.parse("id gt 2"));
  }

  @Test
  void aConditionMixingTheThingAndTheDatastreamStaysWhole() {
    ThingPart part = ThingPart.of(FilterParser.parse("Thing/name eq 'A' or id eq 3"));
    assertThat(part.thing()).isNull();
    assertThat(part.rest()).isEqualTo(FilterParser.parse("Thing/name eq 'A' or id eq 3"));
  }
}
