package org.fieldreadings.readings.query;

import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * Writes a multi-device answer: one device's table after the other, each streamed by {@link ReadingsStreamer} in its
 * bounded slices, with a pause for the connection's room between devices, so memory grows neither with the period
 * nor with the number of devices.
 */
final class MultiDeviceStreamer {

  private final ReadingsStreamer tables;

  MultiDeviceStreamer(ReadingsStreamer tables) {
    this.tables = tables;
  }

  /**
   * Streams the tables of {@code request}'s devices, {@code resolved} holding each one's DevicesContract RESOLVE
   * answer in the same order, and ends the answer.
   */
  Future<Void> stream(MultiDeviceRequest request, List<JsonObject> resolved, MultiDeviceFormat format,
      ReadingsStreamer.Output output) {
    output.text.append(format.begin());
    return next(request, resolved, 0, format, output).compose(v -> {
      output.text.append(format.end());
      return output.end();
    });
  }

  private Future<Void> next(MultiDeviceRequest request, List<JsonObject> resolved, int index,
      MultiDeviceFormat format, ReadingsStreamer.Output output) {
    if (index == resolved.size() || output.response.closed()) {
      return Future.succeededFuture();
    }
    ReadingsRequest device = request.devices().get(index);
    return tables.stream(device, resolved.get(index), format.of(index, device), output)
        .compose(v -> output.pause())
        .compose(v -> next(request, resolved, index + 1, format, output));
  }
}
