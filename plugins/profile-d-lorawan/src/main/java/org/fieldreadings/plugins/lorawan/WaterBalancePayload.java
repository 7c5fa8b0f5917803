package org.fieldreadings.plugins.lorawan;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.fieldreadings.plugins.tts.MalformedUplinkException;

/**
 * The binary application payload of a water balance sensor, layout version 1 (big-endian, see the README):
 * {@code version:u8 battery_mV:u16 count:u8} then {@code count} times {@code depth_cm:u8 entrance:u16 loss:u16},
 * entrance and loss in hundredths of a millimetre.
 *
 * @param batteryMillivolts the battery voltage in millivolts
 * @param depths the water balance of each depth, in payload order
 */
record WaterBalancePayload(int batteryMillivolts, List<DepthBalance> depths) {

  static final int LAYOUT_VERSION = 1;
  private static final int HEADER_BYTES = 4;
  private static final int DEPTH_BYTES = 5;

  /**
   * Water that entered and left the soil layer at one depth during the measuring interval.
   *
   * @param depthCm the depth in centimetres
   * @param entranceHundredthsMm water entrance in hundredths of a millimetre
   * @param lossHundredthsMm water loss in hundredths of a millimetre
   */
  record DepthBalance(int depthCm, int entranceHundredthsMm, int lossHundredthsMm) {}

  /** Reads the payload byte by byte, or says in the exception's message what is wrong with it. */
  static WaterBalancePayload parse(byte[] bytes) throws MalformedUplinkException {
    if (bytes.length < HEADER_BYTES) {
      throw new MalformedUplinkException(
          "frm_payload is " + bytes.length + " bytes, shorter than the " + HEADER_BYTES + "-byte header");
    }
    ByteBuffer buffer = ByteBuffer.wrap(bytes);
    int version = Byte.toUnsignedInt(buffer.get());
    if (version != LAYOUT_VERSION) {
      throw new MalformedUplinkException(
          "payload layout version " + version + " is not supported (expected " + LAYOUT_VERSION + ")");
    }
    int battery = Short.toUnsignedInt(buffer.getShort());
    int count = Byte.toUnsignedInt(buffer.get());
    int expected = HEADER_BYTES + count * DEPTH_BYTES;
    if (bytes.length != expected) {
      throw new MalformedUplinkException("frm_payload is " + bytes.length + " bytes; layout " + LAYOUT_VERSION
          + " with " + count + " depths needs " + expected);
    }
    List<DepthBalance> depths = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      depths.add(new DepthBalance(Byte.toUnsignedInt(buffer.get()), Short.toUnsignedInt(buffer.getShort()),
          Short.toUnsignedInt(buffer.getShort())));
    }
    return new WaterBalancePayload(battery, List.copyOf(depths));
  }
}
