-- Each series' newest reading moves from readings.latest into its row of the series dictionary. The latest values of
-- a page of devices are then one range of the series index per device, with no join: they are read at the speed of
-- the fleet answer however many devices the node holds. The writer updates these columns in the transaction of the
-- blocks, on rows it already locks to write them. Migration 3 runs that writer, so it adds the columns itself.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM information_schema.columns
                 WHERE table_schema = 'readings' AND table_name = 'series' AND column_name = 'latest_ts') THEN
    ALTER TABLE series ADD COLUMN latest_ts timestamptz, ADD COLUMN latest_value double precision;
  END IF;
END $$;
UPDATE series s SET latest_ts = l.ts, latest_value = l.value FROM latest l WHERE l.series_id = s.series_id;
DROP TABLE latest;
-- Room on each page for the new version of a row the writer updates, so the update stays on the page (HOT).
ALTER TABLE series SET (fillfactor = 80);
