package org.fieldreadings.readings.query;

import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import org.fieldreadings.core.bus.BusFailure;
import org.fieldreadings.core.bus.BusFailureException;
import org.fieldreadings.core.bus.ReadingsContract;
import org.fieldreadings.core.bus.ReadingsContract.SeriesReadings;
import org.fieldreadings.core.bus.ReadingsContract.SeriesReadingsRequest;
import org.fieldreadings.readings.block.PointBlock;
import org.fieldreadings.readings.block.Points;
import org.fieldreadings.readings.source.ReadSource;

/**
 * {@link ReadingsContract#SERIES_READINGS}: a series' readings newer than a timestamp, read day block by day block
 * through the {@link BlockReader} (so from this node's block cache when it holds them), up to the series' newest.
 */
public final class SeriesReadingsQuery {

  /** Days of blocks asked at once: a month, so that a rule judged long ago catches up in a few reads. */
  private static final int DAYS_PER_READ = 31;
  /** The series' newest timestamp and its first day of readings (epoch day). */
  private static final String SPAN = """
      SELECT (extract(epoch FROM s.latest_ts) * 1000)::bigint,
        (SELECT min(b.day) - date '1970-01-01' FROM readings.point_block b WHERE b.series_id = s.series_id)
      FROM readings.series s WHERE s.device_id = $1 AND s.connector_id = $2 AND s.interface = $3""";

  private final ReadSource source;
  private final BlockReader blocks;

  public SeriesReadingsQuery(ReadSource source, BlockReader blocks) {
    this.source = source;
    this.blocks = blocks;
  }

  public Future<SeriesReadings> answer(SeriesReadingsRequest request) {
    if (request.limit() < 0 || request.limit() > ReadingsContract.SERIES_READINGS_MAX) {
      throw new BusFailureException(BusFailure.BAD_REQUEST,
          "limit must be from 0 to " + ReadingsContract.SERIES_READINGS_MAX);
    }
    Tuple series = Tuple.of(request.deviceId(), request.connectorId(), request.iface());
    return source.execute(SPAN, series, request.deviceId()).compose(answer -> {
      Row row = answer.rows().size() == 0 ? null : answer.rows().iterator().next();
      Long latest = row == null ? null : row.getLong(0);
      Points collected = new Points();
      if (latest == null || row.getInteger(1) == null || latest <= request.after() || request.limit() == 0) {
        return Future.succeededFuture(reply(collected, latest));
      }
      // Not before the series' first day: "after" may be far in the past (a rule that has judged nothing yet).
      long firstDay = Math.max(row.getInteger(1), Math.floorDiv(request.after(), PointBlock.DAY));
      return read(request, collected, (int) firstDay, (int) Math.floorDiv(latest, PointBlock.DAY))
          .map(v -> reply(collected, latest));
    });
  }

  /** Reads a month of days after another until the last day is read or enough readings are. */
  private Future<Void> read(SeriesReadingsRequest request, Points collected, int fromDay, int lastDay) {
    int toDay = Math.min(lastDay, fromDay + DAYS_PER_READ - 1);
    return blocks.raw(request.deviceId(), request.connectorId(), new String[] {request.iface()}, fromDay, toDay)
        .compose(rows -> {
          Points points = new Points();
          for (int i = 0; i < rows.size() && collected.size() < request.limit(); i++) {
            points.clear();
            PointBlock.decode(rows.block(i), rows.day(i) * PointBlock.DAY, points);
            for (int p = 0; p < points.size() && collected.size() < request.limit(); p++) {
              if (points.time(p) > request.after()) {
                collected.add(points.time(p), points.value(p));
              }
            }
          }
          return collected.size() >= request.limit() || toDay >= lastDay ? Future.succeededFuture()
              : read(request, collected, toDay + 1, lastDay);
        });
  }

  private static SeriesReadings reply(Points collected, Long latest) {
    return new SeriesReadings(collected.copyOfTimes(), collected.copyOfValues(), latest);
  }
}
