-- The IANA zone of a device's location, resolved off the request path after the location is learned or set, and
-- the location it was resolved for (a moved device is resolved again). Null while unknown or without location.
ALTER TABLE device
  ADD COLUMN time_zone text,
  ADD COLUMN time_zone_latitude double precision,
  ADD COLUMN time_zone_longitude double precision;
