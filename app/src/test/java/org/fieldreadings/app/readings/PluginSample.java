package org.fieldreadings.app.readings;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fieldreadings.plugin.api.PluginTestKit;

/**
 * A plugin's sample as its module keeps it, with the content type its supplier sends, and the readings its own test
 * expects from it ({@code <sample>.readings.txt}).
 *
 * @param profile the profile the plugin serves
 * @param module the plugin's folder under {@code plugins/}
 * @param file the sample under the module's {@code src/test/resources}
 * @param contentType the content type the supplier sends the sample with
 * @param serials the devices of the sample
 */
record PluginSample(String profile, String module, String file, String contentType, List<String> serials) {

  /** The samples of the bundled plugins. */
  static final PluginSample WEATHER = new PluginSample("REAL_WEATHER_STATION", "real-weather-station",
      "station-upload.json", "application/json", List.of("WS-LIS-0042"));
  static final PluginSample SOIL = new PluginSample("PROFILE_A", "profile-a-soil", "probe-export.csv",
      "text/csv", List.of("SM-0001", "SM-0002"));
  static final PluginSample GATEWAY = new PluginSample("PROFILE_B", "profile-b-gateway",
      "gateway-frames.txt", "text/plain", List.of("GW-0007"));
  static final PluginSample FLOW = new PluginSample("PROFILE_C", "profile-c-flow", "logger-export.csv",
      "text/csv", List.of("FM-0100", "FM-0101", "FM-0102", "PC-0200"));
  static final PluginSample LORAWAN = new PluginSample("PROFILE_D", "profile-d-lorawan", "uplinks.json",
      "application/json", List.of("70B3D57ED0051A3C", "70B3D57ED0051A3D"));
  static final PluginSample CAYENNE = new PluginSample("PROFILE_D", "profile-d-cayenne", "uplinks.json",
      "application/json", List.of("A840410001020304", "A840410001020305"));

  String text() throws IOException {
    return resource(file);
  }

  /** The plugin's expected readings, which the API serves exactly as the plugin decoded them. */
  List<String> servedReadings() throws IOException {
    return PluginTestKit.expectedLines(resource(file.substring(0, file.lastIndexOf('.')) + ".readings.txt"));
  }

  private String resource(String name) throws IOException {
    return Files.readString(Path.of(System.getProperty("test.plugins.sources", "../plugins"), module,
        "src/test/resources", name));
  }
}
