-- Readings as series blocks: one row per series and UTC day holding that day's readings encoded compactly (times
-- as delta-of-delta, values as decimal deltas; see the readings module's block package), and the rollups likewise as
-- one row per series and UTC month (its hours) and per series and UTC year (its days). A year of 15-minute readings
-- is 366 rows, its hours 12 rows and its days one. V3 moves the readings of V1's tables in and drops those.
-- readings.latest holds each series' newest reading, kept by the writer in the transaction of the blocks, so the
-- latest values are read without decoding any block.

CREATE TABLE point_block (
  series_id integer NOT NULL,
  day       date NOT NULL,
  data      bytea NOT NULL,
  PRIMARY KEY (series_id, day)
);

CREATE TABLE hour_block (
  series_id integer NOT NULL,
  month     date NOT NULL,
  data      bytea NOT NULL,
  PRIMARY KEY (series_id, month)
);

CREATE TABLE day_block (
  series_id integer NOT NULL,
  year      date NOT NULL,
  data      bytea NOT NULL,
  PRIMARY KEY (series_id, year)
);

CREATE TABLE latest (
  series_id integer PRIMARY KEY,
  ts        timestamptz NOT NULL,
  value     double precision NOT NULL
);
