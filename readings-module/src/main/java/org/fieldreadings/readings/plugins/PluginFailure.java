package org.fieldreadings.readings.plugins;

/**
 * Why a payload could not be decoded by a plugin. Only that payload fails; the message is fit for an operator
 * and for the answer to the supplier (no stack trace, no class of the host).
 */
public final class PluginFailure extends RuntimeException {

  /** The kinds of failure, for callers that map them to a status. */
  public enum Kind {
    /** No started plugin serves the profile. */
    NO_PLUGIN,
    /** Plugins serve the profile, but none of them accepts this payload. */
    NOT_ACCEPTED,
    /** The plugin threw, or broke its contract (returned nothing). */
    CRASHED,
    /** The plugin did not answer within the decode budget; it was interrupted. */
    TIMED_OUT,
    /** Too many payloads of the profile are waiting for a decode thread. */
    BUSY,
    /** Every decode thread of the profile is held by a payload the plugin did not give up when interrupted. */
    WEDGED
  }

  private final Kind kind;

  PluginFailure(Kind kind, String message) {
    super(message);
    this.kind = kind;
  }

  PluginFailure(Kind kind, String message, Throwable cause) {
    super(message, cause);
    this.kind = kind;
  }

  public Kind kind() {
    return kind;
  }
}
