package org.fieldreadings.readings.query;

import io.vertx.ext.web.RoutingContext;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.fieldreadings.core.bus.DeviceRef;
import org.fieldreadings.core.bus.DevicesContract.ResolvedDevice;
import org.fieldreadings.core.catalog.Aggregation;
import org.fieldreadings.core.catalog.InterfaceNames;
import org.fieldreadings.core.http.DevicePath;
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
 * @param timeZone the zone whose calendar buckets follow, {@code UTC} by default; null for {@code device} until
 *     the device is resolved ({@link #forDevice})
 * @param dayStart the local time day, week and month buckets begin at
 * @param fill what empty buckets show
 */
record ReadingsRequest(DeviceRef device, String connectorId, List<SensorInterface> interfaces, Instant start,
    Instant end, Aggregation aggregation, boolean auto, ZoneId timeZone, LocalTime dayStart, Fill fill) {

  static final String DEFAULT_CONNECTOR = "ORIGIN";
  private static final Pattern DAY_START = Pattern.compile("([01][0-9]|2[0-3]):[0-5][0-9]");

  /** Parses and checks every parameter; throws one 400 problem listing every invalid parameter. */
  static ReadingsRequest parse(RoutingContext ctx, ReadingsLimits limits) {
    DeviceRef device = DevicePath.fromPath(ctx);
    List<FieldError> errors = new ArrayList<>();
    String connectorId = Optional.ofNullable(ctx.queryParams().get("connectorId")).orElse(DEFAULT_CONNECTOR);
    if (!DeviceRef.isIdentifier(connectorId)) {
      errors.add(new FieldError("connectorId", DeviceRef.IDENTIFIER_RULE));
    }
    return parse(ctx, limits, device, connectorId, errors);
  }

  /**
   * Parses and checks the parameters every readings query shares (all but the device and its connector, given
   * here) after those {@code errors} already found; throws one 400 problem listing every invalid parameter.
   */
  static ReadingsRequest parse(RoutingContext ctx, ReadingsLimits limits, DeviceRef device, String connectorId,
      List<FieldError> errors) {
    List<SensorInterface> interfaces = interfaces(ctx.queryParams().getAll("interfaces"), limits, errors);
    Instant start = Timestamps.parameter(ctx.queryParams().get("startDate"), "startDate", errors);
    Instant end = Timestamps.parameter(ctx.queryParams().get("endDate"), "endDate", errors);
    String aggregationParam = Optional.ofNullable(ctx.queryParams().get("aggregation")).orElse("none");
    Optional<Aggregation> requested = Aggregation.parse(aggregationParam);
    if (requested.isEmpty()) {
      errors.add(new FieldError("aggregation", "must be one of " + Aggregation.allowedValues()));
    }
    String zoneParam = Optional.ofNullable(ctx.queryParams().get("timeZone")).orElse("UTC");
    ZoneId timeZone = TimeZones.parse(zoneParam, errors);
    LocalTime dayStart = dayStart(ctx.queryParams().get("dayStart"), errors);
    Optional<Fill> fill = Fill.parse(Optional.ofNullable(ctx.queryParams().get("fill")).orElse("none"));
    if (fill.isEmpty()) {
      errors.add(new FieldError("fill", "must be one of " + Fill.allowedValues()));
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
        if (applied == Aggregation.NONE && fill.isPresent() && fill.get() != Fill.NONE) {
          errors.add(new FieldError("fill", "applies to aggregated readings only (aggregation "
              + requested.get().wireName() + (requested.get() == Aggregation.AUTO ? " resolved to none" : "") + ")"));
        }
      }
    }
    if (!errors.isEmpty()) {
      throw new ProblemException(Problem.invalid(errors));
    }
    return new ReadingsRequest(device, connectorId, interfaces, start, end, applied,
        requested.get() == Aggregation.AUTO, timeZone, dayStart, fill.get());
  }

  /** {@code dayStart} (HH:MM), midnight when absent; null, with an error added, when it is no such time. */
  private static LocalTime dayStart(String param, List<FieldError> errors) {
    if (param == null) {
      return LocalTime.MIDNIGHT;
    }
    if (!DAY_START.matcher(param).matches()) {
      errors.add(new FieldError("dayStart", "'" + param + "' is not a local time HH:MM such as 09:00"));
      return null;
    }
    return LocalTime.of(Integer.parseInt(param, 0, 2, 10), Integer.parseInt(param, 3, 5, 10));
  }

  /**
   * The request for its resolved device: {@code timeZone=device} becomes the zone of the device's location, UTC
   * when it has none (or it is not resolved yet).
   */
  ReadingsRequest forDevice(ResolvedDevice resolved) {
    if (timeZone != null) {
      return this;
    }
    return new ReadingsRequest(device, connectorId, interfaces, start, end, aggregation, auto,
        TimeZones.ofDevice(resolved), dayStart, fill);
  }

  /** What the query of this request reads of its resolved device. */
  ReadingsSelection selection(ResolvedDevice resolved) {
    if (aggregation == Aggregation.NONE) {
      return ReadingsSelection.raw(resolved.deviceId(), connectorId, interfaces, start, end);
    }
    return ReadingsSelection.aggregated(resolved.deviceId(), connectorId, interfaces, start, end,
        forDevice(resolved).buckets(), fill);
  }

  /** The buckets of an aggregated request whose zone is known. */
  Buckets buckets() {
    return new Buckets(aggregation, timeZone, dayStart);
  }

  /** The same request for another device and connector. */
  ReadingsRequest on(DeviceRef otherDevice, String otherConnectorId) {
    return new ReadingsRequest(otherDevice, otherConnectorId, interfaces, start, end, aggregation, auto, timeZone,
        dayStart, fill);
  }

  /** Both encodings, repeated and comma-separated, and mixes of them; duplicates ignored, names exact. */
  static List<SensorInterface> interfaces(List<String> values, ReadingsLimits limits,
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


}
