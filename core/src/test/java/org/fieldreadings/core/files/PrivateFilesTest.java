package org.fieldreadings.core.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;
import org.fieldreadings.core.testing.ExpectedFailureLogs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PrivateFilesTest {

  @TempDir
  Path dir;

  @Test
  void writeCreatesAnOwnerOnlyFileAndReplacesOneWithoutLeavingTemporaryFiles() throws Exception {
    Path file = dir.resolve("secret");
    PrivateFiles.write(file, "first".getBytes(StandardCharsets.UTF_8));
    assertThat(mode(file)).isEqualTo("rw-------");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
    PrivateFiles.write(file, "second".getBytes(StandardCharsets.UTF_8));
    assertThat(mode(file)).isEqualTo("rw-------");
    assertThat(Files.readString(file)).isEqualTo("second");
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files.toList()).containsExactly(file);
    }
  }

  @Test
  void writeNewCreatesAnOwnerOnlyFileAndNeverOverwrites() throws Exception {
    Path mail = dir.resolve("mail.eml");
    PrivateFiles.writeNew(mail, "token".getBytes(StandardCharsets.UTF_8));
    assertThat(mode(mail)).isEqualTo("rw-------");
    assertThatThrownBy(() -> PrivateFiles.writeNew(mail, "other".getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(FileAlreadyExistsException.class);
    assertThat(Files.readString(mail)).isEqualTo("token");
  }

  @Test
  @ExpectedFailureLogs
  void directoryIsCreatedOwnerOnlyOrTightened() throws Exception {
    Path fresh = dir.resolve("a/b");
    PrivateFiles.directory(fresh);
    assertThat(mode(fresh)).isEqualTo("rwx------");
    Path lax = Files.createDirectory(dir.resolve("lax"));
    Files.setPosixFilePermissions(lax, PosixFilePermissions.fromString("rwxr-xr-x"));
    PrivateFiles.directory(lax);
    assertThat(mode(lax)).isEqualTo("rwx------");
  }

  private static String mode(Path path) throws Exception {
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
  }
}
