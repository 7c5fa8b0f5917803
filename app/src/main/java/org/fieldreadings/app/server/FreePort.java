package org.fieldreadings.app.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import io.vertx.core.json.JsonObject;
import org.fieldreadings.core.config.ConfigKey;

/**
 * Turns port 0 ("any free port") into a concrete free port. Vert.x shares a listening socket between the
 * instances of a server only when they ask for the same port, and each instance asking for 0 would get its own.
 * Also checks, before anything is created, that the configured ports can be had.
 */
final class FreePort {

  private FreePort() {}

  static int resolve(String host, int port) {
    if (port != 0) {
      return port;
    }
    try (ServerSocket socket = new ServerSocket()) {
      socket.setReuseAddress(true);
      socket.bind(new InetSocketAddress(host, 0));
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("no free port on " + host, e);
    }
  }

  /**
   * Fails with a {@link StartupException} naming the key to change when the listener of {@code hostKey} and
   * {@code portKey} cannot bind its port (another process holds it).
   */
  static void requireFree(JsonObject config, ConfigKey<String> hostKey, ConfigKey<Integer> portKey) {
    String host = hostKey.get(config);
    int port = portKey.get(config);
    if (port == 0) {
      return;
    }
    try (ServerSocket socket = new ServerSocket()) {
      socket.setReuseAddress(true);
      socket.bind(new InetSocketAddress(host, port));
    } catch (IOException e) {
      throw new StartupException("port " + port + " on " + host + " is not available (" + e.getMessage()
          + "): set " + portKey.name() + " (" + portKey.envName() + ") to a free port, or stop what listens there");
    }
  }
}
