package org.fieldreadings.plugin.api;

import java.nio.file.Files;
import java.nio.file.Path;

/** Finds the contract folder {@code shared/} beside the repository, which tests read as the source of truth. */
public final class SharedContract {

  private SharedContract() {}

  public static Path file(String name) {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve("shared").resolve(name);
      if (Files.isRegularFile(candidate)) {
        return candidate;
      }
    }
    throw new IllegalStateException("shared/" + name + " not found beside the repository or any parent folder");
  }
}
