package org.fieldreadings.readings.agronomy;

import io.vertx.ext.web.RoutingContext;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.fieldreadings.core.bus.DeviceRef;
import org.fieldreadings.core.http.DevicePath;
import org.fieldreadings.core.http.FieldError;
import org.fieldreadings.core.http.Problem;
import org.fieldreadings.core.http.ProblemException;
import org.fieldreadings.readings.Timestamps;
import org.fieldreadings.readings.query.TimeZones;

/**
 * A validated {@code getAgronomyBySerial} request (docs/api.md, "Agronomy").
 *
 * @param device the device of the path
 * @param connectorId the connector, {@code ORIGIN} by default
 * @param metrics the metrics asked for
 * @param start an instant of the first local day
 * @param end an instant of the last local day
 * @param timeZone the zone whose days and hours are meant; null for {@code device} (the default) until the device is
 *     resolved
 * @param gddBase the base temperature of GDD, °C
 * @param gddCap the temperature the day's maximum is capped at for GDD, °C
 * @param accumulate whether GDD is the running total from the first day
 */
record AgronomyRequest(DeviceRef device, String connectorId, Set<Metric> metrics, Instant start, Instant end,
    ZoneId timeZone, double gddBase, double gddCap, boolean accumulate) {

  static final int LONGEST_YEARS = 10;

  static AgronomyRequest parse(RoutingContext ctx) {
    DeviceRef device = DevicePath.fromPath(ctx);
    List<FieldError> errors = new ArrayList<>();
    String connectorId = Optional.ofNullable(ctx.queryParams().get("connectorId")).orElse("ORIGIN");
    if (!DeviceRef.isIdentifier(connectorId)) {
      errors.add(new FieldError("connectorId", DeviceRef.IDENTIFIER_RULE));
    }
    Set<Metric> metrics = metrics(ctx.queryParams().getAll("metrics"), errors);
    Instant start = Timestamps.parameter(ctx.queryParams().get("startDate"), "startDate", errors);
    Instant end = Timestamps.parameter(ctx.queryParams().get("endDate"), "endDate", errors);
    if (start != null && end != null) {
      if (start.isAfter(end)) {
        errors.add(new FieldError("startDate", "must not be after endDate"));
      } else if (end.isAfter(start.atOffset(ZoneOffset.UTC).plusYears(LONGEST_YEARS).toInstant())) {
        errors.add(new FieldError("endDate", "the period is longer than " + LONGEST_YEARS
            + " years, the limit of agronomy"));
      }
    }
    ZoneId timeZone = TimeZones.parse(Optional.ofNullable(ctx.queryParams().get("timeZone")).orElse(TimeZones.DEVICE),
        errors);
    double gddBase = number(ctx.queryParams().get("gddBase"), "gddBase", 10, errors);
    double gddCap = number(ctx.queryParams().get("gddCap"), "gddCap", 30, errors);
    if (gddCap <= gddBase) {
      errors.add(new FieldError("gddCap", "must be above gddBase (" + gddBase + ")"));
    }
    String accumulate = Optional.ofNullable(ctx.queryParams().get("accumulate")).orElse("false");
    if (!accumulate.equals("true") && !accumulate.equals("false")) {
      errors.add(new FieldError("accumulate", "must be true or false"));
    }
    if (!errors.isEmpty()) {
      throw new ProblemException(Problem.invalid(errors));
    }
    return new AgronomyRequest(device, connectorId, metrics, start, end, timeZone, gddBase, gddCap,
        accumulate.equals("true"));
  }

  /** The request with the device's zone in place of {@code device}. */
  AgronomyRequest withTimeZone(ZoneId zone) {
    return new AgronomyRequest(device, connectorId, metrics, start, end, zone, gddBase, gddCap, accumulate);
  }

  /** Repeated or comma-separated, duplicates ignored, names exact; every unknown name listed. */
  private static Set<Metric> metrics(List<String> values, List<FieldError> errors) {
    Set<Metric> chosen = EnumSet.noneOf(Metric.class);
    List<String> unknown = new ArrayList<>();
    for (String value : values) {
      for (String name : value.split(",", -1)) {
        String trimmed = name.trim();
        if (!trimmed.isEmpty()) {
          Metric.byName(trimmed).ifPresentOrElse(chosen::add, () -> {
            if (!unknown.contains(trimmed)) {
              unknown.add(trimmed);
            }
          });
        }
      }
    }
    if (!unknown.isEmpty()) {
      errors.add(new FieldError("metrics", "unknown metric" + (unknown.size() > 1 ? "s " : " ")
          + String.join(", ", unknown) + "; the metrics are " + Metric.names() + " (case-sensitive)"));
    } else if (chosen.isEmpty()) {
      errors.add(new FieldError("metrics", "at least one metric is required: " + Metric.names()));
    }
    return chosen;
  }

  private static double number(String value, String parameter, double fallback, List<FieldError> errors) {
    if (value == null) {
      return fallback;
    }
    try {
      double number = Double.parseDouble(value);
      if (Double.isFinite(number) && Math.abs(number) <= 100) {
        return number;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    errors.add(new FieldError(parameter, "'" + value + "' is not a temperature in °C from -100 to 100"));
    return fallback;
  }
}
