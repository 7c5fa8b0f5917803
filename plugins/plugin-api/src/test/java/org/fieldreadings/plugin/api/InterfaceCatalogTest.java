package org.fieldreadings.plugin.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class InterfaceCatalogTest {

  @Test
  void catalogIsTheTableOfTheApiReferenceInOrderWithUnitsAndAggregations() throws IOException {
    List<String> actual = InterfaceCatalog.all().stream()
        .map(i -> i.name() + " " + i.unit().symbol() + " " + i.aggregation().name().toLowerCase(Locale.ROOT)
            .replace('_', ' '))
        .toList();
    assertThat(actual).hasSize(88).containsExactlyElementsOf(catalogOfApiReference());
  }

  @Test
  void positionsFollowCatalogOrder() {
    List<SensorInterface> all = InterfaceCatalog.all();
    for (int i = 0; i < all.size(); i++) {
      assertThat(all.get(i).position()).isEqualTo(i);
    }
  }

  @Test
  void profilesAreTheFiveInEnumerationOrder() {
    assertThat(Arrays.stream(Profile.values()).map(Enum::name))
        .containsExactly("PROFILE_A", "REAL_WEATHER_STATION", "PROFILE_B", "PROFILE_C", "PROFILE_D");
  }

  @Test
  void profileParsingIsExactAndCaseSensitive() {
    assertThat(Profile.parse("PROFILE_B")).contains(Profile.PROFILE_B);
    assertThat(Profile.parse("profile_b")).isEmpty();
    assertThat(Profile.parse("PROFILE_E")).isEmpty();
  }

  @Test
  void namesAreCaseSensitive() {
    assertThat(InterfaceCatalog.byName("AirTemp")).isPresent();
    assertThat(InterfaceCatalog.byName("airtemp")).isEmpty();
    assertThatThrownBy(() -> InterfaceCatalog.of("SMraw11")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("SMraw11");
  }

  @Test
  void familiesOnlyOfferTheirListedDepths() {
    assertThat(InterfaceFamily.SOIL_TEMP.atDepth(45).name()).isEqualTo("SoilTemp45");
    assertThatThrownBy(() -> InterfaceFamily.SOIL_TEMP.atDepth(25)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(InterfaceFamily.SM_RAW::single).isInstanceOf(IllegalArgumentException.class);
    assertThat(InterfaceFamily.WIND_DIR.single().aggregation()).isEqualTo(AggregationFunction.CIRCULAR_MEAN);
  }

  /**
   * The interface catalog table of docs/api.md (tests run in this module's folder), its depth families expanded:
   * "name unit aggregation" per interface, in the table's order.
   */
  private static List<String> catalogOfApiReference() throws IOException {
    String reference = Files.readString(Path.of("../../docs/api.md"));
    String section = reference.substring(reference.indexOf("\n## Interface catalog\n"));
    section = section.substring(0, section.indexOf("\n## ", 1));
    List<String> interfaces = new ArrayList<>();
    for (String line : section.split("\n")) {
      if (!line.startsWith("| `")) {
        continue;
      }
      // | `name` or `Family<depth>` | depths | unit | aggregation | meaning |
      String[] cells = Arrays.stream(line.split("\\|")).map(String::trim).toArray(String[]::new);
      String name = cells[1].replace("`", "");
      String unitAndAggregation = " " + cells[3] + " " + cells[4];
      if (name.endsWith("<depth>")) {
        for (String depth : cells[2].split(",\\s*")) {
          interfaces.add(name.replace("<depth>", depth) + unitAndAggregation);
        }
      } else {
        interfaces.add(name + unitAndAggregation);
      }
    }
    return interfaces;
  }
}
