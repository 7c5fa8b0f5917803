package org.fieldreadings.readings.query;

import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.fieldreadings.core.bus.DeviceRef;
import org.fieldreadings.core.http.FieldError;
import org.fieldreadings.plugin.api.Profile;

/**
 * A validated multi-device readings request ({@code GET /readings}, docs/api.md): one {@link ReadingsRequest} per
 * entry of {@code devices}, in the order given, all with the same interfaces, period and options.
 *
 * @param devices one request per device and connector, first occurrence order, without duplicates
 */
record MultiDeviceRequest(List<ReadingsRequest> devices) {

  static final String PARAMETER = "devices";

  MultiDeviceRequest {
    devices = List.copyOf(devices);
  }

  /**
   * Parses {@code devices} (repeated or comma-separated {@code profile/serial[/connectorId]}) and every parameter
   * getReadingsBySerial shares; throws one 400 problem listing every invalid parameter.
   */
  static MultiDeviceRequest parse(RoutingContext ctx, ReadingsLimits limits) {
    List<FieldError> errors = new ArrayList<>();
    List<Entry> entries = entries(ctx.queryParams().getAll(PARAMETER), limits, errors);
    ReadingsRequest shared = ReadingsRequest.parse(ctx, limits, null, null, errors);
    return new MultiDeviceRequest(entries.stream().map(e -> shared.on(e.device(), e.connectorId())).toList());
  }

  /** The parameters all devices share (interfaces, period, aggregation, ...), as the first device's request. */
  ReadingsRequest shared() {
    return devices.get(0);
  }

  private record Entry(DeviceRef device, String connectorId) {}

  private static List<Entry> entries(List<String> values, ReadingsLimits limits, List<FieldError> errors) {
    Set<Entry> chosen = new LinkedHashSet<>();
    List<String> malformed = new ArrayList<>();
    int given = 0;
    for (String value : values) {
      for (String text : value.split(",", -1)) {
        String trimmed = text.trim();
        if (trimmed.isEmpty()) {
          continue;
        }
        given++;
        entry(trimmed).ifPresentOrElse(chosen::add, () -> malformed.add("'" + trimmed + "'"));
      }
    }
    if (!malformed.isEmpty()) {
      errors.add(new FieldError(PARAMETER, "malformed entries: " + String.join(", ", malformed) + "; each is "
          + "profile/serial or profile/serial/connectorId, the profile one of " + Profile.allowedValues()
          + ", serial and connectorId 1 to 64 characters of A-Z, a-z, 0-9, '.', '_', ':' and '-'"));
    } else if (given == 0) {
      errors.add(new FieldError(PARAMETER, "at least one device is required, as profile/serial or "
          + "profile/serial/connectorId"));
    } else if (given > limits.devices()) {
      errors.add(new FieldError(PARAMETER, "at most " + limits.devices() + " devices per request (" + given
          + " given)"));
    }
    return List.copyOf(chosen);
  }

  /** {@code profile/serial} (connector {@code ORIGIN}) or {@code profile/serial/connectorId}; empty if malformed. */
  private static Optional<Entry> entry(String text) {
    String[] parts = text.split("/", -1);
    if (parts.length < 2 || parts.length > 3) {
      return Optional.empty();
    }
    String connectorId = parts.length == 3 ? parts[2] : ReadingsRequest.DEFAULT_CONNECTOR;
    Optional<Profile> profile = Profile.parse(parts[0]);
    if (profile.isEmpty() || !DeviceRef.isIdentifier(parts[1]) || !DeviceRef.isIdentifier(connectorId)) {
      return Optional.empty();
    }
    return Optional.of(new Entry(new DeviceRef(profile.get(), parts[1]), connectorId));
  }
}
