-- Readings: a series dictionary and narrow points, time-partitioned by month, with hourly and daily rollups kept
-- in step with the points on every write.

-- One series per (device, connector, interface); points refer to it by a 4-byte id.
CREATE TABLE series (
  series_id    integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  device_id    bigint NOT NULL,
  connector_id text NOT NULL,
  interface    text NOT NULL,
  UNIQUE (device_id, connector_id, interface)
);

-- The primary key carries the value (INCLUDE), so a one-series range scan is an index-only scan over that
-- series' contiguous index pages. Monthly partitions are created ahead and on demand (readings.point_YYYYMM).
CREATE TABLE point (
  series_id integer NOT NULL,
  ts        timestamptz NOT NULL,
  value     double precision NOT NULL,
  PRIMARY KEY (series_id, ts) INCLUDE (value)
) PARTITION BY RANGE (ts);

-- What every aggregation function needs per bucket: count, sum, min, max, the last value and its time, and the
-- sine/cosine sums of a wind direction's circular mean.
CREATE TABLE rollup_hour (
  series_id  integer NOT NULL,
  bucket     timestamptz NOT NULL,
  n          integer NOT NULL,
  sum        double precision NOT NULL,
  min        double precision NOT NULL,
  max        double precision NOT NULL,
  last_ts    timestamptz NOT NULL,
  last_value double precision NOT NULL,
  sin_sum    double precision NOT NULL,
  cos_sum    double precision NOT NULL,
  PRIMARY KEY (series_id, bucket)
);

CREATE TABLE rollup_day (LIKE rollup_hour INCLUDING ALL);
