package org.fieldreadings.plugins.cayenne;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A Cayenne LPP payload read item by item ({@code channel:u8 type:u8 value}, big-endian). Reading stops at a type
 * LPP does not define or at an item cut short, since the size of what follows is then unknown; the items before
 * are kept.
 *
 * @param items the items read, in payload order
 * @param unreadRest why reading stopped before the end, empty when the whole payload was read
 */
record LppPayload(List<LppItem> items, Optional<String> unreadRest) {

  private static final int HEADER_BYTES = 2;

  LppPayload {
    items = List.copyOf(items);
  }

  static LppPayload parse(byte[] bytes) {
    List<LppItem> items = new ArrayList<>();
    int offset = 0;
    while (offset < bytes.length) {
      int left = bytes.length - offset;
      if (left < HEADER_BYTES) {
        return new LppPayload(items, Optional.of("LPP item at byte " + offset + " is cut short: " + left
            + " byte left of the channel and type"));
      }
      int channel = Byte.toUnsignedInt(bytes[offset]);
      int code = Byte.toUnsignedInt(bytes[offset + 1]);
      Optional<LppType> known = LppType.of(code);
      if (known.isEmpty()) {
        return new LppPayload(items, Optional.of(
            "unknown LPP type 0x%02x on channel %d at byte %d; the %d bytes from there are not read"
                .formatted(code, channel, offset, left)));
      }
      LppType type = known.get();
      if (left < HEADER_BYTES + type.valueBytes()) {
        return new LppPayload(items, Optional.of(type.label() + " on channel " + channel + " at byte " + offset
            + " is cut short: " + (left - HEADER_BYTES) + " of its " + type.valueBytes() + " value bytes"));
      }
      List<Integer> fields = new ArrayList<>();
      int at = offset + HEADER_BYTES;
      for (int width : type.fieldBytes()) {
        fields.add(field(bytes, at, width, type.signed()));
        at += width;
      }
      items.add(new LppItem(offset, channel, type, fields));
      offset = at;
    }
    return new LppPayload(items, Optional.empty());
  }

  private static int field(byte[] bytes, int from, int width, boolean signed) {
    int value = 0;
    for (int i = 0; i < width; i++) {
      value = value << 8 | Byte.toUnsignedInt(bytes[from + i]);
    }
    int unusedBits = Integer.SIZE - 8 * width;
    return signed ? value << unusedBits >> unusedBits : value;
  }
}
