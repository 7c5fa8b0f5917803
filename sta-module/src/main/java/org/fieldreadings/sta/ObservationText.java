package org.fieldreadings.sta;

import java.util.ArrayList;
import java.util.List;
import org.fieldreadings.core.text.InstantText;
import org.fieldreadings.core.text.ShortDecimal;

/**
 * Observations as JSON text from a page's columns: what is shown is joined into fixed texts once for the page, so
 * that each of 10,000 readings is a few appends of its id, time and value between them rather than member after
 * member. An Observation is an object as {@link StaWriter} writes entities, or a row of a data array.
 */
final class ObservationText {

  private enum Slot { ID, TIME, VALUE }

  /** {@code fixed[k]} comes before {@code slots[k]}; the last one closes the object or row. */
  private final String[] fixed;
  private final Slot[] slots;
  private final boolean idShown;
  private final InstantText times = new InstantText();

  private ObservationText(Template template) {
    List<String> texts = new ArrayList<>(template.texts);
    texts.add(template.text.toString());
    this.fixed = texts.toArray(String[]::new);
    this.slots = template.slots.toArray(Slot[]::new);
    this.idShown = template.slots.contains(Slot.ID);
  }

  /**
   * Observations as objects.
   *
   * @param prefix the Observations' self links up to the id, escaped for JSON
   * @param id whether the id and self link are shown
   * @param properties the shown properties, in order
   * @param navigations the shown navigation links
   */
  static ObservationText objects(String prefix, boolean id, List<String> properties, List<String> navigations) {
    Template template = new Template("{");
    if (id) {
      template.text("\"@iot.selfLink\":\"" + prefix).slot(Slot.ID).text(")\",\"@iot.id\":").slot(Slot.ID);
    }
    String comma = id ? "," : "";
    for (String property : properties) {
      template.text(comma + "\"" + property + "\":").value(property);
      comma = ",";
    }
    for (String navigation : navigations) {
      template.text(comma + "\"" + navigation + "@iot.navigationLink\":\"" + prefix).slot(Slot.ID)
          .text(")/" + navigation + "\"");
      comma = ",";
    }
    return new ObservationText(template.text("}"));
  }

  /** Observations as rows of a data array: the components ({@code id} or properties) in order. */
  static ObservationText rows(List<String> components) {
    Template template = new Template("[");
    String comma = "";
    for (String component : components) {
      template.text(comma);
      if (component.equals("id")) {
        template.slot(Slot.ID);
      } else {
        template.value(component);
      }
      comma = ",";
    }
    return new ObservationText(template.text("]"));
  }

  /** Writes the Observation of a reading ({@code id} its {@code @iot.id}). */
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

  /** Fixed texts and the slots between them, as they are added. */
  private static final class Template {
    private final List<String> texts = new ArrayList<>();
    private final List<Slot> slots = new ArrayList<>();
    private final StringBuilder text;

    Template(String start) {
      text = new StringBuilder(start);
    }

    Template text(String more) {
      text.append(more);
      return this;
    }

    Template slot(Slot slot) {
      texts.add(text.toString());
      slots.add(slot);
      text.setLength(0);
      return this;
    }

    /** A property's value: {@code result} a number, the times strings. */
    Template value(String property) {
      return property.equals("result") ? slot(Slot.VALUE) : text("\"").slot(Slot.TIME).text("\"");
    }
  }
}
