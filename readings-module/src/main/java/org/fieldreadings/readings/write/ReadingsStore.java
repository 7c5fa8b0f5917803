package org.fieldreadings.readings.write;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.fieldreadings.core.bus.BusFailure;
import org.fieldreadings.core.bus.BusFailureException;
import org.fieldreadings.core.bus.DeviceRef;
import org.fieldreadings.core.bus.DevicesContract;
import org.fieldreadings.core.bus.DevicesContract.IngestScope;
import org.fieldreadings.core.bus.DevicesContract.LearnReply;
import org.fieldreadings.core.bus.DevicesContract.LearnRequest;
import org.fieldreadings.core.bus.DevicesContract.ReportedDevice;
import org.fieldreadings.core.bus.ReadingsContract;
import org.fieldreadings.core.change.ThisNode;
import org.fieldreadings.core.db.DatabaseUrl;
import org.fieldreadings.core.telemetry.Telemetry;
import org.fieldreadings.plugin.api.SensorInterface;
import org.fieldreadings.readings.cache.BlockCache;
import org.fieldreadings.readings.write.ScopedWrite.RefusedDevice;

/**
 * The write side of the readings module as the verticle uses it: tells the devices module which devices,
 * connectors and interfaces a batch holds, and what the batch reported of their group and location (creating unknown
 * devices), then stores the batch on a worker thread.
 */
public final class ReadingsStore implements AutoCloseable {

  private static final int JDBC_CONNECTIONS = 4;

  private final Vertx vertx;
  private final JdbcPool jdbc;
  private final PointWriter writer;
  private final AcceptedWindow window;
  private final String node;
  private final Counter stored;
  private final Counter duplicates;

  /** Stores readings of the accepted window only; callers reject the others with a reason first. */
  public ReadingsStore(Vertx vertx, DatabaseUrl url, AcceptedWindow window, BlockCache cache) {
    this.vertx = vertx;
    this.jdbc = new JdbcPool(url, JDBC_CONNECTIONS);
    this.writer = new PointWriter(jdbc, cache);
    this.window = window;
    this.node = ThisNode.id(vertx);
    MeterRegistry registry = Telemetry.registry(vertx);
    this.stored = Counter.builder("fieldreadings.readings.written").tag("outcome", "stored")
        .description("Readings written: new or corrected (stored), or already there (duplicate)").register(registry);
    this.duplicates = Counter.builder("fieldreadings.readings.written").tag("outcome", "duplicate")
        .description("Readings written: new or corrected (stored), or already there (duplicate)").register(registry);
  }

  /** Learns the batch's devices (with their reported facts), then stores its readings. */
  public Future<WriteResult> write(ReadingsBatch batch) {
    return write(batch, null).map(ScopedWrite::written);
  }

  /**
   * Learns the batch's devices (with their reported facts) as far as the ingest key's {@code scope} allows (null:
   * unrestricted), then stores the readings of the devices it may write.
   */
  public Future<ScopedWrite> write(ReadingsBatch batch, IngestScope scope) {
    ReadingColumns readings = batch.readings();
    if (readings.isEmpty() && batch.facts().isEmpty()) {
      return Future.succeededFuture(new ScopedWrite(WriteResult.NOTHING, List.of()));
    }
    AcceptedWindow.Bounds bounds = window.at(Instant.now());
    for (int i = 0; i < readings.size(); i++) {
      if (!bounds.contains(readings.timestamp(i))) {
        // Writers reject such readings by name first: reaching this is a writer's bug, and nothing is stored.
        return Future.failedFuture(new BusFailureException(BusFailure.BAD_REQUEST, "a reading at "
            + Instant.ofEpochMilli(readings.timestamp(i)) + " is outside the accepted window: " + bounds.rule()));
      }
    }
    return learn(batch, scope).compose(learned -> {
      Map<DeviceRef, Integer> dropped = new HashMap<>();
      ReadingColumns kept = learned.refused().isEmpty() ? readings
          : readings.without(learned.refused().keySet(), dropped);
      List<RefusedDevice> refused = new ArrayList<>();
      learned.refused().forEach((device, reason) ->
          refused.add(new RefusedDevice(device, reason, dropped.getOrDefault(device, 0))));
      if (kept.isEmpty()) {
        return Future.succeededFuture(new ScopedWrite(WriteResult.NOTHING, refused));
      }
      return vertx.executeBlocking(() -> writer.write(kept, learned.ids(), node), false)
          .map(written -> {
            stored.increment(written.result().stored());
            duplicates.increment(written.result().duplicates());
            if (!written.stored().series().isEmpty()) {
              ReadingsContract.STORED.publish(vertx.eventBus(), written.stored());
            }
            return new ScopedWrite(written.result(), refused);
          });
    });
  }

  private Future<LearnReply> learn(ReadingsBatch batch, IngestScope scope) {
    Map<DeviceRef, Map<String, Set<SensorInterface>>> devices = new LinkedHashMap<>();
    ReadingColumns readings = batch.readings();
    for (int run = 0; run < readings.runs(); run++) {
      ReadingSeries series = readings.series(run);
      devices.computeIfAbsent(series.device(), d -> new HashMap<>())
          .computeIfAbsent(series.connectorId(), c -> new HashSet<>())
          .add(series.iface());
    }
    // A device may be reported without a stored reading (all of them rejected): its facts still count.
    Map<DeviceRef, ReportedFacts> facts = new HashMap<>();
    for (ReportedFacts reported : batch.facts()) {
      facts.put(reported.device(), reported);
      devices.computeIfAbsent(reported.device(), d -> new HashMap<>());
    }
    List<ReportedDevice> reported = new ArrayList<>(devices.size());
    devices.forEach((device, connectors) -> {
      ReportedFacts said = facts.get(device);
      reported.add(new ReportedDevice(device, connectors, said == null ? Optional.empty() : said.group(),
          said == null ? Optional.empty() : said.location()));
    });
    return DevicesContract.LEARN.request(vertx.eventBus(), new LearnRequest(reported, scope));
  }

  @Override
  public void close() {
    jdbc.close();
  }
}
