package org.fieldreadings.readings.query;

import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.List;
import org.fieldreadings.core.bus.DeviceRef;
import org.fieldreadings.core.http.DeviceGroup;
import org.fieldreadings.core.http.DevicePath;
import org.fieldreadings.core.http.FieldError;
import org.fieldreadings.core.http.Problem;
import org.fieldreadings.core.http.ProblemException;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.SensorInterface;

/**
 * A validated latest-values request (docs/api.md, "Latest values"): of one device ({@code device} set, the fleet
 * filters null) or of the caller's fleet ({@code device} null). A null filter admits everything.
 *
 * @param device the device of the path, null for the fleet
 * @param connectorId the one connector asked for, null for every connector
 * @param interfaces the interfaces asked for, null for every interface
 * @param profile the fleet's profile filter
 * @param group the fleet's group filter
 */
record LatestRequest(DeviceRef device, String connectorId, List<SensorInterface> interfaces, Profile profile,
    String group) {

  /** {@code GET /devices/{profile}/{serial}/latest[?interfaces=...][&connectorId=...]}. */
  static LatestRequest forDevice(RoutingContext ctx, ReadingsLimits limits) {
    DeviceRef device = DevicePath.fromPath(ctx);
    List<FieldError> errors = new ArrayList<>();
    String connectorId = ctx.queryParams().get("connectorId");
    if (connectorId != null && !DeviceRef.isIdentifier(connectorId)) {
      errors.add(new FieldError("connectorId", DeviceRef.IDENTIFIER_RULE));
    }
    List<SensorInterface> interfaces = interfaces(ctx, limits, errors);
    throwIfAny(errors);
    return new LatestRequest(device, connectorId, interfaces, null, null);
  }

  /** {@code GET /devices/latest[?profile=P][&group=G][&interfaces=...]}. */
  static LatestRequest forFleet(RoutingContext ctx, ReadingsLimits limits) {
    List<FieldError> errors = new ArrayList<>();
    String profileName = single(ctx, "profile", errors);
    Profile profile = profileName == null ? null
        : DevicePath.parseProfile(profileName, "profile", errors).orElse(null);
    String group = single(ctx, "group", errors);
    if (group != null && !DeviceGroup.isValid(group)) {
      errors.add(new FieldError("group", DeviceGroup.RULE));
    }
    List<SensorInterface> interfaces = interfaces(ctx, limits, errors);
    throwIfAny(errors);
    return new LatestRequest(null, null, interfaces, profile, group);
  }

  /** Optional here; when given, as the readings read it. */
  private static List<SensorInterface> interfaces(RoutingContext ctx, ReadingsLimits limits,
      List<FieldError> errors) {
    List<String> values = ctx.queryParams().getAll("interfaces");
    return values.isEmpty() ? null : ReadingsRequest.interfaces(values, limits, errors);
  }

  private static String single(RoutingContext ctx, String name, List<FieldError> errors) {
    List<String> values = ctx.queryParams().getAll(name);
    if (values.size() > 1) {
      errors.add(new FieldError(name, "give at most one value"));
      return null;
    }
    return values.isEmpty() ? null : values.get(0);
  }

  private static void throwIfAny(List<FieldError> errors) {
    if (!errors.isEmpty()) {
      throw new ProblemException(Problem.invalid(errors));
    }
  }
}
