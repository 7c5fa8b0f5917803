package org.fieldreadings.core.telemetry;

import io.micrometer.core.instrument.MeterRegistry;
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
import java.util.WeakHashMap;

/**
 * The meter registry of each Vert.x instance: Prometheus for a node (Vert.x's own HTTP, pool and event-bus
 * metrics plus the modules' meters), a plain in-memory registry for a Vert.x made without metrics (tests).
 * One registry per instance, so several nodes in one JVM never mix their figures.
 */
public final class Telemetry {

  private static final Map<Vertx, MeterRegistry> REGISTRIES = Collections.synchronizedMap(new WeakHashMap<>());

  private Telemetry() {}

  /** A Vert.x instance that records its metrics into a new Prometheus registry. */
  public static Vertx newVertx() {
    PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
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
