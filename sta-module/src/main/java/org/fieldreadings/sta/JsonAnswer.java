package org.fieldreadings.sta;

import java.util.function.Consumer;
import java.util.function.ObjIntConsumer;
import org.fieldreadings.core.http.ResponseText;

/**
 * An answer written a slice at a time, so that a page of 10,000 entities goes out in pieces while it is written
 * (as the readings operation's rows do) and never holds the event loop long: each call writes some more.
 */
interface JsonAnswer {

  /**
   * Writes the next slice, about a {@link ResponseText#PIECE} of text (past the last entity that reaches it); false
   * once the answer is all written.
   */
  boolean writeSome(JsonText out);

  /** An answer written whole in one call (an entity, a property, the service root). */
  static JsonAnswer whole(Consumer<JsonText> writer) {
    return out -> {
      writer.accept(out);
      return false;
    };
  }

  /**
   * {@code {"@iot.count": count, "value": [...], "@iot.nextLink": nextLink}} ({@code count} and {@code nextLink}
   * left out when null), the i-th of its {@code size} entities written by {@code entity}.
   */
  static JsonAnswer collection(Long count, int size, ObjIntConsumer<JsonText> entity, String nextLink) {
    return collection(count, size, entity, out -> { }, nextLink);
  }

  /** As {@link #collection(Long, int, ObjIntConsumer, String)}, {@code closing} writing after the last entity. */
  static JsonAnswer collection(Long count, int size, ObjIntConsumer<JsonText> entity, Consumer<JsonText> closing,
      String nextLink) {
    return new JsonAnswer() {
      private int next = -1;

      @Override
      public boolean writeSome(JsonText out) {
        if (next < 0) {
          out.beginObject();
          if (count != null) {
            out.name("@iot.count").number(count);
          }
          out.name("value").beginArray();
          next = 0;
        }
        while (next < size && out.length() < ResponseText.PIECE) {
          entity.accept(out, next++);
        }
        if (next < size) {
          return true;
        }
        closing.accept(out);
        out.endArray();
        if (nextLink != null) {
          out.name("@iot.nextLink").string(nextLink);
        }
        out.endObject();
        return false;
      }
    };
  }
}
