package org.fieldreadings.readings.cache;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Vertx;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.LongStream;
import org.fieldreadings.core.bus.ReadingsContract;
import org.fieldreadings.core.bus.ReadingsContract.ReadingsStored;
import org.fieldreadings.core.bus.ReadingsContract.StoredSeries;
import org.fieldreadings.core.testing.ExpectedFailureLogs;
import org.fieldreadings.readings.block.BlockKind;
import org.fieldreadings.readings.cache.BlockCache.Key;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ReadingsChangesTest {

  private static final byte[] BLOCK = {1};
  private static final ReadingsStored WRITE = new ReadingsStored("othernode1", List.of(
      new StoredSeries(3, "ORIGIN", "AirTemp", 1_000, 2_000, 5), new StoredSeries(14, "A1", "Rain", 1_500, 1_500, 1)));

  private Vertx vertx;
  private static final ReadingsStored MARKER = new ReadingsStored("marker", List.of());

  private final List<ReadingsStored> published = new CopyOnWriteArrayList<>();

  @BeforeEach
  void subscribe() {
    vertx = Vertx.vertx();
    ReadingsContract.STORED.subscribe(vertx.eventBus(), published::add).completion().await();
  }

  @AfterEach
  void close() {
    vertx.close().await();
  }

  @Test
  void aSmallWriteIsAnnouncedInOnePayloadNodeFirstThenASeriesALine() {
    assertThat(ReadingsChanges.payloads(WRITE))
        .containsExactly("othernode1\n3 ORIGIN AirTemp 1000 2000 5\n14 A1 Rain 1500 1500 1");
  }

  @Test
  void aWriteOfNothingIsNotAnnounced() {
    assertThat(ReadingsChanges.payloads(new ReadingsStored("othernode1", List.of()))).isEmpty();
  }

  @Test
  void manySeriesAreAnnouncedInPayloadsPostgresqlAcceptsEachNamingTheNode() {
    List<StoredSeries> series = LongStream.range(1_000_000_000_000L, 1_000_000_000_000L + 5000)
        .mapToObj(device -> new StoredSeries(device, "ORIGIN", "AirTemp", 1_700_000_000_000L, 1_700_000_000_000L, 1))
        .toList();
    String[] payloads = ReadingsChanges.payloads(new ReadingsStored("othernode1", series));
    assertThat(payloads.length).isGreaterThan(1);
    assertThat(payloads).allSatisfy(payload -> {
      assertThat(payload.length()).isLessThan(8000);
      assertThat(payload).startsWith("othernode1\n");
    });
    assertThat(String.join("\n", payloads).split("\n")).hasSize(5000 + payloads.length);
  }

  @Test
  void anotherNodesPayloadStopsServingTheBlocksOfItsDevicesAndIsPublishedAsItWasWritten() {
    BlockCache cache = listening();
    Key announced = new Key(14, "ORIGIN", "AirTemp", BlockKind.DAYS, 19_723);
    Key other = new Key(15, "ORIGIN", "AirTemp", BlockKind.DAYS, 19_723);
    cache.put(announced, cache.now(), BLOCK);
    cache.put(other, cache.now(), BLOCK);
    ReadingsChanges.changed(cache, vertx.eventBus(), "thisnode01", ReadingsChanges.payloads(WRITE)[0]);
    assertThat(cache.get(announced)).isNull();
    assertThat(cache.get(other)).isSameAs(BLOCK);
    assertThat(publishedBeforeMarker()).containsExactly(WRITE);
  }

  @Test
  void thisNodesOwnPayloadTicksItsCacheButIsNotPublishedAgain() {
    BlockCache cache = listening();
    Key announced = new Key(3, "ORIGIN", "AirTemp", BlockKind.DAYS, 19_723);
    cache.put(announced, cache.now(), BLOCK);
    ReadingsChanges.changed(cache, vertx.eventBus(), "othernode1", ReadingsChanges.payloads(WRITE)[0]);
    assertThat(cache.get(announced)).isNull();
    assertThat(publishedBeforeMarker()).isEmpty();
  }

  @Test
  @ExpectedFailureLogs
  void anUnreadablePayloadStopsServingEveryBlockAndIsNotPublished() {
    BlockCache cache = listening();
    Key key = new Key(15, "ORIGIN", "AirTemp", BlockKind.HOURS, 19_723);
    cache.put(key, cache.now(), BLOCK);
    ReadingsChanges.changed(cache, vertx.eventBus(), "thisnode01", "othernode1\n3 ORIGIN AirTemp x 2000 5");
    assertThat(cache.get(key)).isNull();
    assertThat(publishedBeforeMarker()).isEmpty();
  }

  /** What was published before a marker published now: delivery keeps the order of one sender's events. */
  private List<ReadingsStored> publishedBeforeMarker() {
    ReadingsContract.STORED.publish(vertx.eventBus(), MARKER);
    long deadline = System.nanoTime() + 5_000_000_000L;
    while (!published.contains(MARKER) && System.nanoTime() < deadline) {
      Thread.onSpinWait();
    }
    assertThat(published).endsWith(MARKER);
    return published.subList(0, published.size() - 1);
  }

  private static BlockCache listening() {
    BlockCache cache = new BlockCache(1024 * 1024);
    cache.clock().trustFromNow();
    return cache;
  }
}
