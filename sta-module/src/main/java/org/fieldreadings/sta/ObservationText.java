package org.fieldreadings.sta;

import java.util.ArrayList;
import java.util.List;
import org.fieldreadings.core.text.InstantText;
import org.fieldreadings.core.text.ShortDecimal;
import org.fieldreadings.sta.model.EntitySet;

/**
 * Observations as {@link StaWriter} writes them, from a page's columns: what {@code $select} shows is joined into
 * fixed texts once for the page, so that each of 10,000 readings is a few appends of its id, time and value between
 * them rather than member after member.
 */
final class ObservationText {

  private enum Slot { ID, TIME, VALUE }

  /** {@code fixed[k]} comes before {@code slots[k]}; the last one closes the object. */
  private final String[] fixed;
  private final Slot[] slots;
  private final boolean idShown;
  private final InstantText times = new InstantText();

  /**
   * @param prefix the Observations' self links up to the id, escaped for JSON
   * @param id whether the id and self link are shown
   * @param properties the positions of the shown properties in {@link EntitySet#properties()}
   * @param navigations the shown navigation links
   */
  ObservationText(String prefix, boolean id, int[] properties, List<String> navigations) {
    List<String> texts = new ArrayList<>();
    List<Slot> order = new ArrayList<>();
    StringBuilder text = new StringBuilder("{");
    if (id) {
      text.append("\"@iot.selfLink\":\"").append(prefix);
      slot(text, Slot.ID, texts, order);
      text.append(")\",\"@iot.id\":");
      slot(text, Slot.ID, texts, order);
    }
    boolean first = !id;
    for (int property : properties) {
      String name = EntitySet.OBSERVATIONS.properties().get(property);
      text.append(first ? "\"" : ",\"").append(name).append("\":");
      first = false;
      if (name.equals("result")) {
        slot(text, Slot.VALUE, texts, order);
      } else {
        text.append('"');
        slot(text, Slot.TIME, texts, order);
        text.append('"');
      }
    }
    for (String navigation : navigations) {
      text.append(first ? "\"" : ",\"").append(navigation).append("@iot.navigationLink\":\"").append(prefix);
      first = false;
      slot(text, Slot.ID, texts, order);
      text.append(")/").append(navigation).append('"');
    }
    texts.add(text.append('}').toString());
    this.fixed = texts.toArray(String[]::new);
    this.slots = order.toArray(Slot[]::new);
    this.idShown = order.contains(Slot.ID);
  }

  private static void slot(StringBuilder text, Slot slot, List<String> texts, List<Slot> order) {
    texts.add(text.toString());
    order.add(slot);
    text.setLength(0);
  }

  /** Writes the Observation of a reading of the Datastream ({@code id} its {@code @iot.id}). */
  void write(StringBuilder out, long id, long time, double value) {
    String idText = idShown ? Long.toString(id) : null;
    for (int k = 0; k < slots.length; k++) {
      out.append(fixed[k]);
      switch (slots[k]) {
        case ID -> out.append(idText);
        case TIME -> times.append(out, time);
        case VALUE -> ShortDecimal.append(out, value);
      }
    }
    out.append(fixed[slots.length]);
  }
}
