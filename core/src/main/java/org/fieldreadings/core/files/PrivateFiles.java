package org.fieldreadings.core.files;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Files and folders only the service's own user may read: secrets, mails holding tokens, the data directory. Files
 * are created with their final permissions (never briefly readable by others) and written whole or not at all.
 */
public final class PrivateFiles {

  private static final Logger LOG = LoggerFactory.getLogger(PrivateFiles.class);
  private static final Set<PosixFilePermission> OWNER_FILE = PosixFilePermissions.fromString("rw-------");
  private static final Set<PosixFilePermission> OWNER_DIRECTORY = PosixFilePermissions.fromString("rwx------");
  private static final Set<PosixFilePermission> GROUP_OR_OTHERS = EnumSet.of(
      PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE,
      PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);

  private PrivateFiles() {}

  /** Creates {@code directory} (and missing parents) 0700, or makes an existing one 0700, saying so in the log. */
  public static void directory(Path directory) throws IOException {
    if (!Files.isDirectory(directory)) {
      Files.createDirectories(directory, attribute(OWNER_DIRECTORY));
    }
    tighten(directory, OWNER_DIRECTORY);
  }

  /** Makes an existing file 0600 if group or others may use it, saying so in the log; absent files are left so. */
  public static void tightenFile(Path file) throws IOException {
    if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
      tighten(file, OWNER_FILE);
    }
  }

  /** Whether group or others have any permission on {@code path}. */
  public static boolean isShared(Path path) throws IOException {
    Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS);
    return permissions.stream().anyMatch(GROUP_OR_OTHERS::contains);
  }

  /**
   * Writes {@code content} to {@code file}, 0600: into a new 0600 file beside it, then moved over it, so readers see
   * the old content or the new, and nobody else ever sees either.
   */
  public static void write(Path file, byte[] content) throws IOException {
    Path temporary = file.resolveSibling("." + file.getFileName() + "." + UUID.randomUUID() + ".tmp");
    try {
      writeNew(temporary, content);
      Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } finally {
      Files.deleteIfExists(temporary);
    }
  }

  /** Creates {@code file} 0600 with {@code content}; fails if it exists. */
  public static void writeNew(Path file, byte[] content) throws IOException {
    try (SeekableByteChannel channel = Files.newByteChannel(file,
        EnumSet.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE), attribute(OWNER_FILE))) {
      ByteBuffer buffer = ByteBuffer.wrap(content);
      while (buffer.hasRemaining()) {
        channel.write(buffer);
      }
    }
  }

  /** A new empty 0600 file in {@code directory} ({@code prefix}, a random part, {@code suffix}) to stream into. */
  public static Path createTemporary(Path directory, String prefix, String suffix) throws IOException {
    return Files.createTempFile(directory, prefix, suffix, attribute(OWNER_FILE));
  }

  private static void tighten(Path path, Set<PosixFilePermission> wanted) throws IOException {
    if (isShared(path)) {
      LOG.warn("{} was accessible to other users ({}); made it {}", path,
          PosixFilePermissions.toString(Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS)),
          PosixFilePermissions.toString(wanted));
      Files.setPosixFilePermissions(path, wanted);
    }
  }

  private static FileAttribute<Set<PosixFilePermission>> attribute(Set<PosixFilePermission> permissions) {
    return PosixFilePermissions.asFileAttribute(permissions);
  }
}
