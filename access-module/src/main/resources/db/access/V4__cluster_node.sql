-- The nodes sharing this database, each row refreshed by its node's heartbeat (docs/operations.md, "Running several
-- nodes"): how many there are now decides each node's share of a key's rate limit.
CREATE TABLE cluster_node (
  node_id text PRIMARY KEY,
  seen_at timestamptz NOT NULL
);
