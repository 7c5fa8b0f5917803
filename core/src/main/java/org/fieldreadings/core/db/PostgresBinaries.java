package org.fieldreadings.core.db;

import io.zonky.test.db.postgres.embedded.DefaultPostgresBinaryResolver;
import io.zonky.test.db.postgres.embedded.PgBinaryResolver;
import io.zonky.test.db.postgres.util.LinuxUtils;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.fieldreadings.core.files.PrivateFiles;

/**
 * Where the embedded PostgreSQL's programs are unpacked: {@code <temp>/field-readings-<uid>/postgres}, in a folder
 * of the service's user that nobody else may enter, so no other local user can replace a program the service runs.
 * (The library's default, {@code <temp>/embedded-pg}, is writable by everyone.)
 */
final class PostgresBinaries {

  /** One resolver for every embedded cluster of the process: the library caches the unpacked folder per resolver. */
  static final PgBinaryResolver RESOLVER = DefaultPostgresBinaryResolver.INSTANCE;

  private static Path binDirectory;

  private PostgresBinaries() {}

  /** The folder the library unpacks into (it makes this one writable by all; its parent keeps others out). */
  static synchronized Path workingDirectory() {
    Path root = Path.of(System.getProperty("java.io.tmpdir"), "field-readings-" + currentUid()).toAbsolutePath();
    try {
      if (Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
        if (!Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS) || (int) Files.getAttribute(root, "unix:uid",
            LinkOption.NOFOLLOW_LINKS) != currentUid()) {
          throw new IllegalStateException(root + " is not a folder of this user; remove it, or start Java with "
              + "-Djava.io.tmpdir=<a folder of this user>");
        }
      }
      PrivateFiles.directory(root);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot prepare " + root, e);
    }
    return root.resolve("postgres");
  }

  /** Takes back the write permission the library grants everyone on its working directory at each start. */
  static void tighten() throws IOException {
    Files.setPosixFilePermissions(workingDirectory(), PosixFilePermissions.fromString("rwx------"));
  }

  /** The command running one of the PostgreSQL programs, as the library runs them (in a user namespace as root). */
  static List<String> command(String program, List<String> arguments) {
    List<String> command = new ArrayList<>();
    if (LinuxUtils.isUnshareAvailable()) {
      command.addAll(List.of("unshare", "-U"));
    }
    command.add(binDirectory().resolve(program).toString());
    command.addAll(arguments);
    return command;
  }

  /** The library names the unpacked folder after the MD5 digest of the binaries archive. */
  private static synchronized Path binDirectory() {
    if (binDirectory == null) {
      try (InputStream archive = RESOLVER.getPgBinary(operatingSystem(), architecture());
          DigestInputStream digest = new DigestInputStream(archive, MessageDigest.getInstance("MD5"))) {
        digest.transferTo(java.io.OutputStream.nullOutputStream());
        String name = "PG-" + HexFormat.of().formatHex(digest.getMessageDigest().digest());
        binDirectory = workingDirectory().resolve(name).resolve("bin");
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read the PostgreSQL binaries", e);
      } catch (NoSuchAlgorithmException e) {
        throw new IllegalStateException(e);
      }
    }
    return binDirectory;
  }

  private static String operatingSystem() {
    String name = System.getProperty("os.name");
    return name.startsWith("Mac") ? "Darwin" : name.startsWith("Windows") ? "Windows" : "Linux";
  }

  private static String architecture() {
    String arch = System.getProperty("os.arch");
    return "amd64".equals(arch) ? "x86_64" : arch;
  }

  private static int currentUid() {
    return (int) new com.sun.security.auth.module.UnixSystem().getUid();
  }
}
