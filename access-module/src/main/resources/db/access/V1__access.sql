-- The access module's tables. Secrets are never stored in clear: API keys, ingest keys and temporary tokens are
-- found by an HMAC-SHA-256 lookup digest under the master key, API keys are also kept AES-GCM encrypted (so
-- POST /access can return an entity's current key), and queued mails, which carry a token, are encrypted too.

CREATE TABLE entity (
  entity_id  text PRIMARY KEY,
  email      text NOT NULL,
  name       text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX entity_email_key ON entity (lower(email));

-- One key per entity; a revoked key keeps its row (revoked_at set) until support issues a new one.
CREATE TABLE api_key (
  entity_id      text PRIMARY KEY REFERENCES entity,
  lookup_digest  bytea NOT NULL UNIQUE,
  key_ciphertext bytea NOT NULL,
  issued_at      timestamptz NOT NULL DEFAULT now(),
  revoked_at     timestamptz
);

-- At most one live temporary token per entity: a newer token replaces (supersedes) the older one.
CREATE TABLE access_token (
  entity_id    text PRIMARY KEY REFERENCES entity,
  token_digest bytea NOT NULL UNIQUE,
  expires_at   timestamptz NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);

-- Token requests of the last hour, for the per e-mail and per client address limits (both kept as digests).
CREATE TABLE token_request (
  requested_at  timestamptz NOT NULL DEFAULT now(),
  email_digest  bytea NOT NULL,
  client_digest bytea NOT NULL
);
CREATE INDEX token_request_email ON token_request (email_digest, requested_at);
CREATE INDEX token_request_client ON token_request (client_digest, requested_at);

-- Durable mail queue, written in the same transaction as the token it carries. The payload is cleared once sent.
CREATE TABLE mail_outbox (
  mail_id         bigserial PRIMARY KEY,
  payload         bytea,
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error      text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  sent_at         timestamptz
);
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL;

-- Keys of supplier gateways pushing raw data: each only ingests for its profile.
CREATE TABLE ingest_key (
  lookup_digest bytea PRIMARY KEY,
  profile       text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
