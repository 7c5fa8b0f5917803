package org.fieldreadings.readings.query;

import io.vertx.core.Future;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.json.JsonObject;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.fieldreadings.core.bus.DevicesContract;
import org.fieldreadings.core.http.DeviceRef;

/**
 * Asks the devices module whether an entity may read a device (and what its id and connectors are), remembering
 * each answer for one second: a client paging through readings asks once, while a changed association or a newly
 * learned connector is seen within a second. Denials are not remembered.
 */
public final class DeviceResolver {

  private static final long TTL_NANOS = 1_000_000_000L;
  private static final int MAX_ENTRIES = 10_000;

  private final EventBus bus;
  private final Map<String, Resolved> cache = new ConcurrentHashMap<>();

  private record Resolved(JsonObject device, long expiresAt) {}

  public DeviceResolver(EventBus bus) {
    this.bus = bus;
  }

  /** {@code {"deviceId", "connectors"}} of DevicesContract.RESOLVE; fails 404 for a device the entity cannot read. */
  public Future<JsonObject> resolve(String entityId, DeviceRef device) {
    String key = entityId + '\n' + device;
    Resolved cached = cache.get(key);
    if (cached != null && System.nanoTime() - cached.expiresAt() < 0) {
      return Future.succeededFuture(cached.device());
    }
    return bus.<JsonObject>request(DevicesContract.RESOLVE, device.toJson().put("entityId", entityId)).map(reply -> {
      if (cache.size() >= MAX_ENTRIES) {
        cache.clear();
      }
      cache.put(key, new Resolved(reply.body(), System.nanoTime() + TTL_NANOS));
      return reply.body();
    });
  }
}
