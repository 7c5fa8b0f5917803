package org.fieldreadings.core.telemetry;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.micrometer.Label;
import io.vertx.micrometer.MicrometerMetricsFactory;
import io.vertx.micrometer.MicrometerMetricsOptions;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;

/**
 * The meter registry of each Vert.x instance: Prometheus for a node (Vert.x's own HTTP, pool and event-bus
 * metrics plus the modules' meters), a plain in-memory registry for a Vert.x made without metrics (tests).
 * One registry per instance, so several nodes in one JVM never mix their figures.
 */
public final class Telemetry {

  /** The methods of RFC 9110 and PATCH; any other a client sends counts as {@link #OTHER_METHOD}. */
  static final Set<String> STANDARD_METHODS =
      Set.of("GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT");
  static final String OTHER_METHOD = "OTHER";

  private static final Map<Vertx, MeterRegistry> REGISTRIES = Collections.synchronizedMap(new WeakHashMap<>());

  private Telemetry() {}

  /** A Vert.x instance that records its metrics into a new Prometheus registry. */
  public static Vertx newVertx() {
    PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    // Label values come from fixed sets: routes are the router's templates (never raw paths), statuses are the
    // server's, and a client's invented method names would each add series for good, so they share one label.
    registry.config().meterFilter(MeterFilter.replaceTagValues(Label.HTTP_METHOD.toString(),
        method -> STANDARD_METHODS.contains(method) ? method : OTHER_METHOD));
    MicrometerMetricsOptions metrics = new MicrometerMetricsOptions()
        .setEnabled(true)
        .setJvmMetricsEnabled(true)
        .setLabels(EnumSet.of(Label.HTTP_METHOD, Label.HTTP_CODE, Label.HTTP_ROUTE, Label.POOL_TYPE, Label.POOL_NAME,
            Label.EB_ADDRESS, Label.EB_SIDE, Label.EB_FAILURE));
    Vertx vertx = Vertx.builder()
        .with(new VertxOptions().setMetricsOptions(metrics))
        .withMetrics(new MicrometerMetricsFactory(registry))
        .build();
    REGISTRIES.put(vertx, registry);
    return vertx;
  }

  /** The registry of a Vert.x instance. */
  public static MeterRegistry registry(Vertx vertx) {
    return REGISTRIES.computeIfAbsent(vertx, v -> new SimpleMeterRegistry());
  }

  /** The Prometheus registry of a node's Vert.x instance, or null when it records no metrics. */
  public static PrometheusMeterRegistry prometheus(Vertx vertx) {
    return registry(vertx) instanceof PrometheusMeterRegistry prometheus ? prometheus : null;
  }
}
