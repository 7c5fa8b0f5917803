package org.fieldreadings.app.server;

import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import org.fieldreadings.core.config.ConfigLoader;
import org.fieldreadings.core.testing.TestPostgres;

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

  /**
   * The variables of nodes that share one fresh database, as a cluster's nodes do: its address, and the master key
   * the secrets in it are sealed with, which every node needs alike.
   */
  public static Map<String, String> sharedDatabase() {
    byte[] masterKey = new byte[32];
    new SecureRandom().nextBytes(masterKey);
    return Map.of("FR_DATABASE_URL", TestPostgres.newDatabase().toConfigValue(),
        "FR_SECURITY_MASTER_KEY", Base64.getEncoder().encodeToString(masterKey));
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
