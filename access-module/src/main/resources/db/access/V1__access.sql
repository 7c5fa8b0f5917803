-- Entities and their API keys. A key is stored only as an HMAC lookup digest and an AES-GCM ciphertext under the
-- master key, so a dump of these tables reveals no key.
CREATE TABLE entity (
  entity_id  text PRIMARY KEY,
  email      text NOT NULL,
  name       text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX entity_email_key ON entity (lower(email));

CREATE TABLE api_key (
  entity_id      text PRIMARY KEY REFERENCES entity,
  lookup_digest  bytea NOT NULL UNIQUE,
  key_ciphertext bytea NOT NULL,
  issued_at      timestamptz NOT NULL DEFAULT now(),
  revoked_at     timestamptz
);
