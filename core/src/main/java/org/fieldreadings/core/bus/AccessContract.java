package org.fieldreadings.core.bus;

import java.util.Objects;
import org.fieldreadings.core.bus.DevicesContract.IngestScope;
import org.fieldreadings.plugin.api.Profile;

/** Event-bus contract of the access module: what other modules and the HTTP edge may ask it. */
public interface AccessContract {

  /** Who holds a key. Fails {@link BusFailure#UNAUTHORIZED} for a key that is unknown or revoked. */
  BusAddress<ApiKey, KeyHolder> AUTHENTICATE = new BusAddress<>("access.authenticate");

  /**
   * The ingest key an operator names by its 8-character prefix. Fails {@link BusFailure#NOT_FOUND} when no key has
   * the prefix, {@link BusFailure#CONFLICT} when several do.
   */
  BusAddress<String, IngestKeyRef> INGEST_KEY_OF_PREFIX = new BusAddress<>("access.ingest-key-of-prefix");

  /** Whether the entity of this id exists, for admin operations of other modules. */
  BusAddress<String, Boolean> ENTITY_EXISTS = new BusAddress<>("access.entity-exists");

  /**
   * From memory, never the database: false when no active key has that value, true when one may have (a lookup
   * through {@link #AUTHENTICATE} decides).
   */
  BusAddress<ApiKey, Boolean> KEY_KNOWN = new BusAddress<>("access.key-known");

  /**
   * A key stopped working (or changes may have been missed): every auth cache forgets it. Published for other nodes'
   * changes; the node that made a change requests it instead, and the node's one auth cache answers once it has
   * forgotten.
   */
  BusAddress<KeyChange, Void> KEY_REVOKED = new BusAddress<>("access.key-revoked");

  /**
   * How many nodes share the database now (this one included), published every few seconds: each node enforces its
   * share of every key's rate limit.
   */
  BusAddress<NodeCount, Void> NODES = new BusAddress<>("access.nodes");

  /**
   * Queues a plain-text mail to an entity's address in the durable mail outbox, once per {@code dedupKey} however
   * often it is asked. Fails {@link BusFailure#NOT_FOUND} when the entity no longer exists.
   */
  BusAddress<EntityMail, Void> MAIL_ENTITY = new BusAddress<>("access.mail-entity");

  /** A notice for an entity's address; {@code dedupKey} names it, so a retried request queues it once. */
  record EntityMail(String entityId, String dedupKey, String subject, String text) {

    public EntityMail {
      Objects.requireNonNull(entityId, "entityId");
      Objects.requireNonNull(dedupKey, "dedupKey");
      Objects.requireNonNull(subject, "subject");
      Objects.requireNonNull(text, "text");
    }
  }

  /** The nodes sharing the database, at least 1. */
  record NodeCount(int nodes) {

    public NodeCount {
      if (nodes < 1) {
        throw new IllegalArgumentException("nodes " + nodes + " < 1");
      }
    }
  }

  /** A key as a client sent it: a secret, never shown in logs. */
  record ApiKey(String value) {

    public ApiKey {
      Objects.requireNonNull(value, "value");
    }

    @Override
    public String toString() {
      return "ApiKey[redacted]";
    }
  }

  /**
   * Who holds a key: an entity (its API key: {@code entityId}), or a gateway of a profile (an ingest key:
   * {@code ingestProfile} and what it may write, {@code ingestScope}).
   */
  record KeyHolder(String entityId, Profile ingestProfile, IngestScope ingestScope) {

    public static KeyHolder entity(String entityId) {
      return new KeyHolder(Objects.requireNonNull(entityId, "entityId"), null, null);
    }

    public static KeyHolder ingest(Profile profile, IngestScope scope) {
      return new KeyHolder(null, Objects.requireNonNull(profile, "profile"), Objects.requireNonNull(scope, "scope"));
    }
  }

  /** An ingest key by its id, and the profile it writes. */
  record IngestKeyRef(long keyId, Profile profile) {}

  /** The entity whose key changed; null: any key may have (every cache forgets all). */
  record KeyChange(String entityId) {
    public static final KeyChange ALL = new KeyChange(null);
  }
}
