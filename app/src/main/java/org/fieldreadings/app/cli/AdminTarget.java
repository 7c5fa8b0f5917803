package org.fieldreadings.app.cli;

import java.net.URI;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Where an operator command finds the running server's admin API when not from the data directory. */
final class AdminTarget {

  @Option(names = "--admin-url", paramLabel = "URL",
      description = "The admin listener, e.g. http://127.0.0.1:8081 (default: <data dir>/admin.url, written by the "
          + "server at start; else admin.host and admin.port).")
  URI url;

  @Option(names = "--admin-token-file", paramLabel = "FILE",
      description = "File holding the admin token (default: admin.token of the configuration, else "
          + "<data dir>/admin.token).")
  Path tokenFile;
}
