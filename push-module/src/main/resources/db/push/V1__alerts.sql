-- Alert rules of the entities, each with its evaluation state, and the events they produced.

CREATE TABLE alert_rule (
  rule_id       uuid PRIMARY KEY,
  entity_id     text NOT NULL,
  name          text NOT NULL,
  profile       text NOT NULL,
  serial        text NOT NULL,
  device_id     bigint NOT NULL,
  connector_id  text NOT NULL,
  interface     text NOT NULL,
  condition     text NOT NULL CHECK (condition IN ('below', 'above', 'silent')),
  threshold     double precision,
  for_ms        bigint NOT NULL CHECK (for_ms >= 0),
  email         boolean NOT NULL,
  enabled       boolean NOT NULL,
  created_ms    bigint NOT NULL,
  -- Evaluation: the newest reading timestamp judged (epoch ms; older readings never change the state), when the
  -- condition began to hold (below/above), and whether the rule is triggered now.
  judged_ts     bigint,
  holding_since bigint,
  triggered     boolean NOT NULL DEFAULT false,
  CHECK ((condition = 'silent') = (threshold IS NULL))
);
CREATE INDEX alert_rule_entity ON alert_rule (entity_id, created_ms, rule_id);
CREATE INDEX alert_rule_series ON alert_rule (device_id, connector_id, interface) WHERE enabled;
-- A silence is counted from the newest reading judged, or from the rule's creation (or last change).
CREATE INDEX alert_rule_silent ON alert_rule ((coalesce(judged_ts, created_ms) + for_ms))
  WHERE enabled AND condition = 'silent' AND NOT triggered;

CREATE TABLE alert_event (
  event_id   uuid PRIMARY KEY,
  rule_id    uuid NOT NULL REFERENCES alert_rule ON DELETE CASCADE,
  entity_id  text NOT NULL,
  type       text NOT NULL CHECK (type IN ('alert.triggered', 'alert.resolved')),
  at         bigint NOT NULL,
  value      double precision,
  seq        bigserial NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX alert_event_rule ON alert_event (rule_id, seq);
