-- The outbox also carries notices other modules ask for (alert events), each queued once under its dedup key.
ALTER TABLE mail_outbox ADD COLUMN kind text NOT NULL DEFAULT 'token' CHECK (kind IN ('token', 'notice'));
ALTER TABLE mail_outbox ADD COLUMN dedup_key text;
CREATE UNIQUE INDEX mail_outbox_dedup ON mail_outbox (dedup_key);
