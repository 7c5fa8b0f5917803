package org.fieldreadings.app.demo;

/** Writes what one supplier would send for its demo device, in the supplier's own format (the plugin's README). */
interface PayloadGenerator {

  DemoDevice device();

  String contentType();

  /** The raw payload of the device's readings in the farm's hours {@code [fromHour, toHour)} that are not after now. */
  String payload(DemoFarm farm, int fromHour, int toHour);
}
