package org.fieldreadings.plugins.cayenne;

import java.util.Arrays;
import java.util.Optional;

/**
 * The data types of Cayenne LPP 1.0: the type byte, a name for rejections and the widths of the big-endian fields
 * of the value. Knowing every type's size lets the reader step over a type without a catalog interface and go on.
 */
enum LppType {
  DIGITAL_INPUT(0x00, "digital input", false, 1),
  DIGITAL_OUTPUT(0x01, "digital output", false, 1),
  ANALOG_INPUT(0x02, "analog input", true, 2),
  ANALOG_OUTPUT(0x03, "analog output", true, 2),
  ILLUMINANCE(0x65, "illuminance", false, 2),
  PRESENCE(0x66, "presence", false, 1),
  TEMPERATURE(0x67, "temperature", true, 2),
  HUMIDITY(0x68, "humidity", false, 1),
  ACCELEROMETER(0x71, "accelerometer", true, 2, 2, 2),
  BAROMETER(0x73, "barometer", false, 2),
  GYROMETER(0x86, "gyrometer", true, 2, 2, 2),
  GPS(0x88, "GPS", true, 3, 3, 3);

  private final int code;
  private final String label;
  private final boolean signed;
  private final int[] fieldBytes;

  LppType(int code, String label, boolean signed, int... fieldBytes) {
    this.code = code;
    this.label = label;
    this.signed = signed;
    this.fieldBytes = fieldBytes;
  }

  /** The type of a type byte, empty for one LPP 1.0 does not define. */
  static Optional<LppType> of(int code) {
    return Arrays.stream(values()).filter(type -> type.code == code).findFirst();
  }

  /** How a rejection names the type: {@code accelerometer (type 0x71)}. */
  String label() {
    return label + " (type 0x%02x)".formatted(code);
  }

  boolean signed() {
    return signed;
  }

  int[] fieldBytes() {
    return fieldBytes.clone();
  }

  /** The size of the value, without the channel and type bytes. */
  int valueBytes() {
    return Arrays.stream(fieldBytes).sum();
  }
}
