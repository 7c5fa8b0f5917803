package org.fieldreadings.access;

/** The access module's SQL, in one place. */
final class AccessQueries {

  static final String AUTHENTICATE = """
      SELECT entity_id, NULL AS profile, NULL::bigint AS key_id, NULL::boolean AS accept_location
      FROM access.api_key WHERE lookup_digest = $1 AND revoked_at IS NULL
      UNION ALL
      SELECT entity_id, profile, key_id, accept_location FROM access.ingest_key WHERE lookup_digest = $1""";

  static final String ACTIVE_KEY_DIGESTS = """
      SELECT lookup_digest FROM access.api_key WHERE revoked_at IS NULL
      UNION ALL
      SELECT lookup_digest FROM access.ingest_key""";

  static final String ENTITY_EXISTS = "SELECT 1 FROM access.entity WHERE entity_id = $1";

  static final String INSERT_ENTITY = "INSERT INTO access.entity (entity_id, email, name) VALUES ($1, $2, $3)";

  static final String LIST_ENTITIES = """
      SELECT e.entity_id, e.email, e.name,
             CASE WHEN k.entity_id IS NULL THEN 'NONE' WHEN k.revoked_at IS NULL THEN 'ACTIVE' ELSE 'REVOKED' END
               AS key_status
      FROM access.entity e LEFT JOIN access.api_key k USING (entity_id)
      ORDER BY e.created_at, e.entity_id""";

  /**
   * Serialises the token requests of one e-mail address, and of one client address, until the transaction ends, so
   * concurrent requests cannot all count below a limit and all be sent. Always the e-mail's lock first, then the
   * client's (two key spaces), so two requests never wait for each other in a cycle.
   */
  static final String LOCK_TOKEN_REQUESTERS = """
      SELECT pg_advisory_xact_lock(1, hashtext(encode($1, 'hex'))),
             pg_advisory_xact_lock(2, hashtext(encode($2, 'hex')))""";

  static final String RECORD_TOKEN_REQUEST =
      "INSERT INTO access.token_request (email_digest, client_digest) VALUES ($1, $2)";

  /**
   * The requests of the last hour before this one (indexed counts, each at most a limit since refused requests
   * are not recorded); the entity columns are null for an unknown address.
   */
  static final String TOKEN_REQUEST_CONTEXT = """
      SELECT (SELECT count(*) FROM access.token_request
              WHERE email_digest = $1 AND requested_at > now() - interval '1 hour') AS by_email,
             (SELECT count(*) FROM access.token_request
              WHERE client_digest = $2 AND requested_at > now() - interval '1 hour') AS by_client,
             e.entity_id, e.email, e.name
      FROM (SELECT 1) AS one LEFT JOIN access.entity e ON lower(e.email) = lower($3)""";

  /** Runs on both paths; inserts nothing for an unknown entity, so known and unknown addresses cost the same. */
  static final String UPSERT_TOKEN = """
      INSERT INTO access.access_token (entity_id, token_digest, expires_at)
      SELECT entity_id, $2, $3 FROM access.entity WHERE entity_id = $1
      ON CONFLICT (entity_id) DO UPDATE
        SET token_digest = excluded.token_digest, expires_at = excluded.expires_at, created_at = now()""";

  static final String ENQUEUE_MAIL = """
      INSERT INTO access.mail_outbox (payload)
      SELECT $2 FROM access.entity WHERE entity_id = $1""";

  static final String ENTITY_EMAIL = "SELECT email FROM access.entity WHERE entity_id = $1";

  /** A notice named by $2, queued once however often it is asked for. */
  static final String ENQUEUE_NOTICE = """
      INSERT INTO access.mail_outbox (payload, kind, dedup_key) VALUES ($1, 'notice', $2)
      ON CONFLICT (dedup_key) DO NOTHING""";

  /** Single use: the token row is gone once exchanged. */
  static final String CONSUME_TOKEN = """
      DELETE FROM access.access_token WHERE token_digest = $1
      RETURNING entity_id, expires_at > now() AS valid""";

  static final String KEY_OF_ENTITY = """
      SELECT key_ciphertext, revoked_at IS NOT NULL AS revoked FROM access.api_key WHERE entity_id = $1""";

  static final String CREATE_KEY_IF_NONE = """
      INSERT INTO access.api_key (entity_id, lookup_digest, key_ciphertext) VALUES ($1, $2, $3)
      ON CONFLICT (entity_id) DO NOTHING""";

  /** Support's key: replaces any previous key, revoked or not. Updates nothing for an unknown entity. */
  static final String REPLACE_KEY = """
      INSERT INTO access.api_key (entity_id, lookup_digest, key_ciphertext)
      SELECT entity_id, $2, $3 FROM access.entity WHERE entity_id = $1
      ON CONFLICT (entity_id) DO UPDATE
        SET lookup_digest = excluded.lookup_digest, key_ciphertext = excluded.key_ciphertext,
            issued_at = now(), revoked_at = NULL""";

  static final String REVOKE_KEY =
      "UPDATE access.api_key SET revoked_at = now() WHERE entity_id = $1 AND revoked_at IS NULL";

  static final String DROP_TOKENS_OF_ENTITY = "DELETE FROM access.access_token WHERE entity_id = $1";

  /** Tells every node sharing the database; each evicts its authentication cache. */
  static final String NOTIFY_KEY_CHANGED = "SELECT pg_notify('" + KeyChangeListener.CHANNEL + "', $1)";

  static final String INSERT_INGEST_KEY = """
      INSERT INTO access.ingest_key (lookup_digest, profile, prefix, entity_id, accept_location)
      VALUES ($1, $2, $3, $4, $5)""";

  static final String LIST_INGEST_KEYS = """
      SELECT key_id, prefix, profile, created_at, entity_id, accept_location FROM access.ingest_key
      ORDER BY created_at, prefix""";

  /** $1 prefix: the ingest keys it names (more than one: ambiguous). */
  static final String INGEST_KEY_IDS_OF_PREFIX =
      "SELECT key_id, profile FROM access.ingest_key WHERE prefix = $1 LIMIT 2";

  /** $1 prefix: the digests of the ingest keys it names (more than one: ambiguous). */
  static final String INGEST_KEYS_OF_PREFIX = "SELECT lookup_digest FROM access.ingest_key WHERE prefix = $1 LIMIT 2";

  static final String DELETE_INGEST_KEY = "DELETE FROM access.ingest_key WHERE lookup_digest = $1";

  /** $1 entity id: whether the entity exists and has a key (revoked or not). */
  static final String KEY_STATE_OF_ENTITY = """
      SELECT k.entity_id IS NOT NULL AS has_key FROM access.entity e
      LEFT JOIN access.api_key k ON k.entity_id = e.entity_id WHERE e.entity_id = $1""";

  /**
   * Claims the most overdue mail for a lease of $1 milliseconds, so a crashed sender's mail is retried. Each claim
   * counts an attempt; the count it returns is the claim's token, which only its holder's updates match.
   */
  static final String CLAIM_DUE_MAIL = """
      UPDATE access.mail_outbox SET attempts = attempts + 1, next_attempt_at = now() + $1 * interval '1 millisecond'
      WHERE mail_id = (SELECT mail_id FROM access.mail_outbox
                       WHERE sent_at IS NULL AND next_attempt_at <= now()
                       ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING mail_id, payload, kind, attempts, created_at""";

  static final String OUTBOX_DEPTH = "SELECT count(*) FROM access.mail_outbox WHERE sent_at IS NULL";

  /** Extends the claim of $2 (its token) on mail $1 by $3 milliseconds while its delivery is under way. */
  static final String RENEW_MAIL_CLAIM = """
      UPDATE access.mail_outbox SET next_attempt_at = now() + $3 * interval '1 millisecond'
      WHERE mail_id = $1 AND attempts = $2 AND sent_at IS NULL""";

  /** $2: the claim's token (its attempt count). */
  static final String MARK_MAIL_SENT = """
      UPDATE access.mail_outbox SET sent_at = now(), payload = NULL, last_error = NULL
      WHERE mail_id = $1 AND attempts = $2 AND sent_at IS NULL""";

  /** $2: the claim's token (its attempt count); $3: the wait in milliseconds. */
  static final String MARK_MAIL_FAILED = """
      UPDATE access.mail_outbox SET next_attempt_at = now() + $3 * interval '1 millisecond', last_error = $4
      WHERE mail_id = $1 AND attempts = $2 AND sent_at IS NULL""";

  static final String PURGE_TOKEN_REQUESTS =
      "DELETE FROM access.token_request WHERE requested_at < now() - interval '1 hour'";

  static final String PURGE_EXPIRED_TOKENS = "DELETE FROM access.access_token WHERE expires_at < now()";

  static final String PURGE_SENT_MAILS =
      "DELETE FROM access.mail_outbox WHERE sent_at < now() - interval '7 days'";

  private AccessQueries() {}
}
