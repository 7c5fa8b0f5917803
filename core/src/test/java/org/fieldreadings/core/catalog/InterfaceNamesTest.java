package org.fieldreadings.core.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class InterfaceNamesTest {

  @Test
  void unknownNamesAreListedWithTheCatalogNameTheyMissOnlyByCaseAndPointToTheApiDocumentation() {
    assertThat(InterfaceNames.unknown(List.of("airtemp", "Foo", "SMRAW10")))
        .isEqualTo("unknown interface name(s): airtemp (did you mean AirTemp?), Foo, SMRAW10 (did you mean SMraw10?); "
            + "names are case-sensitive, /api/docs lists them all");
  }
}
