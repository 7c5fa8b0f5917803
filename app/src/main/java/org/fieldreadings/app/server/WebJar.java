package org.fieldreadings.app.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * A webjar on the class path: its files live under {@code META-INF/resources/webjars/<name>/<version>/}. The version
 * comes from the jar's own Maven metadata, so the root pom is the one place that pins it.
 */
record WebJar(String groupId, String artifactId) {

  static final WebJar SWAGGER_UI = new WebJar("org.webjars", "swagger-ui");
  static final WebJar CHART_JS = new WebJar("org.webjars.npm", "chart.js");

  /** The class-path folder holding the webjar's files, e.g. {@code META-INF/resources/webjars/swagger-ui/5.31.0}. */
  String root() {
    return "META-INF/resources/webjars/" + artifactId + "/" + version();
  }

  String version() {
    String metadata = "META-INF/maven/" + groupId + "/" + artifactId + "/pom.properties";
    try (InputStream in = WebJar.class.getClassLoader().getResourceAsStream(metadata)) {
      if (in == null) {
        throw new IllegalStateException("webjar " + groupId + ":" + artifactId + " is missing from the class path");
      }
      Properties properties = new Properties();
      properties.load(in);
      return properties.getProperty("version");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + metadata, e);
    }
  }
}
