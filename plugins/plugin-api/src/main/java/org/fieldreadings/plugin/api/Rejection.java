package org.fieldreadings.plugin.api;

/**
 * A part of a payload that could not be decoded, and why. The rest of the payload still counts.
 *
 * @param index the position of the part in the payload as the plugin's README defines it (an array element, a
 *     line, a frame), or {@link #WHOLE_PAYLOAD}
 * @param reason what was wrong, in words an operator or supplier can act on (never a stack trace)
 */
public record Rejection(int index, String reason) {

  /** The index of a rejection that concerns the whole payload. */
  public static final int WHOLE_PAYLOAD = -1;

  /**
   * How many rejections a {@link DecodeResult} keeps, and an ingest or a canonical import answer lists: one rule for
   * both. Beyond it rejections are only counted, so that a payload of bad parts costs neither memory nor an answer
   * of megabytes.
   */
  public static final int LISTED = 1000;

  public Rejection {
    if (index < WHOLE_PAYLOAD) {
      throw new IllegalArgumentException("index " + index + " is below " + WHOLE_PAYLOAD);
    }
    if (reason == null || reason.isBlank()) {
      throw new IllegalArgumentException("a rejection needs a reason");
    }
  }
}
