package org.fieldreadings.readings.query;

import io.vertx.core.Future;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fieldreadings.core.bus.BusFailure;
import org.fieldreadings.core.bus.BusFailureException;
import org.fieldreadings.core.bus.ReadingsContract;
import org.fieldreadings.core.bus.ReadingsContract.DeviceIds;
import org.fieldreadings.core.bus.ReadingsContract.LastReadings;
import org.fieldreadings.readings.source.ReadSource;

/**
 * {@link ReadingsContract#LAST_READINGS}: each device's latest reading time, the newest of its series' latest
 * readings ({@link LatestValues}: kept by the writer in the series rows, so no block is read).
 */
public final class LastReadingsQuery {

  private final ReadSource source;

  public LastReadingsQuery(ReadSource source) {
    this.source = source;
  }

  public Future<LastReadings> answer(DeviceIds request) {
    List<Long> devices = request.ids();
    if (devices.size() > ReadingsContract.LAST_READINGS_MAX_DEVICES) {
      throw new BusFailureException(BusFailure.BAD_REQUEST,
          "At most " + ReadingsContract.LAST_READINGS_MAX_DEVICES + " devices per request.");
    }
    return LatestValues.read(source, devices).map(values -> {
      Map<Long, Long> byDevice = new HashMap<>();
      for (Long device : devices) {
        Long newest = values.newest(device);
        if (newest != null) {
          byDevice.put(device, newest);
        }
      }
      return new LastReadings(byDevice);
    });
  }
}
