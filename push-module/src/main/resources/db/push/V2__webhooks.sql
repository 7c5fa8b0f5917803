-- The entities' webhooks and the durable outbox of their deliveries.

CREATE TABLE webhook (
  webhook_id        uuid PRIMARY KEY,
  entity_id         text NOT NULL,
  url               text NOT NULL,
  events            text[] NOT NULL,
  -- The signing secret, sealed under the master key: it is shown once, when the webhook is created.
  secret_ciphertext bytea NOT NULL,
  -- Cleared when the receiver answers 410 Gone.
  enabled           boolean NOT NULL DEFAULT true,
  created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_entity ON webhook (entity_id, created_at);

-- One row per event and webhook, written in the transaction that stores the event. Claimed like the mail outbox:
-- attempts is the token of the current claim, next_attempt_at its lease or the next retry; claimed_until is set
-- while an attempt is under way, so that a webhook has one attempt at a time and a slow receiver holds one sender.
CREATE TABLE webhook_delivery (
  delivery_id     uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  webhook_id      uuid NOT NULL REFERENCES webhook ON DELETE CASCADE,
  type            text NOT NULL,
  -- The alert event delivered; null for webhook.test.
  event_id        uuid REFERENCES alert_event ON DELETE CASCADE,
  state           text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'abandoned')),
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  claimed_until   timestamptz,
  last_error      text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  finished_at     timestamptz
);
CREATE INDEX webhook_delivery_due ON webhook_delivery (next_attempt_at) WHERE state = 'pending';
-- For the cascades of a deleted webhook or rule (its events).
CREATE INDEX webhook_delivery_webhook ON webhook_delivery (webhook_id);
CREATE INDEX webhook_delivery_under_way ON webhook_delivery (webhook_id) WHERE claimed_until IS NOT NULL;
CREATE INDEX webhook_delivery_event ON webhook_delivery (event_id);
CREATE INDEX webhook_delivery_finished ON webhook_delivery (finished_at) WHERE state <> 'pending';
