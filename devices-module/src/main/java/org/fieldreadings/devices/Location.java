package org.fieldreadings.devices;

import io.vertx.core.json.JsonObject;
import java.util.Set;

/** Where a device stands, in decimal degrees (WGS 84). */
record Location(double latitude, double longitude) {

  private static final Set<String> FIELDS = Set.of("latitude", "longitude");

  JsonObject toJson() {
    return new JsonObject().put("latitude", latitude).put("longitude", longitude);
  }

  /**
   * Reads {@code {"latitude": n, "longitude": n}}; null (after adding errors named {@code parameter.latitude} ...)
   * when it is not a valid location.
   */
  static Location parse(Object value, String parameter, Validation validation) {
    if (!(value instanceof JsonObject json)) {
      validation.add(parameter, "must be an object with latitude and longitude");
      return null;
    }
    json.fieldNames().stream().filter(name -> !FIELDS.contains(name)).sorted()
        .forEach(name -> validation.add(parameter + "." + name, "unknown field"));
    Double latitude = coordinate(json.getValue("latitude"), 90, parameter + ".latitude", validation);
    Double longitude = coordinate(json.getValue("longitude"), 180, parameter + ".longitude", validation);
    return latitude == null || longitude == null ? null : new Location(latitude, longitude);
  }

  private static Double coordinate(Object value, int limit, String parameter, Validation validation) {
    if (value instanceof Number number && Math.abs(number.doubleValue()) <= limit) {
      return number.doubleValue();
    }
    validation.add(parameter, "must be a number from -" + limit + " to " + limit);
    return null;
  }
}
