package org.fieldreadings.app.admin;

import java.nio.file.Path;

/**
 * {@code <data.dir>/admin.url}: the address of a running node's admin listener, written at start (next to
 * {@code admin.token}) so that operator commands find the server from any folder, whatever port it bound.
 */
public final class AdminUrlFile {

  private AdminUrlFile() {}

  public static Path of(Path dataDir) {
    return dataDir.resolve("admin.url");
  }

  /** The address a local client uses for a listener bound to {@code host} (a wildcard means loopback). */
  public static String url(String host, int port) {
    String reachable = host.equals("0.0.0.0") || host.equals("::") ? "127.0.0.1" : host;
    return "http://" + (reachable.contains(":") ? "[" + reachable + "]" : reachable) + ":" + port;
  }
}
