package org.fieldreadings.app.sta;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The OGC SensorThings executable test suite (ets-sta10) run from its all-in-one jar in a JVM of its own: the jar
 * carries its own TestNG, Jersey and httpclient, which must not meet ours on a class path.
 */
public final class OgcSuite {

  private static final DateTimeFormatter RUN_ID = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS");

  private final Path jar;
  private final Path reports;

  public OgcSuite(Path jar, Path reports) {
    this.jar = jar;
    this.reports = reports;
  }

  /** The jar the build copied and the folder for runs' logs and results, from surefire's system properties. */
  public static OgcSuite fromBuild() {
    return new OgcSuite(Path.of(property("test.ogc.ets.jar")), Path.of(property("test.ogc.ets.reports")));
  }

  /**
   * Runs the conformance classes up to {@code level} (1 Sensing Core, 2 Create-Update-Delete, 3 Filtering, each
   * including the ones below) against the service root {@code serviceRoot}, e.g. {@code http://127.0.0.1:8080/v1.1}.
   */
  public OgcSuiteResult run(String serviceRoot, int level, Duration timeout) throws IOException, InterruptedException {
    if (level < 1 || level > 3) {
      throw new IllegalArgumentException("The suite has levels 1 to 3, not " + level);
    }
    String runId = "level" + level + "-" + LocalDateTime.now().format(RUN_ID);
    Files.createDirectories(reports);
    Path log = reports.resolve(runId + ".log");
    Path home = Files.createTempDirectory("ogc-ets");
    try {
      Path props = home.resolve("props.xml");
      Files.writeString(props, testRunProperties(serviceRoot, level, runId));
      // user.home: the suite makes a testng folder there even when told to write its results elsewhere.
      Process process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "-Duser.home=" + home, "-jar", jar.toString(), props.toString())
          .redirectErrorStream(true).redirectOutput(log.toFile()).start();
      try {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
          throw new IllegalStateException("The OGC suite did not finish within " + timeout + "; see " + log);
        }
      } finally {
        // Gone before its temporary home is deleted (a no-op once it has exited).
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
      return OgcSuiteResult.read(reports.resolve(runId), level, process.exitValue(), log);
    } finally {
      deleteTree(home);
    }
  }

  /**
   * The suite's arguments: iut and ics its own, logDir and sessionId its harness's (the results then go to
   * logDir/sessionId). No DOCTYPE: the suite's parser would fetch the properties DTD from the network.
   */
  private String testRunProperties(String serviceRoot, int level, String runId) {
    List<String> entries = List.of(entry("iut", serviceRoot), entry("ics", String.valueOf(level)),
        entry("logDir", reports.toString()), entry("sessionId", runId));
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<properties version=\"1.0\">\n" + String.join("", entries)
        + "</properties>\n";
  }

  private static String entry(String key, String value) {
    return "  <entry key=\"" + key + "\">" + escape(value) + "</entry>\n";
  }

  private static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }

  private static void deleteTree(Path root) throws IOException {
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }

  private static String property(String name) {
    String value = System.getProperty(name);
    if (value == null) {
      throw new IllegalStateException("System property " + name + " is not set (surefire sets it in app/pom.xml)");
    }
    return value;
  }
}
