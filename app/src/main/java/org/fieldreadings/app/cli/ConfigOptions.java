package org.fieldreadings.app.cli;

import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.fieldreadings.core.config.ConfigException;
import org.fieldreadings.core.config.ConfigKeys;
import org.fieldreadings.core.config.ConfigLoader;
import picocli.CommandLine.Option;

/** The options every command shares: where the configuration and the data are, and how much to say on failure. */
public final class ConfigOptions {

  private static final Path DEFAULT_FILE = Path.of("conf", "config.json");

  @Option(names = "--conf", paramLabel = "FILE",
      description = "JSON configuration file (default: conf/config.json when present). FR_* variables win over it.")
  Path file;

  @Option(names = "--data-dir", paramLabel = "DIR",
      description = "The server's data directory (data.dir, FR_DATA_DIR; default ./data). Commands find the running "
          + "server's admin address and token there.")
  Path dataDir;

  @Option(names = "--verbose", description = "Print stack traces of failures.")
  boolean verbose;

  /** These options, completed by {@code other} (the options given at another level of the command). */
  ConfigOptions orElse(ConfigOptions other) {
    if (other == null) {
      return this;
    }
    ConfigOptions merged = new ConfigOptions();
    merged.file = file != null ? file : other.file;
    merged.dataDir = dataDir != null ? dataDir : other.dataDir;
    merged.verbose = verbose || other.verbose;
    return merged;
  }

  /** The configuration of the file and the environment; {@code --data-dir} wins over both. */
  public JsonObject load() {
    Path chosen = file;
    if (chosen == null && Files.isRegularFile(DEFAULT_FILE)) {
      chosen = DEFAULT_FILE;
    }
    if (chosen != null && !Files.isRegularFile(chosen)) {
      throw new ConfigException("configuration file " + chosen + " does not exist");
    }
    Map<String, String> env = new HashMap<>(System.getenv());
    if (dataDir != null) {
      env.put(ConfigKeys.DATA_DIR.envName(), dataDir.toString());
    }
    return ConfigLoader.load(chosen, env);
  }
}
