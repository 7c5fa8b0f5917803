package org.fieldreadings.app.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/**
 * Turns port 0 ("any free port") into a concrete free port. Vert.x shares a listening socket between the
 * instances of a server only when they ask for the same port, and each instance asking for 0 would get its own.
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
}
