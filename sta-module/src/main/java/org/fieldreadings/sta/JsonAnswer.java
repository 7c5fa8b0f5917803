package org.fieldreadings.sta;

import java.util.function.Consumer;
import java.util.function.IntFunction;
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
    // One answer for every entity, told which one to write: nothing is made per entity of a 10,000-reading page.
    int[] which = new int[1];
    JsonAnswer whole = out -> {
      entity.accept(out, which[0]);
      return false;
    };
    return collection(count, size, (IntFunction<JsonAnswer>) i -> {
      which[0] = i;
      return whole;
    }, closing, nextLink);
  }

  /**
   * As {@link #collection(Long, int, ObjIntConsumer, String)}, each entity an answer of its own that may take
   * several slices (one with large expansions).
   */
  static JsonAnswer collection(Long count, int size, IntFunction<JsonAnswer> entities, String nextLink) {
    return collection(count, size, entities, out -> { }, nextLink);
  }

  private static JsonAnswer collection(Long count, int size, IntFunction<JsonAnswer> entities,
      Consumer<JsonText> closing, String nextLink) {
    return new JsonAnswer() {
      private int next = -1;
      /** The entity being written, when it did not fit in the last slice. */
      private JsonAnswer unfinished;

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
          JsonAnswer entity = unfinished != null ? unfinished : entities.apply(next);
          unfinished = entity.writeSome(out) ? entity : null;
          if (unfinished == null) {
            next++;
          }
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
