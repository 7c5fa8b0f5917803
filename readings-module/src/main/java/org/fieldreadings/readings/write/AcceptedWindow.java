package org.fieldreadings.readings.write;

import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import org.fieldreadings.core.config.ConfigKeys;

/**
 * The timestamps a reading may have, whoever writes it (import, ingest, admin): from {@link #from} to
 * {@link #ahead} after the server clock. A typo such as year 2999, or a device clock never set (1970), is no
 * reading anyone can use; rejecting it by name tells the sender, and keeps such data out of every aggregation.
 */
public record AcceptedWindow(Instant from, Duration ahead) {

  public static AcceptedWindow fromConfig(JsonObject config) {
    return new AcceptedWindow(Instant.parse(ConfigKeys.READINGS_ACCEPT_FROM.get(config)),
        Duration.parse(ConfigKeys.READINGS_ACCEPT_AHEAD.get(config)));
  }

  /** The window as it stands at {@code now}, in epoch milliseconds. */
  public Bounds at(Instant now) {
    return new Bounds(this, from.toEpochMilli(), now.plus(ahead).toEpochMilli());
  }

  /** The rule in words, naming the keys that set it: the reason of every rejection for it. */
  public String rule() {
    return "timestamps must be from " + from + " (" + ConfigKeys.READINGS_ACCEPT_FROM.name() + ") to " + ahead
        + " (" + ConfigKeys.READINGS_ACCEPT_AHEAD.name() + ") ahead of the server clock";
  }

  /** The first and last accepted epoch millisecond of a window at one moment. */
  public record Bounds(AcceptedWindow window, long first, long last) {

    public boolean contains(long epochMillis) {
      return epochMillis >= first && epochMillis <= last;
    }

    /** Also for instants beyond what epoch milliseconds can hold, which a decoder may well produce. */
    public boolean contains(Instant instant) {
      try {
        return contains(instant.toEpochMilli());
      } catch (ArithmeticException e) {
        return false;
      }
    }

    public String rule() {
      return window.rule();
    }
  }
}
