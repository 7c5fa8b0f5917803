package org.fieldreadings.app.access;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.fieldreadings.app.server.FieldReadingsServer;
import org.fieldreadings.app.server.TestServers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Without an SMTP relay, token mails land in {@code <data.dir>/outbox/} as {@code .eml} files. */
class OutboxFolderTest {

  @TempDir
  Path dataDir;

  @Test
  void tokenMailIsWrittenToTheOutboxFolderAndItsTokenWorks() throws Exception {
    try (FieldReadingsServer server = FieldReadingsServer.start(TestServers.config(dataDir, Map.of()))) {
      AccessClient client = new AccessClient(server.httpPort(), server.adminPort(),
          Files.readString(dataDir.resolve("admin.token")));
      String entityId = client.createEntity("offline@example.com");
      assertThat(client.requestToken("offline@example.com").status()).isEqualTo(202);
      Path mail = awaitFile(dataDir.resolve("outbox"));
      // The mail holds a token: the service's user alone may read it.
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(mail))).isEqualTo("rw-------");
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dataDir.resolve("outbox"))))
          .isEqualTo("rwx------");
      String text = Files.readString(mail);
      assertThat(text).contains("To: offline@example.com").contains("Subject: Your Field Readings access token");
      Matcher token = Pattern.compile("(?m)^ {4}([A-Za-z0-9_-]{43})\\r?$").matcher(text);
      assertThat(token.find()).isTrue();
      assertThat(client.exchange(token.group(1)).json().getString("entityId")).isEqualTo(entityId);
    }
  }

  private static Path awaitFile(Path dir) throws Exception {
    long deadline = System.currentTimeMillis() + 10_000;
    while (System.currentTimeMillis() < deadline) {
      if (Files.isDirectory(dir)) {
        try (Stream<Path> files = Files.list(dir)) {
          List<Path> mails = files.filter(f -> f.toString().endsWith(".eml")).toList();
          if (!mails.isEmpty()) {
            return mails.get(0);
          }
        }
      }
      Thread.sleep(50);
    }
    throw new AssertionError("no .eml file in " + dir);
  }
}
