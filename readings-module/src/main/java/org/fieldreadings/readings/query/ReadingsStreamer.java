package org.fieldreadings.readings.query;

import io.vertx.core.Future;
import org.fieldreadings.core.bus.DevicesContract.ResolvedDevice;
import org.fieldreadings.core.http.ResponseText;

/**
 * Writes a device's table of readings to an HTTP answer as its {@link ReadingsQuery} yields the rows, a slice at a
 * time: the next slice is asked for only once the previous one is written and the connection has drained, so memory
 * does not grow with the period, and a client that disconnects stops the query. Nothing is written before the first
 * slice is read, so a failing database still gets a proper error response.
 */
final class ReadingsStreamer {

  private final BlockReader blocks;

  ReadingsStreamer(BlockReader blocks) {
    this.blocks = blocks;
  }

  /**
   * Appends one device's table (the format's begin, its rows, its end) to {@code output}, without ending it, so the
   * table may stand alone or inside an enclosing answer. {@code device} is the resolved device: a connector it does
   * not have gives an empty table. Completes once the table is written (or the client went away).
   */
  Future<Void> stream(ReadingsRequest request, ResolvedDevice device, ReadingsFormat format, ResponseText output) {
    output.text.append(format.begin());
    if (device.interfacesOf(request.connectorId()) == null) {
      output.text.append(format.end());
      return Future.succeededFuture();
    }
    ReadingsQuery query = new ReadingsQuery(blocks, request.selection(device));
    return next(query, format, output, true).onSuccess(v -> output.text.append(format.end()));
  }

  /** Writes the query's slices from the next on; {@code first}: whether no row is written yet. */
  private Future<Void> next(ReadingsQuery query, ReadingsFormat format, ResponseText output, boolean first) {
    if (output.closed() || !query.hasNext()) {
      return Future.succeededFuture();
    }
    return query.next().compose(rows -> {
      for (int row = 0; row < rows.size(); row++) {
        format.row(output.text, first && row == 0, rows, row);
        output.flushIfFull();
      }
      if (!query.hasNext()) {
        return Future.succeededFuture();
      }
      boolean none = first && rows.size() == 0;
      output.flush();
      return output.drained().compose(v -> output.ended() ? Future.<Void>succeededFuture()
          : next(query, format, output, none));
    });
  }
}
