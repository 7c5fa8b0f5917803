package org.fieldreadings.plugins.cayenne;

import java.util.List;

/**
 * One data item of a Cayenne LPP payload, its fields read but not yet scaled.
 *
 * @param offset the byte offset of the item (its channel byte) in the payload
 * @param channel the data channel, 0 to 255
 * @param type the data type
 * @param fields the raw integer fields of the value, in payload order (one, or three for GPS and motion)
 */
record LppItem(int offset, int channel, LppType type, List<Integer> fields) {

  LppItem {
    fields = List.copyOf(fields);
  }

  /** Where a rejection says the item is: {@code temperature (type 0x67) on channel 1 at byte 0}. */
  String describe() {
    return type.label() + " on channel " + channel + " at byte " + offset;
  }
}
