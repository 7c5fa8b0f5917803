package org.fieldreadings.readings.query;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.shareddata.Shareable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.fieldreadings.core.bus.ReadingsContract;
import org.fieldreadings.core.bus.ReadingsContract.ReadingsStored;
import org.fieldreadings.core.bus.ReadingsContract.SeriesReadings;
import org.fieldreadings.core.bus.ReadingsContract.SeriesReadingsRequest;
import org.fieldreadings.core.bus.ReadingsContract.StoredSeries;
import org.fieldreadings.core.http.ApiKeyAuth;
import org.fieldreadings.core.http.EventStream;
import org.fieldreadings.plugin.api.SensorInterface;
import org.fieldreadings.core.text.ShortDecimal;

/**
 * A listener's open live streams, by series: every write announced on this node ({@link ReadingsContract#STORED},
 * any node's write) sends each stream of its series the readings newer than the last it sent, in timestamp order,
 * one event per timestamp. Streams are counted per key across the node's listeners, and their keys are checked
 * twice a second, so a revoked key's streams end within a second. Used on the listener's event loop only.
 */
final class LiveStreams {

  /** Readings one event-sending read takes: a writer faster than that is caught up by the next read. */
  static final int MOST_PER_READ = 1000;
  private static final long KEY_CHECK_MS = 500;
  private static final String COUNTS = "readings.streams-per-key";

  /** A device's connector: what a stream follows. */
  private record Followed(long deviceId, String connectorId) {}

  /** An open stream: its request, its key, the newest timestamp it sent, and whether a read is under way. */
  private final class Live {
    final StreamRequest request;
    final Followed followed;
    final String apiKey;
    final EventStream events;
    /** The series' newest timestamp when the stream opened: a replay cut short goes on from there. */
    final long liveFrom;
    long sentUpTo;
    boolean replaying;
    boolean reading;
    boolean again;

    Live(StreamRequest request, Followed followed, String apiKey, EventStream events, long sentUpTo, long liveFrom) {
      this.request = request;
      this.followed = followed;
      this.apiKey = apiKey;
      this.events = events;
      this.sentUpTo = sentUpTo;
      this.liveFrom = liveFrom;
      this.replaying = sentUpTo < liveFrom;
    }
  }

  /** How many streams each key has open on this node, all listeners together. */
  private static final class Counts implements Shareable {
    final ConcurrentHashMap<String, AtomicInteger> byKey = new ConcurrentHashMap<>();
  }

  private final Vertx vertx;
  private final SeriesReadingsQuery readings;
  private final ApiKeyAuth auth;
  private final int maxPerKey;
  private final Counts counts;
  private final Map<Followed, Set<Live>> bySeries = new HashMap<>();

  LiveStreams(Vertx vertx, SeriesReadingsQuery readings, ApiKeyAuth auth, int maxPerKey) {
    this.vertx = vertx;
    this.readings = readings;
    this.auth = auth;
    this.maxPerKey = maxPerKey;
    this.counts = (Counts) vertx.sharedData().getLocalMap(COUNTS).computeIfAbsent(COUNTS, name -> new Counts());
    ReadingsContract.STORED.subscribe(vertx.eventBus(), this::stored);
    vertx.setPeriodic(KEY_CHECK_MS, id -> checkKeys());
  }

  /** Takes one of the key's streams; false when it has {@code stream.max.per.key} open already. */
  boolean reserve(String apiKey) {
    AtomicInteger open = counts.byKey.computeIfAbsent(apiKey, key -> new AtomicInteger());
    if (open.incrementAndGet() > maxPerKey) {
      release(apiKey);
      return false;
    }
    return true;
  }

  /**
   * Follows the device's series after {@code liveFrom}, their newest timestamp now; with {@code from} before it,
   * replays the readings stored after {@code from} first (at most {@link #MOST_PER_READ}).
   */
  void open(StreamRequest request, long deviceId, String apiKey, EventStream events, long from, long liveFrom) {
    Live live = new Live(request, new Followed(deviceId, request.connectorId()), apiKey, events, from, liveFrom);
    bySeries.computeIfAbsent(live.followed, f -> new HashSet<>()).add(live);
    events.onClose(() -> {
      Set<Live> streams = bySeries.get(live.followed);
      if (streams != null && streams.remove(live) && streams.isEmpty()) {
        bySeries.remove(live.followed);
      }
      release(apiKey);
    });
    send(live);
  }

  private void release(String apiKey) {
    counts.byKey.computeIfPresent(apiKey, (key, open) -> open.decrementAndGet() <= 0 ? null : open);
  }

  private void stored(ReadingsStored stored) {
    for (StoredSeries series : stored.series()) {
      Set<Live> streams = bySeries.get(new Followed(series.deviceId(), series.connectorId()));
      if (streams == null) {
        continue;
      }
      for (Live live : List.copyOf(streams)) {
        if (series.to() > live.sentUpTo && live.request.interfaces().stream()
            .anyMatch(i -> i.name().equals(series.iface()))) {
          send(live);
        }
      }
    }
  }

  /**
   * Sends the stream its readings newer than the last it sent: one read per interface, merged into one event per
   * timestamp. One read at a time per stream; a write announced meanwhile makes another.
   */
  private void send(Live live) {
    if (live.reading) {
      live.again = true;
      return;
    }
    live.reading = true;
    live.again = false;
    List<Future<SeriesReadings>> reads = new ArrayList<>();
    for (SensorInterface iface : live.request.interfaces()) {
      reads.add(readings.answer(new SeriesReadingsRequest(live.followed.deviceId(), live.followed.connectorId(),
          iface.name(), live.sentUpTo, MOST_PER_READ)));
    }
    Future.all(reads).onComplete(done -> {
      live.reading = false;
      if (done.failed() || live.events.closed()) {
        return;
      }
      boolean full = write(live, reads.stream().map(Future::result).toList());
      if (live.replaying) {
        live.replaying = false;
        if (full && live.sentUpTo < live.liveFrom) {
          live.sentUpTo = live.liveFrom;
          live.events.comment("replay ended after " + MOST_PER_READ + " readings: older ones are in the readings "
              + "operation");
          full = false;
        }
      }
      if (full || live.again) {
        send(live);
      }
    });
  }

  /** Writes the rows up to the first interface's last timestamp when one was cut short; whether one was. */
  private boolean write(Live live, List<SeriesReadings> byInterface) {
    long upTo = Long.MAX_VALUE;
    boolean full = false;
    for (SeriesReadings read : byInterface) {
      if (read.size() == MOST_PER_READ) {
        full = true;
        upTo = Math.min(upTo, read.timestamps()[read.size() - 1]);
      }
    }
    TreeMap<Long, StringBuilder> rows = new TreeMap<>();
    List<SensorInterface> interfaces = live.request.interfaces();
    for (int i = 0; i < interfaces.size(); i++) {
      SeriesReadings read = byInterface.get(i);
      for (int r = 0; r < read.size(); r++) {
        long at = read.timestamps()[r];
        if (at > upTo) {
          break;
        }
        StringBuilder row = rows.computeIfAbsent(at, t -> new StringBuilder("{\"timestamp\":").append(t));
        row.append(",\"").append(interfaces.get(i).name()).append("\":");
        ShortDecimal.append(row, read.values()[r]);
      }
    }
    rows.forEach((at, row) -> live.events.event(Long.toString(at), "reading", row.append('}').toString()));
    if (!rows.isEmpty()) {
      live.sentUpTo = rows.lastKey();
    }
    return full;
  }

  /** Ends the streams of keys revoked since they opened. */
  private void checkKeys() {
    Map<String, List<Live>> byKey = new HashMap<>();
    bySeries.values().forEach(streams -> streams.forEach(live -> byKey.computeIfAbsent(live.apiKey,
        key -> new ArrayList<>()).add(live)));
    byKey.forEach((apiKey, streams) -> auth.revoked(apiKey).onSuccess(revoked -> {
      if (revoked) {
        streams.forEach(live -> live.events.close("the API key was revoked"));
      }
    }));
  }
}
