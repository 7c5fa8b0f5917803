package org.fieldreadings.readings.query;

import io.vertx.ext.web.RoutingContext;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.fieldreadings.core.catalog.Aggregation;
import org.fieldreadings.core.catalog.InterfaceNames;
import org.fieldreadings.core.http.DeviceRef;
import org.fieldreadings.core.http.FieldError;
import org.fieldreadings.core.http.Problem;
import org.fieldreadings.core.http.ProblemException;
import org.fieldreadings.plugin.api.InterfaceCatalog;
import org.fieldreadings.plugin.api.SensorInterface;
import org.fieldreadings.readings.Timestamps;

/**
 * A validated {@code getReadingsBySerial} request (the API reference, docs/api.md, "Readings").
 *
 * @param device the device of the path
 * @param connectorId the connector, {@code ORIGIN} by default
 * @param interfaces the requested interfaces, first occurrence order, without duplicates
 * @param start first instant of the period (inclusive)
 * @param end last instant of the period (inclusive)
 * @param aggregation the aggregation applied ({@code auto} already resolved)
 * @param auto whether the client asked for {@code auto}
 */
record ReadingsRequest(DeviceRef device, String connectorId, List<SensorInterface> interfaces, Instant start,
    Instant end, Aggregation aggregation, boolean auto) {

  static final String DEFAULT_CONNECTOR = "ORIGIN";

  /** Parses and checks every parameter; throws one 400 problem listing every invalid parameter. */
  static ReadingsRequest parse(RoutingContext ctx, ReadingsLimits limits) {
    DeviceRef device = DeviceRef.fromPath(ctx);
    List<FieldError> errors = new ArrayList<>();
    String connectorId = Optional.ofNullable(ctx.queryParams().get("connectorId")).orElse(DEFAULT_CONNECTOR);
    if (!DeviceRef.isIdentifier(connectorId)) {
      errors.add(new FieldError("connectorId", DeviceRef.IDENTIFIER_RULE));
    }
    List<SensorInterface> interfaces = interfaces(ctx.queryParams().getAll("interfaces"), limits, errors);
    Instant start = instant(ctx.queryParams().get("startDate"), "startDate", errors);
    Instant end = instant(ctx.queryParams().get("endDate"), "endDate", errors);
    String aggregationParam = Optional.ofNullable(ctx.queryParams().get("aggregation")).orElse("none");
    Optional<Aggregation> requested = Aggregation.parse(aggregationParam);
    if (requested.isEmpty()) {
      errors.add(new FieldError("aggregation", "must be one of " + Aggregation.allowedValues()));
    }
    Aggregation applied = null;
    if (start != null && end != null) {
      if (start.isAfter(end)) {
        errors.add(new FieldError("startDate", "must not be after endDate"));
      } else if (requested.isPresent()) {
        Duration period = Duration.between(start, end);
        applied = requested.get() == Aggregation.AUTO ? Aggregation.forPeriod(period) : requested.get();
        Duration longest = limits.longestPeriod(applied);
        if (period.compareTo(longest) > 0) {
          errors.add(new FieldError("endDate", "the period is longer than " + longest.toDays() + " days, the limit "
              + "for aggregation " + applied.wireName() + " (" + ReadingsLimits.keyFor(applied) + ")"));
        }
      }
    }
    if (!errors.isEmpty()) {
      throw new ProblemException(Problem.invalid(errors));
    }
    return new ReadingsRequest(device, connectorId, interfaces, start, end, applied,
        requested.get() == Aggregation.AUTO);
  }

  /** Both encodings, repeated and comma-separated, and mixes of them; duplicates ignored, names exact. */
  private static List<SensorInterface> interfaces(List<String> values, ReadingsLimits limits,
      List<FieldError> errors) {
    Map<String, SensorInterface> chosen = new LinkedHashMap<>();
    List<String> unknown = new ArrayList<>();
    for (String value : values) {
      for (String name : value.split(",", -1)) {
        String trimmed = name.trim();
        if (trimmed.isEmpty() || chosen.containsKey(trimmed) || unknown.contains(trimmed)) {
          continue;
        }
        InterfaceCatalog.byName(trimmed).ifPresentOrElse(i -> chosen.put(trimmed, i), () -> unknown.add(trimmed));
      }
    }
    if (!unknown.isEmpty()) {
      errors.add(new FieldError("interfaces", InterfaceNames.unknown(unknown)));
    } else if (chosen.isEmpty()) {
      errors.add(new FieldError("interfaces", "at least one interface name is required"));
    } else if (chosen.size() > limits.interfaces()) {
      errors.add(new FieldError("interfaces", "at most " + limits.interfaces() + " interfaces per request ("
          + chosen.size() + " given)"));
    }
    return List.copyOf(chosen.values());
  }

  /** A required timestamp parameter (see {@link Timestamps}). */
  static Instant instant(String value, String parameter, List<FieldError> errors) {
    if (value == null || value.isBlank()) {
      errors.add(new FieldError(parameter, "is required: an RFC 3339 date-time such as 2024-05-01T00:00:00Z"));
      return null;
    }
    try {
      return Timestamps.parse(value);
    } catch (DateTimeParseException e) {
      errors.add(new FieldError(parameter, "'" + value + "' is not an RFC 3339 date-time such as "
          + "2024-05-01T00:00:00Z (or a date such as 2024-05-01)"));
      return null;
    }
  }
}
