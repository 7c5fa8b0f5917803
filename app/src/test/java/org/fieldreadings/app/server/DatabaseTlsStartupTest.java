package org.fieldreadings.app.server;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import org.fieldreadings.core.db.DatabaseUrl;
import org.fieldreadings.core.testing.TestPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code sslmode} of {@code database.url} is honoured from the first connection of a start. */
class DatabaseTlsStartupTest {

  @TempDir
  Path dataDir;

  @Test
  void requireAgainstADatabaseWithoutTlsStopsStartUpWithOneLineNamingTheKey() {
    String plain = TestPostgres.newDatabase().toConfigValue();
    String required = plain.replace("sslmode=disable", "sslmode=require");

    assertThatThrownBy(() -> FieldReadingsServer.start(TestServers.config(dataDir,
        Map.of("FR_DATABASE_URL", required))))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("cannot connect to the database of database.url, " + DatabaseUrl.parse(required)
            + ": The server does not support SSL.");
  }
}
