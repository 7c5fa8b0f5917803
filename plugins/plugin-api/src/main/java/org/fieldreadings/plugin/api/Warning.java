package org.fieldreadings.plugin.api;

/**
 * A part of a payload the decoder skipped on purpose, and why: not an error (e.g. a message type that carries no
 * readings, a channel the catalog has no interface for). Shown to the sender beside the rejections.
 *
 * @param index the position of the part in the payload as the plugin's README defines it, or
 *     {@link Rejection#WHOLE_PAYLOAD}
 * @param reason what was skipped and why, in words an operator or supplier can act on
 */
public record Warning(int index, String reason) {

  public Warning {
    if (index < Rejection.WHOLE_PAYLOAD) {
      throw new IllegalArgumentException("index " + index + " is below " + Rejection.WHOLE_PAYLOAD);
    }
    if (reason == null || reason.isBlank()) {
      throw new IllegalArgumentException("a warning needs a reason");
    }
  }
}
