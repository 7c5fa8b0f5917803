package org.fieldreadings.readings.query;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.vertx.core.Future;
import io.vertx.core.eventbus.EventBus;
import java.time.Duration;
import org.fieldreadings.core.bus.DeviceRef;
import org.fieldreadings.core.bus.DevicesContract;
import org.fieldreadings.core.bus.DevicesContract.ResolveRequest;
import org.fieldreadings.core.bus.DevicesContract.ResolvedDevice;

/**
 * Asks the devices module whether an entity may read a device (and what its id and connectors are), remembering
 * each answer for one second: a client paging through readings asks once, while a changed association or a newly
 * learned connector is seen within a second. Denials are not remembered.
 */
public final class DeviceResolver {

  private final EventBus bus;
  private final Cache<String, ResolvedDevice> resolved =
      Caffeine.newBuilder().maximumSize(10_000).expireAfterWrite(Duration.ofSeconds(1)).build();

  public DeviceResolver(EventBus bus) {
    this.bus = bus;
  }

  /** The device as {@link DevicesContract#RESOLVE} answers; fails 404 for a device the entity cannot read. */
  public Future<ResolvedDevice> resolve(String entityId, DeviceRef device) {
    String key = entityId + '\n' + device;
    ResolvedDevice cached = resolved.getIfPresent(key);
    if (cached != null) {
      return Future.succeededFuture(cached);
    }
    return DevicesContract.RESOLVE.request(bus, new ResolveRequest(entityId, device))
        .onSuccess(answer -> resolved.put(key, answer));
  }
}
