package org.fieldreadings.readings.cache;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.LongStream;
import org.fieldreadings.readings.block.BlockKind;
import org.fieldreadings.readings.cache.BlockCache.Key;
import org.junit.jupiter.api.Test;

class ReadingsChangesTest {

  private static final byte[] BLOCK = {1};

  @Test
  void aFewDevicesAreAnnouncedInOnePayload() {
    assertThat(ReadingsChanges.payloads(List.of(3L, 14L, 159L))).containsExactly("3,14,159");
  }

  @Test
  void manyDevicesAreAnnouncedInPayloadsPostgresqlAccepts() {
    List<Long> devices = LongStream.range(1_000_000_000_000L, 1_000_000_000_000L + 5000).boxed().toList();
    String[] payloads = ReadingsChanges.payloads(devices);
    assertThat(payloads.length).isGreaterThan(1);
    assertThat(payloads).allSatisfy(payload -> assertThat(payload.length()).isLessThan(8000));
    assertThat(String.join(",", payloads).split(",")).hasSize(5000);
  }

  @Test
  void aPayloadStopsServingTheBlocksOfItsDevices() {
    BlockCache cache = listening();
    Key announced = new Key(14, "ORIGIN", "AirTemp", BlockKind.DAYS, 19_723);
    Key other = new Key(15, "ORIGIN", "AirTemp", BlockKind.DAYS, 19_723);
    cache.put(announced, cache.now(), BLOCK);
    cache.put(other, cache.now(), BLOCK);
    ReadingsChanges.changed(cache, "3,14,159");
    assertThat(cache.get(announced)).isNull();
    assertThat(cache.get(other)).isSameAs(BLOCK);
  }

  @Test
  void anUnreadablePayloadStopsServingEveryBlock() {
    BlockCache cache = listening();
    Key key = new Key(15, "ORIGIN", "AirTemp", BlockKind.HOURS, 19_723);
    cache.put(key, cache.now(), BLOCK);
    ReadingsChanges.changed(cache, "3,x");
    assertThat(cache.get(key)).isNull();
  }

  private static BlockCache listening() {
    BlockCache cache = new BlockCache(1024 * 1024);
    cache.trustFromNow();
    return cache;
  }
}
