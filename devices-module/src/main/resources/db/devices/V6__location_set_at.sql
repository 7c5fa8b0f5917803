-- When each device's location was last set or changed (SensorThings' HistoricalLocation time). A trigger keeps it,
-- so every write path (admin, learning from ingest) counts, and a location written again unchanged does not.
ALTER TABLE device ADD COLUMN location_set_at timestamptz;
UPDATE device SET location_set_at = created_at WHERE latitude IS NOT NULL;

CREATE FUNCTION device_location_set() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.latitude IS NULL THEN
    NEW.location_set_at := NULL;
  ELSIF TG_OP = 'INSERT' THEN
    -- A restored backup brings its own time.
    NEW.location_set_at := coalesce(NEW.location_set_at, now());
  ELSIF NEW.latitude IS DISTINCT FROM OLD.latitude OR NEW.longitude IS DISTINCT FROM OLD.longitude THEN
    NEW.location_set_at := now();
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER device_location_set BEFORE INSERT OR UPDATE OF latitude, longitude ON device
  FOR EACH ROW EXECUTE FUNCTION device_location_set();
