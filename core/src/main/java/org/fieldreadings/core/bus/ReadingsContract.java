package org.fieldreadings.core.bus;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Event-bus contract of the readings module for the other modules. */
public interface ReadingsContract {

  /** The most devices one {@link #LAST_READINGS} request may name. */
  int LAST_READINGS_MAX_DEVICES = 1000;

  /**
   * When each of some devices last had a reading (the operator's device list). Request {@link DeviceIds}; reply
   * {@link LastReadings}. Fails {@link BusFailure#BAD_REQUEST} beyond {@link #LAST_READINGS_MAX_DEVICES} devices.
   */
  String LAST_READINGS = "readings.last-readings";

  /** The devices a request is about, by the devices module's ids. */
  record DeviceIds(List<Long> ids) {

    public DeviceIds {
      ids = List.copyOf(ids);
    }

    public JsonObject toJson() {
      return new JsonObject().put("deviceIds", new JsonArray(ids));
    }

    public static DeviceIds fromJson(JsonObject json) {
      JsonArray ids = json.getJsonArray("deviceIds", new JsonArray());
      if (ids.size() > LAST_READINGS_MAX_DEVICES) {
        throw new BusFailureException(BusFailure.BAD_REQUEST,
            "At most " + LAST_READINGS_MAX_DEVICES + " devices per request.");
      }
      return new DeviceIds(ids.stream().map(id -> ((Number) id).longValue()).toList());
    }
  }

  /** Each device's latest reading time in epoch milliseconds; devices without readings are absent. */
  record LastReadings(Map<Long, Long> byDevice) {

    public LastReadings {
      byDevice = Map.copyOf(byDevice);
    }

    /** The device's latest reading time, or null when it has none. */
    public Long of(long deviceId) {
      return byDevice.get(deviceId);
    }

    public JsonObject toJson() {
      JsonObject times = new JsonObject();
      byDevice.forEach((device, at) -> times.put(String.valueOf(device), at));
      return new JsonObject().put("lastReadingAt", times);
    }

    public static LastReadings fromJson(JsonObject json) {
      Map<Long, Long> byDevice = new HashMap<>();
      json.getJsonObject("lastReadingAt", new JsonObject())
          .forEach(entry -> byDevice.put(Long.valueOf(entry.getKey()), ((Number) entry.getValue()).longValue()));
      return new LastReadings(byDevice);
    }
  }
}
