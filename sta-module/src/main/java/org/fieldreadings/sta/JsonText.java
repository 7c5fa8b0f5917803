package org.fieldreadings.sta;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import io.vertx.core.json.Json;
import java.time.Instant;
import org.fieldreadings.core.text.InstantText;
import org.fieldreadings.sta.model.DecimalText;

/**
 * JSON text written straight into a buffer: a page of 10,000 Observations is written without a tree of objects.
 * Separators are placed here: a member or element that is not the first of its object or array gets its comma.
 */
final class JsonText {

  private static final JsonStringEncoder ESCAPES = JsonStringEncoder.getInstance();

  private final StringBuilder out;
  private final InstantText times = new InstantText();
  /** Whether the next value opens its object or array (no comma before it). */
  private boolean first = true;
  /** Whether the next value follows its member's name (no comma before it). */
  private boolean named;

  JsonText beginObject() {
    separate();
    out.append('{');
    first = true;
    return this;
  }

  JsonText endObject() {
    out.append('}');
    first = false;
    return this;
  }

  JsonText beginArray() {
    separate();
    out.append('[');
    first = true;
    return this;
  }

  JsonText endArray() {
    out.append(']');
    first = false;
    return this;
  }

  /** A member's name: one of the standard's (or an entity's property names), which need no escaping. */
  JsonText name(String name) {
    separate();
    out.append('"').append(name).append("\":");
    named = true;
    return this;
  }

  JsonText string(String value) {
    separate();
    quoted(value);
    return this;
  }

  JsonText number(long value) {
    separate();
    out.append(value);
    return this;
  }

  /**
   * A link as one string: {@code prefix} (already escaped, see {@link #escaped}), the id, and {@code suffix} (also
   * escaped), written without joining them first.
   */
  JsonText link(String prefix, long id, String suffix) {
    separate();
    out.append('"').append(prefix).append(id).append(suffix).append('"');
    return this;
  }

  /** A time as a string, as {@link Instant#toString()} writes it. */
  JsonText time(long epochMillis) {
    separate();
    out.append('"');
    times.append(out, epochMillis);
    out.append('"');
    return this;
  }

  /**
   * A navigation link member, {@code "Thing@iot.navigationLink":"<prefix><id>)/Thing"}; {@code navigation} is one
   * of the standard's names, which need no escaping.
   */
  JsonText navigationLink(String prefix, long id, String navigation) {
    separate();
    out.append('"').append(navigation).append("@iot.navigationLink\":\"").append(prefix).append(id).append(")/")
        .append(navigation).append('"');
    return this;
  }

  /**
   * Any property value: text, a time, a reading's decimal as it is, numbers, and objects and arrays as Vert.x
   * writes them.
   */
  JsonText value(Object value) {
    if (value instanceof String text) {
      return string(text);
    }
    if (value instanceof Instant time) {
      // A database time keeps its microseconds: written whole, so that a filter on it finds it again.
      return time.getNano() % 1_000_000 == 0 ? time(time.toEpochMilli()) : string(time.toString());
    }
    separate();
    if (value == null) {
      out.append("null");
    } else if (value instanceof DecimalText || value instanceof Long || value instanceof Integer) {
      out.append(value);
    } else {
      out.append(Json.encode(value));
    }
    return this;
  }

  /** Writes into {@code out}, which may be sent and emptied between writes (the place in the JSON is kept here). */
  JsonText(StringBuilder out) {
    this.out = out;
  }

  /** Where the caller writes a value as JSON text itself (an {@link ObservationText}), after its separator. */
  StringBuilder valueText() {
    separate();
    return out;
  }

  /** How many characters are written and not yet sent. */
  int length() {
    return out.length();
  }

  @Override
  public String toString() {
    return out.toString();
  }

  /** The text as it stands within a JSON string. */
  static String escaped(String text) {
    StringBuilder escaped = new StringBuilder(text.length() + 8);
    ESCAPES.quoteAsString(text, escaped);
    return escaped.toString();
  }

  private void quoted(String text) {
    out.append('"');
    if (plain(text)) {
      out.append(text);
    } else {
      ESCAPES.quoteAsString(text, out);
    }
    out.append('"');
  }

  /** Whether the text needs no escape: the common case, appended whole rather than character by character. */
  private static boolean plain(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < 0x20 || c == '"' || c == '\\') {
        return false;
      }
    }
    return true;
  }

  private void separate() {
    if (named) {
      named = false;
    } else if (!first) {
      out.append(',');
    }
    first = false;
  }
}
