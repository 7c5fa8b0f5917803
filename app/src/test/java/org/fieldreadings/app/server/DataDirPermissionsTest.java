package org.fieldreadings.app.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.fieldreadings.core.testing.ExpectedFailureLogs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The data directory and the secrets in it are the service user's alone, whatever state they were found in. */
class DataDirPermissionsTest {

  @TempDir
  Path parent;

  @Test
  void freshDataDirectoryIsOwnerOnlyAndItsSecretsAreOwnerReadOnly() throws Exception {
    Path dataDir = parent.resolve("data");
    try (FieldReadingsServer server = FieldReadingsServer.start(TestServers.config(dataDir, Map.of()))) {
      assertThat(permissions(dataDir)).isEqualTo("rwx------");
      for (String secret : new String[] {"admin.token", "master.key", "pg.password", "admin.url"}) {
        assertThat(permissions(dataDir.resolve(secret))).as(secret).isEqualTo("rw-------");
      }
    }
  }

  @Test
  @ExpectedFailureLogs
  void laxDataDirectoryAndSecretsAreTightenedAtStart() throws Exception {
    Path dataDir = Files.createDirectory(parent.resolve("data"));
    Files.setPosixFilePermissions(dataDir, PosixFilePermissions.fromString("rwxr-xr-x"));
    Path token = Files.writeString(dataDir.resolve("admin.token"), "an-admin-token-set-long-ago");
    Files.setPosixFilePermissions(token, PosixFilePermissions.fromString("rw-r--r--"));
    try (FieldReadingsServer server = FieldReadingsServer.start(TestServers.config(dataDir, Map.of()))) {
      assertThat(permissions(dataDir)).isEqualTo("rwx------");
      assertThat(permissions(token)).isEqualTo("rw-------");
      assertThat(Files.readString(token)).isEqualTo("an-admin-token-set-long-ago");
    }
  }

  private static String permissions(Path path) throws IOException {
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
  }
}
