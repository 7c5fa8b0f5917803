package org.fieldreadings.app.readings;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.fieldreadings.app.readings.ReadingsFixture.Entity;
import org.fieldreadings.app.sta.KeyAddingProxy;
import org.fieldreadings.app.sta.OgcSuite;
import org.fieldreadings.app.sta.OgcSuiteResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The OGC's executable test suite for SensorThings (ets-sta10 1.5, conformance level 1: Sensing Core) against the
 * service with a small farm, through a proxy that adds the API key the suite cannot send.
 */
class SensorThingsOgcSuiteTest {

  @TempDir
  static Path dataDir;

  private static ReadingsFixture fixture;
  private static KeyAddingProxy proxy;

  @BeforeAll
  static void start() throws Exception {
    fixture = new ReadingsFixture(dataDir, Map.of());
    Entity farm = fixture.newEntity("ogc-suite@example.com");
    for (String serial : new String[] {"WS-OGC-1", "WS-OGC-2"}) {
      fixture.adminPut("/admin/devices/REAL_WEATHER_STATION/" + serial,
          "{\"location\": {\"latitude\": 38.7369, \"longitude\": -9.1427}}");
      fixture.adminPut("/admin/entities/" + farm.entityId() + "/devices/REAL_WEATHER_STATION/" + serial, null);
      fixture.importCsv("REAL_WEATHER_STATION," + serial + ",ORIGIN,AirTemp,2026-11-01T00:00:00Z,12.5\n"
          + "REAL_WEATHER_STATION," + serial + ",ORIGIN,AirTemp,2026-11-01T00:15:00Z,12.25\n"
          + "REAL_WEATHER_STATION," + serial + ",ORIGIN,AirHum,2026-11-01T00:00:00Z,81\n");
    }
    proxy = KeyAddingProxy.start("127.0.0.1", fixture.server.httpPort(), farm.apiKey());
  }

  @AfterAll
  static void stop() {
    proxy.close();
    fixture.close();
  }

  @Test
  void theSensingCoreConformanceClassPassesEveryTest() throws Exception {
    OgcSuiteResult result = OgcSuite.fromBuild()
        .run("http://127.0.0.1:" + proxy.port() + "/api/sta/v1.1", 1, Duration.ofMinutes(3));
    assertThat(result.failed()).as("failed OGC tests (log: %s)", result.log()).isEmpty();
    assertThat(result.passed()).as("passed OGC tests").isEqualTo(6);
  }
}
