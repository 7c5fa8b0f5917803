package org.fieldreadings.app.server;

import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.fieldreadings.core.config.ConfigLoader;

/**
 * Configurations for servers under test: loopback, ports chosen by the system, the given data directory, and no demo
 * data (tests that want it set {@code FR_DEMO=true}).
 */
public final class TestServers {

  private TestServers() {}

  /** A port nothing listens on right now, for servers that cannot pick their own (e.g. the test SMTP server). */
  public static int freePort() {
    try (java.net.ServerSocket socket = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** The folder where the build copied the five bundled plugin jars, which every server under test loads. */
  public static Path pluginsDir() {
    return Path.of(System.getProperty("test.plugins.dir", "target/test-plugins"));
  }

  /** The configuration the given {@code FR_*} variables make, on top of the test defaults. */
  public static JsonObject config(Path dataDir, Map<String, String> env) {
    Map<String, String> all = new HashMap<>(Map.of(
        "FR_HTTP_HOST", "127.0.0.1", "FR_HTTP_PORT", "0", "FR_ADMIN_PORT", "0", "FR_DATA_DIR", dataDir.toString(),
        "FR_PLUGINS_DIR", pluginsDir().toString(), "FR_DEMO", "false"));
    all.putAll(env);
    return ConfigLoader.load(null, all);
  }
}
