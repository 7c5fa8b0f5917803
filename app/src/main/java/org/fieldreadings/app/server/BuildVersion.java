package org.fieldreadings.app.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The version and the commit of the build, written into the jar by Maven. */
public final class BuildVersion {

  private static final String RESOURCE = "/org/fieldreadings/app/version.properties";
  private static final Properties BUILD = load();

  private BuildVersion() {}

  /** The project version, e.g. {@code 1.0.0}. */
  public static String version() {
    return value("version");
  }

  /** The abbreviated commit the build was made from, or {@code unknown}. */
  public static String commit() {
    return value("commit");
  }

  private static String value(String name) {
    String value = BUILD.getProperty(name, "");
    // A build outside a git clone leaves the placeholder unfiltered.
    return value.isEmpty() || value.startsWith("${") ? "unknown" : value;
  }

  private static Properties load() {
    Properties properties = new Properties();
    try (InputStream in = BuildVersion.class.getResourceAsStream(RESOURCE)) {
      if (in != null) {
        properties.load(in);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + RESOURCE, e);
    }
    return properties;
  }
}
