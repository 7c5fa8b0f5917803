package org.fieldreadings.app.demo;

import java.util.List;
import java.util.stream.Collectors;

/**
 * What a new user gets once the demo is loaded: its API key and three requests against the public API (paths with
 * their query), shown as copy-paste {@code curl} commands.
 */
public record DemoTour(String apiKey, String baseUrl, List<String> paths) {

  public String authorization() {
    return "ApiKey " + apiKey;
  }

  public List<String> curlCommands() {
    return paths.stream()
        .map(path -> "curl -s -H 'Authorization: " + authorization() + "' '" + baseUrl + path + "'")
        .toList();
  }

  /** The framed console text: printed once, the only place the demo key appears. */
  public String banner() {
    String rule = "=".repeat(100);
    return rule + "\n"
        + "Demo data loaded: entity " + DemoLoader.EMAIL + " (\"" + DemoLoader.NAME + "\"), five devices, "
        + DemoFarm.DAYS + " days of readings.\n"
        + "Demo API key: " + apiKey + "\n"
        + "Try it:\n"
        + curlCommands().stream().map(command -> "  " + command).collect(Collectors.joining("\n")) + "\n"
        + rule;
  }
}
