package org.fieldreadings.app.demo;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.fieldreadings.app.admin.AdminClient;
import org.fieldreadings.core.config.ConfigKeys;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loads the demo farm into a node that just created its database, as an operator would: through the node's own
 * admin API, so every reading goes through the real routes and plugins. Runs on its own thread (generation and
 * blocking HTTP calls, never on an event loop); a failure is one warning and the node keeps serving.
 */
public final class DemoLoader {

  static final String EMAIL = "demo@example.com";
  static final String NAME = "Demo Farm";

  private static final Logger LOG = LoggerFactory.getLogger(DemoLoader.class);
  private static final long SEED = 20240501L;
  /** One payload per device and week: a few hundred KiB at most, well under the default ingest limit. */
  private static final int CHUNK_HOURS = 7 * 24;
  private static final long STOP_WAIT_MILLIS = 10_000;
  private static final List<PayloadGenerator> GENERATORS = List.of(new SoilProbePayloads(),
      new WeatherStationPayloads(), new GatewayFrames(), new FlowMeterPayloads(), new LorawanUplinks());

  private final AdminClient admin;
  private final String publicBaseUrl;
  private final int maxBytes;
  private final CompletableFuture<DemoTour> result = new CompletableFuture<>();
  private final Thread thread = new Thread(this::run, "demo-loader");

  private DemoLoader(JsonObject config, int httpPort, int adminPort) {
    admin = AdminClient.fromConfig(config, adminPort);
    String host = ConfigKeys.HTTP_HOST.get(config);
    boolean wildcard = host.equals("0.0.0.0") || host.equals("::");
    publicBaseUrl = "http://" + (wildcard ? "127.0.0.1" : host) + ":" + httpPort;
    maxBytes = ConfigKeys.INGEST_MAX_BYTES.get(config);
  }

  /** Starts loading in the background against the node's listeners. */
  public static DemoLoader start(JsonObject config, int httpPort, int adminPort) {
    DemoLoader loader = new DemoLoader(config, httpPort, adminPort);
    loader.thread.setDaemon(true);
    loader.thread.start();
    return loader;
  }

  /** Completes with the tour once everything is loaded and printed, or fails as the warning said. */
  public CompletionStage<DemoTour> result() {
    return result;
  }

  /** Interrupts a load still running (the node is shutting down) and waits for it to give up. */
  public void stop() {
    thread.interrupt();
    try {
      thread.join(STOP_WAIT_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void run() {
    long started = System.nanoTime();
    try {
      DemoFarm farm = new DemoFarm(Instant.now(), SEED);
      String entityId = ((JsonObject) admin.call("POST", "/admin/entities",
          new JsonObject().put("email", EMAIL).put("name", NAME))).getString("entityId");
      String apiKey = ((JsonObject) admin.call("POST", "/admin/entities/" + entityId + "/key", null))
          .getString("apiKey");
      long stored = 0;
      for (PayloadGenerator generator : GENERATORS) {
        DemoDevice device = generator.device();
        String path = device.profile() + "/" + device.serial();
        admin.call("PUT", "/admin/devices/" + path, device.declaration());
        admin.call("PUT", "/admin/entities/" + entityId + "/devices/" + path, null);
        for (int from = 0; from < farm.hours(); from += CHUNK_HOURS) {
          stored += ingest(generator, farm, from, Math.min(from + CHUNK_HOURS, farm.hours()));
        }
      }
      DemoTour tour = new DemoTour(apiKey, publicBaseUrl, tourPaths(farm));
      System.out.println(tour.banner());
      LOG.info("demo data loaded in {} s: {} readings of {} devices; its API key and curl commands are on the console",
          Duration.ofNanos(System.nanoTime() - started).toSeconds(), stored, GENERATORS.size());
      result.complete(tour);
    } catch (RuntimeException e) {
      LOG.warn("demo data not loaded (the service keeps running without it): {}", e.getMessage());
      LOG.debug("demo data failure", e);
      result.completeExceptionally(e);
    }
  }

  /** Posts the raw payload of some hours; one over {@code ingest.max.bytes} is sent as two halves instead. */
  private long ingest(PayloadGenerator generator, DemoFarm farm, int fromHour, int toHour) {
    byte[] payload = generator.payload(farm, fromHour, toHour).getBytes(StandardCharsets.UTF_8);
    if (payload.length > maxBytes && toHour - fromHour > 1) {
      int middle = (fromHour + toHour) / 2;
      return ingest(generator, farm, fromHour, middle) + ingest(generator, farm, middle, toHour);
    }
    JsonObject answer = (JsonObject) admin.send("POST", "/admin/ingest/" + generator.device().profile(),
        AdminClient.Body.of(payload), generator.contentType());
    JsonArray rejected = answer.getJsonArray("rejected");
    if (!rejected.isEmpty()) {
      throw new IllegalStateException(generator.device().profile() + " payload partly rejected: " + rejected.getValue(0));
    }
    return answer.getLong("stored");
  }

  /** Devices, the weather station, and its hourly air temperature over the last seven whole days. */
  private static List<String> tourPaths(DemoFarm farm) {
    DemoDevice station = WeatherStationPayloads.DEVICE;
    String stationPath = "/api/devices/" + station.profile() + "/" + station.serial();
    Instant today = farm.start().plus(Duration.ofDays(DemoFarm.DAYS));
    Instant weekStart = today.minus(Duration.ofDays(7));
    Instant weekEnd = today.minus(1, ChronoUnit.SECONDS);
    return List.of("/api/devices/serials", stationPath, stationPath + "/readings?interfaces=AirTemp&startDate="
        + weekStart + "&endDate=" + weekEnd + "&aggregation=hour");
  }
}
