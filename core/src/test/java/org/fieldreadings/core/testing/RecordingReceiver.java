package org.fieldreadings.core.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A real HTTP server on loopback that records every request (webhook deliveries) and answers each path with the
 * statuses and delay a test set, 200 at once by default. Each request is handled on a thread of its own, so a slow
 * path does not hold up another.
 */
public final class RecordingReceiver implements AutoCloseable {

  /** A request as received; header names lower-case. */
  public record Request(String path, Map<String, List<String>> headers, String body, long receivedAtMs) {
    public String header(String name) {
      List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
      return values == null ? null : values.get(0);
    }
  }

  private final HttpServer server;
  private final ExecutorService threads = Executors.newCachedThreadPool();
  private final List<Request> requests = new CopyOnWriteArrayList<>();
  private final Map<String, Deque<Integer>> statuses = new ConcurrentHashMap<>();
  private final Map<String, Duration> delays = new ConcurrentHashMap<>();

  private RecordingReceiver(HttpServer server) {
    this.server = server;
    server.setExecutor(threads);
    server.createContext("/", this::handle);
    server.start();
  }

  public static RecordingReceiver start() {
    try {
      return new RecordingReceiver(HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The receiver's URL of {@code path}, e.g. {@code http://127.0.0.1:41234/hook}. */
  public String url(String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + path;
  }

  /** Answers the next requests to {@code path} with these statuses in turn, the last one from then on. */
  public void answer(String path, Integer... inTurn) {
    statuses.put(path, new ConcurrentLinkedDeque<>(List.of(inTurn)));
  }

  /** Waits this long before answering each request to {@code path}. */
  public void delay(String path, Duration delay) {
    delays.put(path, delay);
  }

  public List<Request> requests(String path) {
    return requests.stream().filter(r -> r.path().equals(path)).toList();
  }

  /** The requests to {@code path} once there are at least {@code count}, waiting up to {@code within}. */
  public List<Request> await(String path, int count, Duration within) throws InterruptedException {
    long deadline = System.nanoTime() + within.toNanos();
    while (requests(path).size() < count && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    return requests(path);
  }

  @Override
  public void close() {
    server.stop(0);
    threads.shutdownNow();
  }

  private void handle(HttpExchange exchange) throws IOException {
    String path = exchange.getRequestURI().getRawPath();
    Map<String, List<String>> headers = new TreeMap<>();
    exchange.getRequestHeaders().forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT),
        new ArrayList<>(values)));
    String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    requests.add(new Request(path, headers, body, System.currentTimeMillis()));
    Duration delay = delays.get(path);
    if (delay != null) {
      try {
        Thread.sleep(delay.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
    Deque<Integer> inTurn = statuses.get(path);
    int status = inTurn == null ? 200 : inTurn.size() > 1 ? inTurn.poll() : inTurn.peek();
    exchange.sendResponseHeaders(status, -1);
    exchange.close();
  }
}
