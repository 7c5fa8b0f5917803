package org.fieldreadings.readings.write;

/** The readings module's advisory lock classes (the first key of two-key advisory locks). */
final class AdvisoryLocks {
  /** Per series: writers of one series take turns. */
  static final int SERIES = 7301;

  private AdvisoryLocks() {}
}
