-- Operators list and revoke ingest keys by their first 8 characters (never the whole key, which only its holder has).
-- Keys created before this column existed have none: they are listed without a prefix.
ALTER TABLE ingest_key ADD COLUMN prefix text;
CREATE INDEX ingest_key_prefix ON ingest_key (prefix);
