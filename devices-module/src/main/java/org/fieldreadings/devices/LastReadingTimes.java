package org.fieldreadings.devices;

import io.vertx.core.Future;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.json.JsonObject;
import java.util.List;
import org.fieldreadings.core.bus.ReadingsContract;
import org.fieldreadings.core.bus.ReadingsContract.DeviceIds;
import org.fieldreadings.core.bus.ReadingsContract.LastReadings;

/** The latest reading time of each of some devices, from the readings module (its series rows, no block read). */
final class LastReadingTimes {

  private LastReadingTimes() {}

  static Future<LastReadings> of(EventBus bus, List<Long> deviceIds) {
    return bus.<JsonObject>request(ReadingsContract.LAST_READINGS, new DeviceIds(deviceIds).toJson())
        .map(reply -> LastReadings.fromJson(reply.body()));
  }
}
