package org.fieldreadings.plugin.api;

import org.pf4j.ExtensionPoint;

/**
 * The extension point of a supplier plugin: turns one raw payload of its {@link Profile} into observations,
 * device facts and rejections.
 *
 * <p>A plugin provides exactly one implementation, annotated with {@code @org.pf4j.Extension}. Several plugins may
 * serve one {@link #profile()} (a supplier that sends several formats): the host asks them in order (the operator's
 * {@code plugins.<profile>.decoders}, else plugin-id order) whether they {@link #accepts} a payload, and the first
 * that does decodes it. The host creates the instance once and calls it from several worker threads at once, so an
 * implementation keeps no mutable state between calls.
 *
 * <p>Malformed input is the normal case for a decoder, not an exception: report it with
 * {@link DecodeResult.Builder#reject(int, String)} (a part of the payload) or {@link DecodeResult#rejected(String)}
 * (all of it). The host runs {@code decode} off the event loop under a time budget; a decoder that throws or overruns
 * the budget is interrupted and fails that one payload.
 */
public interface SupplierDecoder extends ExtensionPoint {

  /**
   * Takes the operator's settings for this plugin ({@code plugins.<pluginId>.<name>}, see {@link PluginSettings}).
   * The host calls it once, first of all, on each instance it creates: at start and again at each reload, which
   * creates new instances. Check the settings here and keep what you need in fields: the host hands the instance to
   * its decode threads only once this returns, so they see what it set. Throw (e.g. the
   * {@link IllegalArgumentException} of a typed lookup, or {@link PluginSettings#invalid}) when the plugin cannot work
   * with them: it is then not started, and {@code GET /admin/plugins} lists it as {@code FAILED} with the exception's
   * message, which must not quote a value (it may be a secret). Keep it quick (no network): the host waits for it
   * while loading the plugins, at most the decode budget, then interrupts it and lists the plugin as {@code FAILED}.
   * The default ignores the settings.
   *
   * @param settings this plugin's settings, empty when the operator gave none
   * @since 1.1.0
   */
  default void configure(PluginSettings settings) {}

  /** The profile whose payloads this decoder understands. */
  Profile profile();

  /**
   * Whether this decoder reads this payload, asked before {@link #decode} when several plugins serve the profile
   * (and when one does: a payload no decoder accepts is answered 422 naming the decoders asked). It must be cheap
   * (the content type, a field or a port near the start of the body, never a full parse) and must not throw: the
   * host treats a throw as "no". The default accepts every payload, so the last decoder in order may keep it.
   */
  default boolean accepts(RawPayload payload) {
    return true;
  }

  /**
   * What this decoder {@link #accepts} of its profile's payloads, in a few words fit for an operator, e.g.
   * {@code "f_port 2"}: {@code GET /admin/plugins} shows it beside the decoder's class and its place in the order, and
   * the answer to a payload no decoder accepts names it. The host asks once, after {@link #configure}, so it may
   * depend on the settings; keep it in step with {@link #accepts}. A throw fails the plugin as a throwing
   * {@link #profile()} does.
   *
   * @since 1.2.0
   */
  default String claims() {
    return "any payload it accepts";
  }

  /**
   * Decodes one payload. Never returns null.
   *
   * @param payload the bytes as the supplier sent them, with their content type
   * @return what the payload says, values converted to the units of the catalog ({@link SensorInterface#unit()})
   */
  DecodeResult decode(RawPayload payload);
}
