package org.fieldreadings.app.demo;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.ByteBuffer;
import java.util.Base64;

/**
 * {@code PROFILE_D} uplinks of a soil water balance sensor, hourly, as a TTS webhook export: the water that entered
 * and left the layers at 10, 30 and 60 cm in the hour, and a battery that slowly runs down.
 */
final class LorawanUplinks implements PayloadGenerator {

  private static final DemoDevice DEVICE = new DemoDevice("PROFILE_D", "70B3D57ED00DE301", "SOIL", 38.7348, -9.1391);
  private static final int[] DEPTHS_CM = {10, 30, 60};
  private static final int BATTERY_START_MV = 3650;

  @Override
  public DemoDevice device() {
    return DEVICE;
  }

  @Override
  public String contentType() {
    return "application/json";
  }

  @Override
  public String payload(DemoFarm farm, int fromHour, int toHour) {
    JsonArray uplinks = new JsonArray();
    for (int h = fromHour; h < Math.min(toHour, farm.hours()); h++) {
      uplinks.add(new JsonObject()
          .put("end_device_ids", new JsonObject().put("device_id", "wb-demo").put("dev_eui", DEVICE.serial()))
          .put("received_at", farm.hourAt(h).toString())
          .put("uplink_message", new JsonObject()
              .put("f_port", 2)
              .put("f_cnt", h)
              .put("frm_payload", Base64.getEncoder().encodeToString(binary(farm, h)))
              .put("rx_metadata", new JsonArray().add(new JsonObject().put("rssi", -95 - h % 9)))));
    }
    return uplinks.encode();
  }

  /** Layout version 1, big-endian: version, battery mV, depth count, then depth, entrance and loss in 0.01 mm. */
  private static byte[] binary(DemoFarm farm, int hour) {
    ByteBuffer payload = ByteBuffer.allocate(4 + 5 * DEPTHS_CM.length);
    payload.put((byte) 1);
    payload.putShort((short) (BATTERY_START_MV - hour / 8));
    payload.put((byte) DEPTHS_CM.length);
    for (int layer = 0; layer < DEPTHS_CM.length; layer++) {
      payload.put((byte) DEPTHS_CM[layer]);
      payload.putShort((short) Math.round(farm.entrance[layer][hour] * 100));
      payload.putShort((short) Math.round(farm.loss[layer][hour] * 100));
    }
    return payload.array();
  }
}
