package org.fieldreadings.app.server;

import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import org.fieldreadings.core.config.ConfigKey;
import org.fieldreadings.core.config.ConfigKeys;
import org.fieldreadings.core.files.PrivateFiles;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The secrets an operator may leave unset ({@code admin.token}, {@code security.master.key}): generated on the
 * first start into owner-only files of the data directory (0600 from their creation) and read back on later
 * starts.
 */
final class GeneratedSecrets {

  private static final Logger LOG = LoggerFactory.getLogger(GeneratedSecrets.class);
  private static final SecureRandom RANDOM = new SecureRandom();
  static final String ADMIN_TOKEN_FILE = "admin.token";
  static final String MASTER_KEY_FILE = "master.key";

  private GeneratedSecrets() {}

  /** Fills the unset secrets of {@code config} from (or into) the data directory. */
  static void fill(JsonObject config, Path dataDir) {
    fill(config, ConfigKeys.ADMIN_TOKEN, dataDir.resolve(ADMIN_TOKEN_FILE), Base64.getUrlEncoder().withoutPadding());
    fill(config, ConfigKeys.SECURITY_MASTER_KEY, dataDir.resolve(MASTER_KEY_FILE), Base64.getEncoder());
  }

  private static void fill(JsonObject config, ConfigKey<String> key, Path file, Base64.Encoder encoder) {
    if (key.get(config) != null) {
      return;
    }
    try {
      if (!Files.exists(file)) {
        byte[] secret = new byte[32];
        RANDOM.nextBytes(secret);
        PrivateFiles.write(file, encoder.encodeToString(secret).getBytes(StandardCharsets.US_ASCII));
        LOG.info("generated {} into {}", key.name(), file);
      }
      PrivateFiles.tightenFile(file);
      config.put(key.name(), key.parse(Files.readString(file), file.toString()));
    } catch (IOException e) {
      throw new StartupException("cannot read or write " + file + " for " + key.name() + ": " + e.getMessage());
    }
  }
}
