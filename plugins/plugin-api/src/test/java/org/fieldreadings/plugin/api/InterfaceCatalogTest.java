package org.fieldreadings.plugin.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class InterfaceCatalogTest {

  @Test
  void catalogHasExactlyTheNamesOfSpecSection23() throws IOException {
    assertThat(InterfaceCatalog.all()).extracting(SensorInterface::name)
        .containsExactlyInAnyOrderElementsOf(namesInSpec());
  }

  @Test
  void catalogOrderUnitsAndAggregationsMatchInterfacesTsv() throws IOException {
    List<String> expected = Files.readAllLines(SharedContract.file("interfaces.tsv")).stream()
        .filter(line -> !line.startsWith("#") && !line.startsWith("name\t") && !line.isBlank())
        .map(line -> {
          String[] cols = line.split("\t", -1);
          return cols[0] + " " + cols[3] + " " + cols[4];
        })
        .toList();
    List<String> actual = InterfaceCatalog.all().stream()
        .map(i -> i.name() + " " + i.unit().symbol() + " " + i.aggregation().name().toLowerCase(Locale.ROOT))
        .toList();
    assertThat(actual).hasSize(88).containsExactlyElementsOf(expected);
  }

  @Test
  void positionsFollowCatalogOrder() {
    List<SensorInterface> all = InterfaceCatalog.all();
    for (int i = 0; i < all.size(); i++) {
      assertThat(all.get(i).position()).isEqualTo(i);
    }
  }

  @Test
  void profilesAreTheFiveOfSpecSection24InEnumerationOrder() {
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

  /** Reads SPEC.md 2.3: the general names, and each depth family from its own depth list. */
  private static Set<String> namesInSpec() throws IOException {
    String spec = Files.readString(SharedContract.file("SPEC.md"));
    String section = spec.substring(spec.indexOf("### 2.3"), spec.indexOf("### 2.4"));
    Set<String> names = new LinkedHashSet<>();
    List<String> previousDepths = List.of();
    Pattern family = Pattern.compile("`(\\w+)<depth>`");
    Pattern depthSet = Pattern.compile("depth in \\{([0-9, ]+)}");
    Pattern backticked = Pattern.compile("`(\\w+)`");
    for (String line : section.split("\n")) {
      if (line.startsWith("- General:")) {
        Matcher m = backticked.matcher(line);
        while (m.find()) {
          names.add(m.group(1));
        }
        continue;
      }
      Matcher f = family.matcher(line);
      if (!f.find()) {
        continue;
      }
      Matcher d = depthSet.matcher(line);
      List<String> depths = d.find() ? Arrays.stream(d.group(1).split(",\\s*")).toList() : previousDepths;
      assertThat(depths).as("depths of " + f.group(1)).isNotEmpty();
      List<String> expanded = new ArrayList<>();
      depths.forEach(depth -> expanded.add(f.group(1) + depth));
      names.addAll(expanded);
      previousDepths = depths;
    }
    assertThat(names).hasSize(88);
    return names;
  }
}
