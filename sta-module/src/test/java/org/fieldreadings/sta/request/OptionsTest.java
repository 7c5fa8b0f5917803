package org.fieldreadings.sta.request;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.fieldreadings.sta.request.Options.Expand;
import org.fieldreadings.sta.request.Options.Order;
import org.junit.jupiter.api.Test;

class OptionsTest {

  @Test
  void withoutOptionsAPageIsTheFirstHundred() {
    assertThat(Options.parse(Map.of())).isEqualTo(Options.DEFAULT);
    assertThat(Options.DEFAULT.top()).isEqualTo(100);
  }

  @Test
  void nestedExpandCarriesItsOwnOptions() {
    Options options = Options.parse(Map.of("$select", "name", "$expand",
        "Datastreams($select=name;$expand=Observations($top=1;$select=result)),Locations"));
    Options observations = new Options(1, 0, false, List.of("result"), List.of(), List.of(), null);
    Options datastreams = new Options(100, 0, false, List.of("name"),
        List.of(new Expand(List.of("Observations"), observations)), List.of(), null);
    assertThat(options.expand()).containsExactly(new Expand(List.of("Datastreams"), datastreams),
        new Expand(List.of("Locations"), Options.DEFAULT));
  }

  @Test
  void aSlashExpandsAPathOfNavigations() {
    assertThat(Options.parse(Map.of("$expand", "Datastreams/Observations")).expand())
        .containsExactly(new Expand(List.of("Datastreams", "Observations"), Options.DEFAULT));
  }

  @Test
  void orderByTakesADirectionPerProperty() {
    assertThat(Options.parse(Map.of("$orderby", "phenomenonTime desc, @iot.id")).orderBy())
        .containsExactly(new Order("phenomenonTime", true), new Order("id", false));
  }

  @Test
  void topAboveTenThousandIsRefused() {
    assertThatThrownBy(() -> Options.parse(Map.of("$top", "10001"))).isInstanceOf(StaException.class)
        .hasMessage("$top must be at most 10000");
  }

  @Test
  void aNegativeSkipIsRefused() {
    assertThatThrownBy(() -> Options.parse(Map.of("$skip", "-1")))
        .hasMessage("$skip must be a whole number from 0 to " + Long.MAX_VALUE / 2);
  }

  @Test
  void unbalancedParenthesesInExpandAreRefused() {
    assertThatThrownBy(() -> Options.parse(Map.of("$expand", "Datastreams($top=1")))
        .hasMessage("unbalanced parentheses or quotes in 'Datastreams($top=1'");
  }

  @Test
  void expandNestedDeeperThanFiveLevelsIsRefused() {
    String deep = "Datastreams($expand=Thing($expand=Datastreams($expand=Thing($expand=Datastreams($expand=Thing)))))";
    assertThatThrownBy(() -> Options.parse(Map.of("$expand", deep))).hasMessage("$expand nests deeper than 5 levels");
  }

  @Test
  void anUnknownDollarOptionIsRefusedAndOthersAreIgnored() {
    assertThatThrownBy(() -> Options.parse(Map.of("$frobnicate", "1"))).hasMessage("Unknown query option $frobnicate");
    assertThat(Options.parse(Map.of("key", "value"))).isEqualTo(Options.DEFAULT);
  }
}
