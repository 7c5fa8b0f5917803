package org.fieldreadings.core.bus;

/** Event-bus contract of the access module: what other modules and the HTTP edge may ask it. */
public interface AccessContract {

  /**
   * Request {@code {"apiKey": "..."}}; reply {@code {"entityId": "..."}} for an active entity key, or
   * {@code {"ingestProfile": "PROFILE_B", "ingestScope": {...}}} for an ingest key, the scope as
   * {@link DevicesContract.IngestScope#toJson()} has it. Fails {@link BusFailure#UNAUTHORIZED} otherwise.
   */
  String AUTHENTICATE = "access.authenticate";

  /**
   * The ingest key an operator names by its prefix. Request {@code {"prefix": "AbCd1234"}}; reply
   * {@code {"keyId": 7, "profile": "PROFILE_D"}}. Fails {@link BusFailure#NOT_FOUND} when no key has the prefix,
   * {@link BusFailure#CONFLICT} when several do.
   */
  String INGEST_KEY_OF_PREFIX = "access.ingest-key-of-prefix";

  /** Request {@code {"entityId": "..."}}; reply {@code {"exists": true|false}}. For admin operations of other modules. */
  String ENTITY_EXISTS = "access.entity-exists";

  /**
   * Request {@code {"apiKey": "..."}}; reply {@code {"known": true|false}} from memory, never the database: false
   * means no active key has that value, true that one may have (a lookup through {@link #AUTHENTICATE} decides).
   */
  String KEY_KNOWN = "access.key-known";

  /**
   * Published {@code {"entityId": "..."}} when an entity's key stops working; every auth cache evicts it. Published
   * {@code {}} when changes may have been missed; every auth cache evicts all its keys. The node that made a change
   * requests it instead, and the node's one auth cache replies {@code {}} once it has forgotten the key.
   */
  String KEY_REVOKED = "access.key-revoked";
}
