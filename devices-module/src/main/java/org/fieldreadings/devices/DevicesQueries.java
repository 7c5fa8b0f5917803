package org.fieldreadings.devices;

import io.vertx.sqlclient.Row;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.fieldreadings.core.bus.DeviceRef;
import org.fieldreadings.plugin.api.Profile;

/**
 * The SQL of the devices module and the row mappers that read its answers. Profiles travel as text and are cast
 * to the {@code devices.device_profile} enumeration, in documented order. Connectors and subscriptions are
 * aggregated into parallel arrays, so that one row describes one device and one round trip answers.
 */
final class DevicesQueries {

  private DevicesQueries() {}

  /** Per device {@code d}: its (connector id, interface) pairs as two aligned arrays, null when it has none. */
  private static final String CONNECTORS_OF_D = """
      LEFT JOIN LATERAL (
        SELECT array_agg(ci.connector_id ORDER BY ci.connector_id, ci.interface) AS connector_ids,
               array_agg(ci.interface ORDER BY ci.connector_id, ci.interface) AS interfaces
        FROM devices.connector_interface ci
        WHERE ci.device_id = d.device_id) c ON true
      """;

  /** Everything of device {@code d} that {@link #device(Row)} reads, and the joins they come from. */
  private static final String DEVICE_COLUMNS = """
      d.profile, d.serial, d.device_group, d.latitude, d.longitude,
      s.start_dates, s.end_dates, c.connector_ids, c.interfaces
      """;
  private static final String DEVICE_JOINS = """
      FROM devices.device d
      LEFT JOIN LATERAL (
        SELECT array_agg(sub.start_date ORDER BY sub.start_date, sub.end_date) AS start_dates,
               array_agg(sub.end_date ORDER BY sub.start_date, sub.end_date) AS end_dates
        FROM devices.subscription sub
        WHERE sub.device_id = d.device_id) s ON true
      """ + CONNECTORS_OF_D;

  /** The entities that have device {@code d}, sorted. */
  private static final String ENTITIES_OF_D = """
      ARRAY(SELECT ed.entity_id FROM devices.entity_device ed
            WHERE ed.device_id = d.device_id ORDER BY ed.entity_id) AS entities
      """;

  /** Devices as {@link #device(Row)} reads them; callers add the WHERE clause. */
  private static final String DEVICES = "SELECT " + DEVICE_COLUMNS + DEVICE_JOINS;

  /** $1 profile, $2 serial, $3 entity id: the device if the entity may read it. */
  static final String DESCRIBE_FOR_ENTITY = DEVICES + """
      WHERE d.profile = $1::text::devices.device_profile AND d.serial = $2
        AND EXISTS (SELECT 1 FROM devices.entity_device ed WHERE ed.entity_id = $3 AND ed.device_id = d.device_id)
      """;

  /** $1 device id. */
  static final String DESCRIBE_BY_ID = DEVICES + "WHERE d.device_id = $1";

  /** $1 profile, $2 serial, $3 entity id: id, zone, latitude and connectors of the device if the entity may read it. */
  static final String RESOLVE = """
      SELECT d.device_id, d.time_zone, d.latitude, c.connector_ids, c.interfaces
      FROM devices.device d
      JOIN devices.entity_device ed ON ed.device_id = d.device_id AND ed.entity_id = $3
      """ + CONNECTORS_OF_D + """
      WHERE d.profile = $1::text::devices.device_profile AND d.serial = $2
      """;

  /** Located devices whose zone was not resolved for their current location. */
  static final String ZONE_PENDING = """
      SELECT device_id, latitude, longitude FROM devices.device
      WHERE latitude IS NOT NULL
        AND (time_zone_latitude IS DISTINCT FROM latitude OR time_zone_longitude IS DISTINCT FROM longitude)
      """;

  /**
   * $1 device ids, $2 zones (null: none found), $3 latitudes, $4 longitudes they were resolved for: stored unless
   * the device moved meanwhile (then it stays pending).
   */
  static final String ZONE_STORE = """
      UPDATE devices.device d
      SET time_zone = z.zone, time_zone_latitude = z.latitude, time_zone_longitude = z.longitude
      FROM unnest($1::bigint[], $2::text[], $3::float8[], $4::float8[]) AS z(device_id, zone, latitude, longitude)
      WHERE d.device_id = z.device_id AND d.latitude = z.latitude AND d.longitude = z.longitude
      """;

  /**
   * Closes a page of an entity's devices {@code d} (joined through {@code ed}): $1 entity id, $2 profile or null, $3
   * group or null, $4 and $5 the profile and serial the page starts after (never null: the first page starts after
   * {@link #START}), $6 the page size. The page is a range of the index {@code entity_device_listing}: its cost does
   * not grow with the devices before it.
   */
  private static final String ENTITY_PAGE_OF_D = """
      WHERE ed.entity_id = $1
        AND (ed.entity_id, ed.profile, ed.serial) > ($1, $4::text::devices.device_profile, $5::text)
        AND ($2::text IS NULL OR ed.profile = $2::text::devices.device_profile)
        AND ($3::text IS NULL OR d.device_group = $3::text)
      """;
  private static final String ENTITY_PAGE_ORDER = """
      ORDER BY ed.entity_id, ed.profile, ed.serial
      LIMIT $6
      """;

  /**
   * The device {@code d} of each row {@code ed} of a page, looked up row by row through its primary key: the LIMIT
   * keeps the planner from making it a join, which its generic plan (rows of an optional filter misjudged) turned
   * into a scan of the whole registry for every row of the page.
   */
  private static final String DEVICE_OF_ED = """
      CROSS JOIN LATERAL (SELECT * FROM devices.device d WHERE d.device_id = ed.device_id LIMIT 1) d
      """;

  /** The serial every page of a profile's devices starts after when it is the first: below every serial. */
  static final String START = "";

  /** An entity's devices as {@code GET /devices/serials} lists them, one page (parameters as {@link #ENTITY_PAGE_OF_D}). */
  static final String LIST_PAGE = """
      SELECT d.profile, d.serial, d.device_group
      FROM devices.entity_device ed
      """ + DEVICE_OF_ED + ENTITY_PAGE_OF_D + ENTITY_PAGE_ORDER;

  /**
   * An entity's devices with ids and connectors, one page (parameters as {@link #ENTITY_PAGE_OF_D}): the page's
   * devices first, then their connectors, so that no plan aggregates connectors of devices outside the page.
   */
  static final String ENTITY_PAGE = """
      SELECT d.device_id, d.profile, d.serial, c.connector_ids, c.interfaces
      FROM (
        SELECT ed.device_id, ed.profile, ed.serial
        FROM devices.entity_device ed
      """ + DEVICE_OF_ED + ENTITY_PAGE_OF_D + ENTITY_PAGE_ORDER + ") d\n" + CONNECTORS_OF_D + "ORDER BY d.profile, d.serial\n";

  /** An entity's devices that have a location, one page (parameters as {@link #ENTITY_PAGE_OF_D}). */
  static final String LOCATION_PAGE = """
      SELECT d.device_id, d.profile, d.serial, d.latitude, d.longitude
      FROM devices.entity_device ed
      """ + DEVICE_OF_ED + ENTITY_PAGE_OF_D + "  AND d.latitude IS NOT NULL\n" + ENTITY_PAGE_ORDER;

  /**
   * The operator's list, one page: $1 profile or null, $2 group or null, $3 only devices no entity has, $4 and $5
   * the profile and serial the page starts after (never null, as in {@link #ENTITY_PAGE_OF_D}), $6 the page size.
   */
  static final String ADMIN_PAGE = "SELECT d.device_id, d.profile, d.serial, d.device_group, " + ENTITIES_OF_D + """
      , (SELECT count(DISTINCT ci.connector_id) FROM devices.connector_interface ci
         WHERE ci.device_id = d.device_id)::int AS connectors
      FROM devices.device d
      WHERE ($1::text IS NULL OR d.profile = $1::text::devices.device_profile)
        AND ($2::text IS NULL OR d.device_group = $2::text)
        AND (NOT $3::boolean OR NOT EXISTS (SELECT 1 FROM devices.entity_device ed WHERE ed.device_id = d.device_id))
        AND (d.profile, d.serial) > ($4::text::devices.device_profile, $5::text)
      ORDER BY d.profile, d.serial
      LIMIT $6
      """;

  /** $1 profile, $2 serial: the device for the operator, with its id and entities. */
  static final String ADMIN_DESCRIBE = "SELECT d.device_id, " + ENTITIES_OF_D + ", " + DEVICE_COLUMNS + DEVICE_JOINS
      + "WHERE d.profile = $1::text::devices.device_profile AND d.serial = $2";

  /** $1 profile, $2 serial, $3 group, $4 latitude, $5 longitude: the new device's id, no row if it exists. */
  static final String CREATE_DEVICE = """
      INSERT INTO devices.device (profile, serial, device_group, latitude, longitude)
      VALUES ($1::text::devices.device_profile, $2, $3, $4, $5)
      ON CONFLICT (profile, serial) DO NOTHING
      RETURNING device_id
      """;

  /** Parameters as {@link #CREATE_DEVICE}; null facts keep their value. */
  static final String UPDATE_DEVICE = """
      UPDATE devices.device
      SET device_group = COALESCE($3, device_group), latitude = COALESCE($4, latitude),
          longitude = COALESCE($5, longitude)
      WHERE profile = $1::text::devices.device_profile AND serial = $2
      RETURNING device_id
      """;

  /**
   * Learning: $1 profiles, $2 serials, $3 groups, $4 latitudes, $5 longitudes (null: not given), $6 ingest key ids
   * (null: none), one distinct device per index. Creates the unknown devices, updates the known ones with the facts
   * given (a device's first ingest key stays), and returns every
   * device's id; rows are written in array order, so callers sort to take row locks in one order.
   */
  static final String UPSERT_DEVICES = """
      INSERT INTO devices.device AS d (profile, serial, device_group, latitude, longitude, ingest_key_id)
      SELECT i.profile::devices.device_profile, i.serial, i.device_group, i.latitude, i.longitude, i.ingest_key_id
      FROM unnest($1::text[], $2::text[], $3::text[], $4::float8[], $5::float8[], $6::bigint[])
        AS i(profile, serial, device_group, latitude, longitude, ingest_key_id)
      ON CONFLICT (profile, serial) DO UPDATE
      SET device_group = COALESCE(EXCLUDED.device_group, d.device_group),
          latitude = COALESCE(EXCLUDED.latitude, d.latitude),
          longitude = COALESCE(EXCLUDED.longitude, d.longitude),
          ingest_key_id = COALESCE(d.ingest_key_id, EXCLUDED.ingest_key_id)
      RETURNING d.device_id, d.profile, d.serial
      """;

  /** Learning: $1 profiles, $2 serials: what is known of those devices (unknown ones have no row). */
  static final String KNOWN_DEVICES = """
      SELECT d.device_id, d.profile, d.serial, d.device_group, d.latitude, d.longitude, d.ingest_key_id,
             c.connector_ids, c.interfaces,
      """ + ENTITIES_OF_D + """
      FROM unnest($1::text[], $2::text[]) AS i(profile, serial)
      JOIN devices.device d ON d.profile = i.profile::devices.device_profile AND d.serial = i.serial
      """ + CONNECTORS_OF_D;

  /** $1 ingest key id: how many devices it reported first. */
  static final String DEVICES_OF_INGEST_KEY = "SELECT count(*) FROM devices.device WHERE ingest_key_id = $1";

  /** How many devices each ingest key reported first. */
  static final String DEVICES_PER_INGEST_KEY = """
      SELECT ingest_key_id, count(*) AS devices FROM devices.device
      WHERE ingest_key_id IS NOT NULL GROUP BY ingest_key_id""";

  /** $1 entity id, $2 device ids: associates the devices with the entity. */
  static final String ASSIGN_ALL = """
      INSERT INTO devices.entity_device (entity_id, device_id, profile, serial)
      SELECT $1::text, d.device_id, d.profile, d.serial FROM devices.device d
      WHERE d.device_id = ANY($2::bigint[]) ORDER BY d.device_id
      ON CONFLICT DO NOTHING""";

  /** $1 profile, $2 serial, $3 ingest key id: the device's id, no row if it is unknown. */
  static final String HAND_OVER = """
      UPDATE devices.device SET ingest_key_id = $3
      WHERE profile = $1::text::devices.device_profile AND serial = $2
      RETURNING device_id""";

  /** $1 device ids, $2 connector ids, $3 interface names: adds the pairs the devices lack, in array order. */
  static final String ADD_CONNECTORS = """
      INSERT INTO devices.connector_interface (device_id, connector_id, interface)
      SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[])
      ON CONFLICT DO NOTHING
      """;

  /** $1 device id. */
  static final String REMOVE_CONNECTORS = "DELETE FROM devices.connector_interface WHERE device_id = $1";

  /** Opens a statement on the device of $1 profile and $2 serial: its id, or no row when it is unknown. */
  private static final String TARGET = """
      WITH target AS (
        SELECT device_id FROM devices.device WHERE profile = $1::text::devices.device_profile AND serial = $2),
      """;

  /** $1 profile, $2 serial, $3 start date, $4 end date: the device's id, no row if it is unknown. */
  static final String ADD_SUBSCRIPTION = TARGET + """
      added AS (
        INSERT INTO devices.subscription (device_id, start_date, end_date)
        SELECT device_id, $3::date, $4::date FROM target
        ON CONFLICT DO NOTHING)
      SELECT device_id FROM target
      """;

  /** $1 profile, $2 serial, $3 entity id: the device's id, no row if it is unknown. */
  static final String ASSIGN = TARGET + """
      added AS (
        INSERT INTO devices.entity_device (entity_id, device_id, profile, serial)
        SELECT $3::text, device_id, $1::text::devices.device_profile, $2 FROM target
        ON CONFLICT DO NOTHING)
      SELECT device_id FROM target
      """;

  /** $1 profile, $2 serial, $3 entity id: the device's id, no row if it is unknown. */
  static final String UNASSIGN = TARGET + """
      removed AS (
        DELETE FROM devices.entity_device ed USING target
        WHERE ed.entity_id = $3 AND ed.device_id = target.device_id)
      SELECT device_id FROM target
      """;

  /** A row of {@link #DESCRIBE_FOR_ENTITY} or {@link #DESCRIBE_BY_ID}. */
  static Device device(Row row) {
    LocalDate[] starts = row.getArrayOfLocalDates("start_dates");
    LocalDate[] ends = row.getArrayOfLocalDates("end_dates");
    List<Subscription> subscriptions = new ArrayList<>();
    for (int i = 0; starts != null && i < starts.length; i++) {
      subscriptions.add(new Subscription(starts[i], ends[i]));
    }
    return new Device(ref(row), facts(row), List.copyOf(subscriptions), connectors(row));
  }

  /** A row of {@link #LIST_PAGE}. */
  static DeviceSummary summary(Row row) {
    return new DeviceSummary(ref(row), row.getString("device_group"));
  }

  static DeviceRef ref(Row row) {
    return new DeviceRef(Profile.valueOf(row.getString("profile")), row.getString("serial"));
  }

  static DeviceFacts facts(Row row) {
    Double latitude = row.getDouble("latitude");
    return new DeviceFacts(row.getString("device_group"),
        latitude == null ? null : new Location(latitude, row.getDouble("longitude")));
  }

  static Connectors connectors(Row row) {
    return Connectors.fromColumns(row.getArrayOfStrings("connector_ids"), row.getArrayOfStrings("interfaces"));
  }
}
