package org.fieldreadings.readings.query;

import io.vertx.core.Future;
import java.util.List;
import org.fieldreadings.core.bus.DevicesContract.ResolvedDevice;
import org.fieldreadings.core.http.ResponseText;

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
   * Streams the tables of {@code request}'s devices, {@code resolved} holding each one in the same order, and ends
   * the answer.
   */
  Future<Void> stream(MultiDeviceRequest request, List<ResolvedDevice> resolved, MultiDeviceFormat format,
      ResponseText output) {
    output.text.append(format.begin());
    return next(request, resolved, 0, format, output).compose(v -> {
      output.text.append(format.end());
      return output.end();
    });
  }

  private Future<Void> next(MultiDeviceRequest request, List<ResolvedDevice> resolved, int index,
      MultiDeviceFormat format, ResponseText output) {
    if (index == resolved.size() || output.closed()) {
      return Future.succeededFuture();
    }
    ReadingsRequest device = request.devices().get(index);
    return tables.stream(device, resolved.get(index), format.of(index, device), output)
        .compose(v -> output.pause())
        .compose(v -> next(request, resolved, index + 1, format, output));
  }
}
