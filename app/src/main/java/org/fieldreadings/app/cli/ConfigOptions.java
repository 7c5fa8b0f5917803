package org.fieldreadings.app.cli;

import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fieldreadings.core.config.ConfigException;
import org.fieldreadings.core.config.ConfigLoader;
import picocli.CommandLine.Option;

/** The options every command shares: where the configuration is, and how much to say on failure. */
public final class ConfigOptions {

  private static final Path DEFAULT_FILE = Path.of("conf", "config.json");

  @Option(names = "--conf", paramLabel = "FILE",
      description = "JSON configuration file (default: conf/config.json when present). FR_* variables win over it.")
  Path file;

  @Option(names = "--verbose", description = "Print stack traces of failures.")
  boolean verbose;

  /** These options when they name a file, else {@code other} (options given at another level of the command). */
  ConfigOptions orElse(ConfigOptions other) {
    return file != null || other == null ? this : other;
  }

  /** The configuration of the file and the environment. */
  public JsonObject load() {
    Path chosen = file;
    if (chosen == null && Files.isRegularFile(DEFAULT_FILE)) {
      chosen = DEFAULT_FILE;
    }
    if (chosen != null && !Files.isRegularFile(chosen)) {
      throw new ConfigException("configuration file " + chosen + " does not exist");
    }
    return ConfigLoader.load(chosen, System.getenv());
  }
}
