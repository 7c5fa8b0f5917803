package org.fieldreadings.devices;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ZoneLocatorTest {

  @Test
  void locationsGetTheZoneOfTheBoundariesHoldingThem() {
    List<Optional<ZoneId>> zones = ZoneLocator.zones(List.of(
        new Location(38.72, -9.14), new Location(-23.55, -46.63), new Location(28.61, 77.21),
        new Location(-33.87, 151.21), new Location(40.71, -74.01), new Location(0.0, -160.0)));
    assertThat(zones).containsExactly(Optional.of(ZoneId.of("Europe/Lisbon")),
        Optional.of(ZoneId.of("America/Sao_Paulo")), Optional.of(ZoneId.of("Asia/Kolkata")),
        Optional.of(ZoneId.of("Australia/Sydney")), Optional.of(ZoneId.of("America/New_York")),
        Optional.of(ZoneId.of("Etc/GMT+11")));
  }

  @Test
  void noLocationsReadNothing() {
    assertThat(ZoneLocator.zones(List.of())).isEmpty();
  }
}
