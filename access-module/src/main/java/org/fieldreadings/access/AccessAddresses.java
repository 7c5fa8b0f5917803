package org.fieldreadings.access;

/**
 * Event-bus addresses private to the access module: its routes ask its verticle. Other modules use
 * {@link org.fieldreadings.core.bus.AccessContract} only.
 */
final class AccessAddresses {
  /** {@code {}} → {@code {"nodes"}}: how many nodes share the database, for the admin health answer. */
  static final String NODES = "access.nodes-now";
  /** {@code {"email", "clientAddress"}} → {@code {}}; always succeeds for a well-formed address (no enumeration). */
  static final String REQUEST_TOKEN = "access.request-token";
  /** {@code {"token"}} → {@code {"entityId", "apiKey"}}; 401 unknown/expired/used token, 403 revoked key. */
  static final String EXCHANGE_TOKEN = "access.exchange-token";
  /** {@code {"entityId"}} → {@code {}}: revokes the entity's key. */
  static final String REVOKE = "access.revoke";
  /** {@code {"email", "name"}} → {@code {"entityId"}}; 409 when the e-mail exists. */
  static final String CREATE_ENTITY = "access.create-entity";
  /** {@code {}} → {@code {"entities": [{"entityId", "email", "name", "keyStatus"}]}}. */
  static final String LIST_ENTITIES = "access.list-entities";
  /** {@code {"entityId"}} → {@code {"entityId", "apiKey"}}: a new key replacing any previous one; 404 unknown entity. */
  static final String ISSUE_KEY = "access.issue-key";
  /** {@code {"profile", "entityId" (optional), "acceptLocation" (optional)}} → {@code {"ingestKey"}}. */
  static final String CREATE_INGEST_KEY = "access.create-ingest-key";
  /** {@code {"entityId"}} → {@code {}}: support revokes the entity's key; 404 unknown entity, 409 no key. */
  static final String REVOKE_BY_SUPPORT = "access.revoke-by-support";
  /**
   * {@code {}} → {@code {"ingestKeys": [{"prefix", "profile", "createdAt", "entityId", "acceptLocation", "devices",
   * "maxDevices"}]}}.
   */
  static final String LIST_INGEST_KEYS = "access.list-ingest-keys";
  /** {@code {"prefix"}} → {@code {}}: revokes the ingest key of that prefix; 404 none, 409 several. */
  static final String REVOKE_INGEST_KEY = "access.revoke-ingest-key";
  /** Local wake-up of the mail sender after a mail was queued. */
  static final String OUTBOX_WAKE = "access.outbox-wake";

  private AccessAddresses() {}
}
