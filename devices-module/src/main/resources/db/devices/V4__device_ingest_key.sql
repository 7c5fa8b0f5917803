-- The ingest key (access.ingest_key.key_id) through which a device was first reported: no other key writes it
-- until an operator hands it over (docs/operations.md, "Ingest keys"). NULL: created by an operator or an import,
-- or before keys were recorded; the first key allowed to write such a device claims it.
ALTER TABLE device ADD COLUMN ingest_key_id bigint;
CREATE INDEX device_ingest_key ON device (ingest_key_id) WHERE ingest_key_id IS NOT NULL;
