package org.fieldreadings.readings.cache;

import static org.assertj.core.api.Assertions.assertThat;

import org.fieldreadings.core.testing.ExpectedFailureLogs;
import org.fieldreadings.readings.block.BlockKind;
import org.fieldreadings.readings.cache.BlockCache.Key;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class BlockCacheTest {

  private static final Key DAY = new Key(7, "ORIGIN", "AirTemp", BlockKind.POINTS, 19_889);
  private static final byte[] BLOCK = {1, 2, 3};

  private final BlockCache cache = new BlockCache(1024 * 1024);

  @BeforeEach
  void listen() {
    cache.clock().trustFromNow();
  }

  private static final DeviceLatest LATEST = new DeviceLatest.Builder().add("ORIGIN", "AirTemp", 1_000, 21.5).build();

  @Test
  void aDevicesLatestValuesKeptAreServed() {
    cache.putLatest(7, cache.now(), LATEST);
    assertThat(cache.latest(7)).isSameAs(LATEST);
  }

  @Test
  void aChangeOfTheDeviceStopsServingItsLatestValues() {
    cache.putLatest(7, cache.now(), LATEST);
    cache.changed(7);
    assertThat(cache.latest(7)).isNull();
  }

  @Test
  void latestValuesReadBeforeAChangeOfTheirDeviceAreNotKept() {
    long readAt = cache.now();
    cache.changed(7);
    cache.putLatest(7, readAt, LATEST);
    assertThat(cache.latest(7)).isNull();
  }

  @Test
  void latestValuesAreNotServedWhileOtherNodesChangesMayGoUnheard() {
    cache.putLatest(7, cache.now(), LATEST);
    cache.clock().deaf();
    assertThat(cache.latest(7)).isNull();
  }

  @Test
  void aBlockKeptIsServed() {
    cache.put(DAY, cache.now(), BLOCK);
    assertThat(cache.get(DAY)).isSameAs(BLOCK);
  }

  @Test
  void aBlockNeverKeptIsNotKnown() {
    assertThat(cache.get(DAY)).isNull();
  }

  @Test
  void aBlockKnownNotToExistIsServedAsNone() {
    cache.put(DAY, cache.now(), null);
    assertThat(cache.get(DAY)).isSameAs(BlockCache.NONE);
  }

  @Test
  void aChangeOfTheDeviceAfterItWasKeptStopsServingIt() {
    cache.put(DAY, cache.now(), BLOCK);
    cache.changed(7);
    assertThat(cache.get(DAY)).isNull();
  }

  @Test
  void aBlockReadBeforeAChangeOfItsDeviceIsNotKept() {
    long readAt = cache.now();
    cache.changed(7);
    cache.put(DAY, readAt, BLOCK);
    assertThat(cache.get(DAY)).isNull();
  }

  @Test
  void aBlockReadAfterAChangeIsKept() {
    cache.changed(7);
    cache.put(DAY, cache.now(), BLOCK);
    assertThat(cache.get(DAY)).isSameAs(BLOCK);
  }

  @Test
  void aChangeOfAnotherDeviceKeepsServingIt() {
    cache.put(DAY, cache.now(), BLOCK);
    cache.changed(8);
    assertThat(cache.get(DAY)).isSameAs(BLOCK);
  }

  @Test
  void nothingIsServedWhileChangesOfOtherNodesMayGoUnheard() {
    cache.put(DAY, cache.now(), BLOCK);
    cache.clock().deaf();
    assertThat(cache.get(DAY)).isNull();
    cache.put(DAY, cache.now(), BLOCK);
    assertThat(cache.get(DAY)).isNull();
  }

  @Test
  void blocksReadBeforeListeningAgainAreNotServed() {
    long readAt = cache.now();
    cache.put(DAY, readAt, BLOCK);
    cache.clock().deaf();
    cache.clock().trustFromNow();
    assertThat(cache.get(DAY)).isNull();
    cache.put(DAY, readAt, BLOCK);
    assertThat(cache.get(DAY)).isNull();
  }

  @Test
  void aCacheOfNoBytesKeepsNothing() {
    BlockCache off = new BlockCache(0);
    off.clock().trustFromNow();
    off.put(DAY, off.now(), BLOCK);
    assertThat(off.get(DAY)).isNull();
  }

  @Test
  void aSizeWithinAQuarterOfTheHeapIsKept() {
    assertThat(BlockCache.bounded(16L << 20, 128L << 20)).isEqualTo(16L << 20);
  }

  @Test
  @ExpectedFailureLogs
  void aSizeBeyondAQuarterOfTheHeapIsCutToIt() {
    assertThat(BlockCache.bounded(64L << 20, 128L << 20)).isEqualTo(32L << 20);
  }

  @Test
  void aNewCacheServesNothingBeforeItListens() {
    BlockCache fresh = new BlockCache(1024 * 1024);
    fresh.put(DAY, fresh.now(), BLOCK);
    assertThat(fresh.get(DAY)).isNull();
  }
}
