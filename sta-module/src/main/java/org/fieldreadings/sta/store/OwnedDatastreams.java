package org.fieldreadings.sta.store;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Duration;
import org.fieldreadings.core.bus.DevicesContract.DeviceSetRow;
import org.fieldreadings.core.bus.ReadingsContract.Datastream;

/**
 * The Datastreams that paths named by id and that were found to be the caller's, remembered for one second per
 * entity and Datastream, as the readings operation remembers the devices it resolved: a client paging through a
 * Datastream's Observations has it resolved once a second, not once a page, while a changed association (or a
 * newer reading's day) is seen within a second. Denials are not remembered. Shared by the requests of a node.
 */
public final class OwnedDatastreams {

  /** A Datastream and the device it is of, as the caller reads them. */
  record Owned(Datastream stream, DeviceSetRow device) {}

  private final Cache<String, Owned> owned =
      Caffeine.newBuilder().maximumSize(10_000).expireAfterWrite(Duration.ofSeconds(1)).build();

  Owned get(String entityId, long seriesId) {
    return owned.getIfPresent(key(entityId, seriesId));
  }

  void put(String entityId, Datastream stream, DeviceSetRow device) {
    owned.put(key(entityId, stream.seriesId()), new Owned(stream, device));
  }

  private static String key(String entityId, long seriesId) {
    return entityId + '\n' + seriesId;
  }
}
