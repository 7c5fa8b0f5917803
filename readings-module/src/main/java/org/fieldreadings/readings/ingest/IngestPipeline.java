package org.fieldreadings.readings.ingest;

import io.micrometer.core.instrument.Timer;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.fieldreadings.core.bus.BusFailure;
import org.fieldreadings.core.bus.BusFailureException;
import org.fieldreadings.core.telemetry.Telemetry;
import org.fieldreadings.plugin.api.DecodeResult;
import org.fieldreadings.plugin.api.Rejection;
import org.fieldreadings.readings.plugins.PluginFailure;
import org.fieldreadings.readings.plugins.PluginHost;
import org.fieldreadings.readings.write.AcceptedWindow;
import org.fieldreadings.readings.write.ReadingsStore;
import org.fieldreadings.readings.write.ScopedWrite;

/**
 * Ingests one raw payload: the profile's plugin decodes it (on the plugin's own threads, within its budget), the
 * observations become readings, the devices module learns the devices with their connectors, interfaces and reported
 * facts, and the readings are upserted in one transaction, so the same payload twice stores nothing twice. A payload
 * of an ingest key writes only the devices the key may write; the others are rejected with the reason.
 *
 * <p>A plugin failure fails this payload only, with a {@link BusFailure} code that says what to do about it:
 * {@link BusFailure#NOT_FOUND} when no plugin serves the profile (the message lists those that have one),
 * {@link BusFailure#UNPROCESSABLE} when none of the plugins serving it accepts the payload (naming those asked),
 * {@link BusFailure#BAD_GATEWAY} when the plugin threw, {@link BusFailure#UNAVAILABLE} when it has too many payloads
 * waiting or holds every decode thread of the profile (wedged), {@link BusFailure#GATEWAY_TIMEOUT} when it overran
 * its budget. Nothing of such a payload is stored.
 *
 * <p>A payload the plugin could not read at all (it rejected the whole payload and found nothing in it, e.g. JSON
 * nested deeper than its parser allows) is the sender's mistake: {@link BusFailure#UNPROCESSABLE} with the plugin's
 * reasons, never stored.
 */
public final class IngestPipeline {

  private final Vertx vertx;
  private final PluginHost plugins;
  private final ReadingsStore store;
  private final AcceptedWindow window;

  public IngestPipeline(Vertx vertx, PluginHost plugins, ReadingsStore store, AcceptedWindow window) {
    this.vertx = vertx;
    this.plugins = plugins;
    this.store = store;
    this.window = window;
  }

  public Future<IngestResult> ingest(IngestRequest request) {
    long started = System.nanoTime();
    return plugins.decode(vertx, request.profile(), request.payload())
        .onComplete(decoded -> recordDecode(request, started, decoded.cause()))
        .recover(IngestPipeline::asBusFailure)
        .compose(decoded -> unreadable(decoded)
            ? Future.failedFuture(new BusFailureException(BusFailure.UNPROCESSABLE, "the " + request.profile()
                + " plugin could not read the payload: " + String.join("; ",
                    decoded.rejections().stream().map(Rejection::reason).toList())))
            : Future.succeededFuture(decoded))
        // Large payloads hold many thousand observations: normalize them off the event loop.
        .compose(decoded -> vertx.executeBlocking(
            () -> NormalizedPayload.of(request.profile(), decoded, window.at(Instant.now())), false))
        .compose(normalized -> store.write(normalized.batch(), request.scope())
            .map(written -> result(normalized, written)));
  }

  /** The payload's rejections and those of the devices its ingest key may not write, listed as far as the rule says. */
  private static IngestResult result(NormalizedPayload normalized, ScopedWrite written) {
    List<Rejection> rejections = new ArrayList<>(normalized.rejections());
    for (ScopedWrite.RefusedDevice refused : written.refused()) {
      if (rejections.size() < Rejection.LISTED) {
        rejections.add(new Rejection(normalized.firstPart(refused.device().serial()),
            NormalizedPayload.notStored(refused.reason(), refused.readings())));
      }
    }
    return new IngestResult(written.written(), rejections, normalized.rejectedCount() + written.refused().size(),
        normalized.warnings());
  }

  /** Decode time per profile and outcome ({@code ok}, or the failure kind): how plugins behave in production. */
  private void recordDecode(IngestRequest request, long started, Throwable failure) {
    String outcome = failure == null ? "ok"
        : failure instanceof PluginFailure plugin ? plugin.kind().name().toLowerCase(java.util.Locale.ROOT) : "error";
    Timer.builder("fieldreadings.plugin.decode")
        .description("Time plugins take to decode one payload, by profile and outcome")
        .tag("profile", request.profile().name())
        .tag("outcome", outcome)
        .register(Telemetry.registry(vertx))
        .record(System.nanoTime() - started, TimeUnit.NANOSECONDS);
  }

  /** Nothing but rejections of the whole payload: nothing in it was readable. */
  private static boolean unreadable(DecodeResult decoded) {
    return decoded.observations().isEmpty() && decoded.devices().isEmpty() && !decoded.rejections().isEmpty()
        && decoded.rejections().stream().allMatch(r -> r.index() == Rejection.WHOLE_PAYLOAD);
  }

  private static Future<DecodeResult> asBusFailure(Throwable error) {
    if (!(error instanceof PluginFailure failure)) {
      return Future.failedFuture(error);
    }
    int code = switch (failure.kind()) {
      case NO_PLUGIN -> BusFailure.NOT_FOUND;
      case NOT_ACCEPTED -> BusFailure.UNPROCESSABLE;
      case CRASHED -> BusFailure.BAD_GATEWAY;
      case BUSY, WEDGED -> BusFailure.UNAVAILABLE;
      case TIMED_OUT -> BusFailure.GATEWAY_TIMEOUT;
    };
    return Future.failedFuture(new BusFailureException(code, failure.getMessage()));
  }
}
