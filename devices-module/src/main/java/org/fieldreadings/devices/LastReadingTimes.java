package org.fieldreadings.devices;

import io.vertx.core.Future;
import io.vertx.core.eventbus.EventBus;
import java.util.List;
import org.fieldreadings.core.bus.ReadingsContract;
import org.fieldreadings.core.bus.ReadingsContract.DeviceIds;
import org.fieldreadings.core.bus.ReadingsContract.LastReadings;

/** The latest reading time of each of some devices, from the readings module (its series rows, no block read). */
final class LastReadingTimes {

  private LastReadingTimes() {}

  static Future<LastReadings> of(EventBus bus, List<Long> deviceIds) {
    return ReadingsContract.LAST_READINGS.request(bus, new DeviceIds(deviceIds));
  }
}
