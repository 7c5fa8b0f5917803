package org.fieldreadings.app.readings;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fieldreadings.plugin.api.InterfaceCatalog;
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

  String text() throws IOException {
    return resource(file);
  }

  /** The plugin's expected readings as the API serves them: each value at its interface's resolution. */
  List<String> servedReadings() throws IOException {
    return PluginTestKit.expectedLines(resource(file.substring(0, file.lastIndexOf('.')) + ".readings.txt")).stream()
        .map(line -> {
          String[] parts = line.split(" ");
          double scale = Math.pow(10, InterfaceCatalog.of(parts[2]).decimals());
          parts[4] = PluginTestKit.format(Math.round(Double.parseDouble(parts[4]) * scale) / scale);
          return String.join(" ", parts);
        }).toList();
  }

  private String resource(String name) throws IOException {
    return Files.readString(Path.of(System.getProperty("test.plugins.sources", "../plugins"), module,
        "src/test/resources", name));
  }
}
