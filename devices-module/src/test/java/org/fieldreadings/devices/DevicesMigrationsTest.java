package org.fieldreadings.devices;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.fieldreadings.core.db.DatabaseUrl;
import org.fieldreadings.core.db.Migrations;
import org.fieldreadings.core.testing.TestPostgres;
import org.flywaydb.core.api.FlywayException;
import org.junit.jupiter.api.Test;

/** The devices schema's migrations start on databases that applied V1 before its comments were reworded. */
class DevicesMigrationsTest {

  private static final String CHECKSUM_OF_V1 = "SELECT checksum FROM devices.flyway_schema_history WHERE version = '1'";

  private final DatabaseUrl database = TestPostgres.newDatabase();

  @Test
  void aDatabaseThatAppliedTheOldWordingOfV1StillStartsAndRecordsTheNewChecksum() {
    Migrations.migrate(database, List.of(DevicesModule.SCHEMA));
    assertThat(TestPostgres.queryString(database, CHECKSUM_OF_V1)).isEqualTo("-89269390");
    TestPostgres.execute(database, "UPDATE devices.flyway_schema_history SET checksum = -357699947 WHERE version = '1'");

    Migrations.migrate(database, List.of(DevicesModule.SCHEMA));

    assertThat(TestPostgres.queryString(database, CHECKSUM_OF_V1)).isEqualTo("-89269390");
  }

  @Test
  void anyOtherChangeOfAnAppliedMigrationStillStopsStartUp() {
    Migrations.migrate(database, List.of(DevicesModule.SCHEMA));
    TestPostgres.execute(database, "UPDATE devices.flyway_schema_history SET checksum = 12345 WHERE version = '1'");

    assertThatThrownBy(() -> Migrations.migrate(database, List.of(DevicesModule.SCHEMA)))
        .isInstanceOf(FlywayException.class).hasMessageContaining("checksum mismatch");
  }
}
