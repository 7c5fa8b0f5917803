package org.fieldreadings.core.change;

import io.vertx.core.Vertx;
import io.vertx.core.shareddata.LocalMap;
import java.security.SecureRandom;

/**
 * This node among the nodes sharing the database: a random id drawn when its Vert.x instance first asks, so that
 * what a node announces to the others (and the events made of it) says where it happened, and a node can tell its
 * own announcements when PostgreSQL hands them back. Not stable across restarts, and not meant to be.
 */
public final class ThisNode {

  private static final String SHARED_NAME = "node.id";
  private static final SecureRandom RANDOM = new SecureRandom();

  private ThisNode() {}

  /** Ten characters of [0-9a-z]. */
  public static String id(Vertx vertx) {
    LocalMap<String, String> shared = vertx.sharedData().getLocalMap(SHARED_NAME);
    String id = shared.get(SHARED_NAME);
    if (id != null) {
      return id;
    }
    String padded = "0000000000" + Long.toString(RANDOM.nextLong() & Long.MAX_VALUE, 36);
    String raced = shared.putIfAbsent(SHARED_NAME, padded.substring(padded.length() - 10));
    return raced == null ? shared.get(SHARED_NAME) : raced;
  }
}
