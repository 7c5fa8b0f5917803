-- An ingest key's scope (docs/operations.md, "Ingest keys"). key_id names the key to the devices module, which
-- records the key that first reported each device: keys created before it existed get one too. A key bound to an
-- entity creates that entity's devices and writes no other; accept_location lets a key's payloads change the group
-- and location of devices that already exist (existing keys do not: an operator recreates them to opt in).
ALTER TABLE ingest_key ADD COLUMN key_id bigint GENERATED ALWAYS AS IDENTITY;
ALTER TABLE ingest_key ADD CONSTRAINT ingest_key_key_id UNIQUE (key_id);
ALTER TABLE ingest_key ADD COLUMN entity_id text REFERENCES entity;
ALTER TABLE ingest_key ADD COLUMN accept_location boolean NOT NULL DEFAULT false;
