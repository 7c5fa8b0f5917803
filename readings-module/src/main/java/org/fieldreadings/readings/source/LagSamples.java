package org.fieldreadings.readings.source;

import java.util.ArrayDeque;

/**
 * The primary's WAL positions of the last moments, each with the block cache clock's time and the moment taken just
 * before it, and the newest of them the replica has replayed. Fed by one thread ({@link ReplicaLag}'s sampling);
 * {@link #reached()} may be read by any.
 */
final class LagSamples {

  /**
   * The block cache clock's time {@code mark} and {@code System.nanoTime()} taken before the primary answered its
   * WAL position {@code lsn}: every commit a node had acknowledged by then lies at or before {@code lsn}.
   */
  record Sample(long mark, long nanos, long lsn) {}

  /** Samples awaiting the replica: at ten a second, 25 seconds' worth; a replica further behind is not read. */
  private static final int MOST_WAITING = 256;

  private final ArrayDeque<Sample> waiting = new ArrayDeque<>();
  private volatile Sample reached;

  /** A new sample of the primary. */
  void primary(Sample sample) {
    if (waiting.size() == MOST_WAITING) {
      waiting.removeFirst();
    }
    waiting.addLast(sample);
  }

  /** The replica has replayed the WAL up to {@code lsn}. */
  void replayed(long lsn) {
    Sample newest = null;
    while (!waiting.isEmpty() && waiting.peekFirst().lsn() <= lsn) {
      newest = waiting.removeFirst();
    }
    if (newest != null) {
      reached = newest;
    }
  }

  /** The newest sample the replica has replayed, null before the first. */
  Sample reached() {
    return reached;
  }
}
