package org.fieldreadings.readings.plugins;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A private copy of the plugins folder that one load of the plugins reads its jars from. An operator who overwrites
 * a jar in place (as {@code cp} does) while it serves would otherwise pull the bytes from under its class loader,
 * and Java's jar cache would hand the stale jar index to the next load of the same path.
 */
final class PluginFolderCopy {

  private static final Logger LOG = LoggerFactory.getLogger(PluginFolderCopy.class);

  private PluginFolderCopy() {}

  /** Copies {@code dir} into a new temporary folder; null, after a warning, when it cannot. Blocking. */
  static Path of(Path dir) {
    Path copy = null;
    try {
      copy = Files.createTempDirectory("fieldreadings-plugins-");
      List<Path> entries;
      try (Stream<Path> walk = Files.walk(dir)) {
        entries = walk.sorted().toList();
      }
      for (Path entry : entries) {
        Path target = copy.resolve(dir.relativize(entry).toString());
        if (Files.isDirectory(entry)) {
          Files.createDirectories(target);
        } else {
          Files.copy(entry, target);
        }
      }
      return copy;
    } catch (IOException | RuntimeException e) {
      LOG.warn("cannot copy the plugins folder {} ({}): plugins are loaded in place, so a jar overwritten while "
          + "it serves may fail its payloads", dir, e.toString());
      delete(copy);
      return null;
    }
  }

  /** Deletes a copy made by {@link #of}; nothing for null. Blocking. */
  static void delete(Path copy) {
    if (copy == null) {
      return;
    }
    try (Stream<Path> walk = Files.walk(copy)) {
      for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    } catch (IOException | RuntimeException e) {
      LOG.warn("cannot delete the copy {} of the plugins folder: {}", copy, e.toString());
    }
  }
}
