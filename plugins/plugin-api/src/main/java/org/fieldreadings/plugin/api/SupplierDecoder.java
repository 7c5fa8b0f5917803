package org.fieldreadings.plugin.api;

import org.pf4j.ExtensionPoint;

/**
 * The extension point of a supplier plugin: turns one raw payload of its {@link Profile} into observations,
 * device facts and rejections.
 *
 * <p>A plugin provides exactly one implementation, annotated with {@code @org.pf4j.Extension}. The host keys
 * decoders by {@link #profile()} (one plugin per profile), creates the instance once and calls {@link #decode}
 * from several worker threads at once, so an implementation keeps no mutable state between calls.
 *
 * <p>Malformed input is the normal case for a decoder, not an exception: report it with
 * {@link DecodeResult.Builder#reject(int, String)} (a part of the payload) or {@link DecodeResult#rejected(String)}
 * (all of it). The host runs {@code decode} off the event loop under a time budget; a decoder that throws or overruns
 * the budget is interrupted and fails that one payload.
 */
public interface SupplierDecoder extends ExtensionPoint {

  /** The profile whose payloads this decoder understands. */
  Profile profile();

  /**
   * Decodes one payload. Never returns null.
   *
   * @param payload the bytes as the supplier sent them, with their content type
   * @return what the payload says, values converted to the units of the catalog ({@link SensorInterface#unit()})
   */
  DecodeResult decode(RawPayload payload);
}
