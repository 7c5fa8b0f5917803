package org.fieldreadings.devices;

import io.vertx.core.json.JsonObject;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.regex.Pattern;

/** A period, both days included, during which a device's data is subscribed to. */
record Subscription(LocalDate startDate, LocalDate endDate) {

  private static final Pattern DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");

  /** {@code {"startDate": "YYYY-MM-DD", "endDate": "YYYY-MM-DD"}}. */
  JsonObject toJson() {
    return new JsonObject().put("startDate", startDate.toString()).put("endDate", endDate.toString());
  }

  /** Reads {@code startDate} and {@code endDate} of a body or message; null after adding errors naming them. */
  static Subscription parse(JsonObject json, Validation validation) {
    LocalDate start = date(json.getValue("startDate"), "startDate", validation);
    LocalDate end = date(json.getValue("endDate"), "endDate", validation);
    if (start == null || end == null) {
      return null;
    }
    if (start.isAfter(end)) {
      validation.add("startDate", "must not be after endDate");
      return null;
    }
    return new Subscription(start, end);
  }

  private static LocalDate date(Object value, String parameter, Validation validation) {
    if (value instanceof String text && DATE.matcher(text).matches()) {
      try {
        return LocalDate.parse(text);
      } catch (DateTimeParseException e) {
        // Well-formed but not a day of the calendar, such as 2024-02-30: reported below.
      }
    }
    validation.add(parameter, "must be a date YYYY-MM-DD");
    return null;
  }
}
