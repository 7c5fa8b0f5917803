package org.fieldreadings.readings.plugins;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * What a plugin jar (or plugin folder) holds, as a digest: a reload replaces a plugin whose digest changed, whatever
 * its file times say (a copy may keep them, two writes may share them).
 */
final class PluginContent {

  private PluginContent() {}

  /** The SHA-256 of every file under {@code path} with its relative name, or of the file itself. Blocking. */
  static String digest(Path path) {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      List<Path> files;
      try (Stream<Path> walk = Files.walk(path)) {
        files = walk.filter(Files::isRegularFile).sorted().toList();
      }
      for (Path file : files) {
        digest.update(path.relativize(file).toString().getBytes(StandardCharsets.UTF_8));
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), digest)) {
          in.transferTo(OutputStream.nullOutputStream());
        }
      }
      return HexFormat.of().formatHex(digest.digest());
    } catch (IOException | UncheckedIOException e) {
      // A file that cannot be read now counts as changed: the next load reports what is wrong with it.
      return "unreadable: " + e.getMessage();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }
}
