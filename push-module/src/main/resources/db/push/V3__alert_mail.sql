-- The e-mails of alert events of rules with email = true, written in the transaction that stores the event and
-- handed to the access module's mail outbox (claimed like the webhook deliveries).
CREATE TABLE alert_mail (
  event_id        uuid PRIMARY KEY REFERENCES alert_event ON DELETE CASCADE,
  state           text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'queued', 'abandoned')),
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error      text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  finished_at     timestamptz
);
CREATE INDEX alert_mail_due ON alert_mail (next_attempt_at) WHERE state = 'pending';
CREATE INDEX alert_mail_finished ON alert_mail (finished_at) WHERE state <> 'pending';
