-- The device registry. Flyway runs this with search_path = devices, so names are unqualified here; runtime SQL
-- qualifies them. Identifiers that responses sort by use the "C" collation: byte order, the same on every server
-- and the same as Java's String order for their ASCII syntax.

-- The profiles in the enumeration order of docs/api.md ("Identifiers"): ORDER BY profile sorts the way responses must.
CREATE TYPE device_profile AS ENUM ('PROFILE_A', 'REAL_WEATHER_STATION', 'PROFILE_B', 'PROFILE_C', 'PROFILE_D');

CREATE TABLE device (
  device_id    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  profile      device_profile NOT NULL,
  serial       text COLLATE "C" NOT NULL CHECK (serial ~ '^[A-Za-z0-9._:-]{1,64}$'),
  device_group text COLLATE "C" CHECK (device_group ~ '^[A-Z0-9_]{1,32}$'),
  latitude     double precision CHECK (latitude BETWEEN -90 AND 90),
  longitude    double precision CHECK (longitude BETWEEN -180 AND 180),
  created_at   timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT device_profile_serial_key UNIQUE (profile, serial),
  CONSTRAINT device_location_complete CHECK ((latitude IS NULL) = (longitude IS NULL))
);

CREATE TABLE subscription (
  device_id  bigint NOT NULL REFERENCES device,
  start_date date NOT NULL,
  end_date   date NOT NULL,
  PRIMARY KEY (device_id, start_date, end_date),
  CHECK (start_date <= end_date)
);

-- One row per interface a connector carries; learned from ingested data or declared by an operator.
CREATE TABLE connector_interface (
  device_id    bigint NOT NULL REFERENCES device,
  connector_id text COLLATE "C" NOT NULL CHECK (connector_id ~ '^[A-Za-z0-9._:-]{1,64}$'),
  interface    text NOT NULL,
  PRIMARY KEY (device_id, connector_id, interface)
);

-- Which entities' keys reach which devices (many-to-many). The primary key serves both "the devices of an
-- entity" (listing) and "may this entity read this device" (resolving).
CREATE TABLE entity_device (
  entity_id text NOT NULL,
  device_id bigint NOT NULL REFERENCES device,
  PRIMARY KEY (entity_id, device_id)
);
