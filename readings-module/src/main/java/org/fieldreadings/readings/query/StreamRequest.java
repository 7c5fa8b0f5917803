package org.fieldreadings.readings.query;

import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.fieldreadings.core.bus.DeviceRef;
import org.fieldreadings.core.http.DevicePath;
import org.fieldreadings.core.http.FieldError;
import org.fieldreadings.core.http.Problem;
import org.fieldreadings.core.http.ProblemException;
import org.fieldreadings.plugin.api.SensorInterface;

/**
 * {@code GET /devices/{profile}/{serial}/readings/stream?interfaces=...&connectorId=...}, with
 * {@code Last-Event-ID} (the timestamp of the last event a client got) to replay what it missed.
 *
 * @param lastEventId epoch milliseconds, null for a stream of new readings only
 */
record StreamRequest(DeviceRef device, String connectorId, List<SensorInterface> interfaces, Long lastEventId) {

  /** The same parameters and errors as the readings operation's; one 400 listing every invalid one. */
  static StreamRequest parse(RoutingContext ctx, ReadingsLimits limits) {
    DeviceRef device = DevicePath.fromPath(ctx);
    List<FieldError> errors = new ArrayList<>();
    String connectorId = Optional.ofNullable(ctx.queryParams().get("connectorId"))
        .orElse(ReadingsRequest.DEFAULT_CONNECTOR);
    if (!DeviceRef.isIdentifier(connectorId)) {
      errors.add(new FieldError("connectorId", DeviceRef.IDENTIFIER_RULE));
    }
    List<SensorInterface> interfaces = ReadingsRequest.interfaces(ctx.queryParams().getAll("interfaces"), limits,
        errors);
    Long lastEventId = null;
    String last = ctx.request().getHeader("Last-Event-ID");
    if (last != null) {
      try {
        lastEventId = Long.parseLong(last.trim());
      } catch (NumberFormatException e) {
        errors.add(new FieldError("Last-Event-ID", "must be the id of an event of this stream (a timestamp in "
            + "epoch milliseconds)"));
      }
    }
    if (!errors.isEmpty()) {
      throw new ProblemException(Problem.invalid(errors));
    }
    return new StreamRequest(device, connectorId, interfaces, lastEventId);
  }
}
