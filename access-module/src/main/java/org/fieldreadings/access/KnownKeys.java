package org.fieldreadings.access;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.Pool;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A filter of the active keys' lookup digests, held in memory so that a client address throttled for failed
 * authentications can still be let through with a valid key without a database round trip for every guess
 * (docs/architecture.md). It keeps the first 8 bytes of each digest: "unknown" is certain, "known" is almost
 * certain and is then settled by the usual lookup. Entries are only ever added — a revoked key's entry merely costs
 * one lookup, after which the auth cache remembers the refusal — so a reload racing with a new key never loses it.
 * Thread-safe; one per node.
 */
final class KnownKeys {

  private final Set<Long> prefixes = ConcurrentHashMap.newKeySet();

  /** Adds the digests of every active key in the database. */
  Future<Void> load(Pool pool) {
    return pool.query(AccessQueries.ACTIVE_KEY_DIGESTS).execute()
        .onSuccess(rows -> rows.forEach(row -> add(row.getBuffer("lookup_digest"))))
        .mapEmpty();
  }

  void add(Buffer digest) {
    prefixes.add(digest.getLong(0));
  }

  /** False when no active key has this digest; true when one may. */
  boolean mayBeKnown(Buffer digest) {
    return prefixes.contains(digest.getLong(0));
  }
}
