package org.fieldreadings.app.explorer;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.http.WebSocket;
import io.vertx.core.http.WebSocketClientOptions;
import io.vertx.core.http.WebSocketConnectOptions;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Debian's headless Chromium driven over the Chrome DevTools Protocol: a WebSocket opened with Vert.x's own client,
 * so no WebDriver and no browser download. One page; JavaScript errors, console errors and CSP violations of that
 * page are collected as {@link #problems()}.
 */
final class HeadlessChromium implements AutoCloseable {

  /** The browser binary; {@code -Dchromium.binary=...} points elsewhere. */
  static final Path BINARY = Path.of(System.getProperty("chromium.binary", "/usr/bin/chromium"));

  private static final Duration START_TIMEOUT = Duration.ofSeconds(30);
  private static final long COMMAND_TIMEOUT_SECONDS = 30;
  private static final int MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

  private final Process process;
  private final Vertx vertx;
  private final WebSocket socket;
  private final AtomicLong ids = new AtomicLong();
  private final Map<Long, Promise<JsonObject>> pending = new ConcurrentHashMap<>();
  private final List<String> problems = new CopyOnWriteArrayList<>();
  private String sessionId;

  private HeadlessChromium(Process process, Vertx vertx, WebSocket socket) {
    this.process = process;
    this.vertx = vertx;
    this.socket = socket;
  }

  /** Starts Chromium with its profile in {@code dir} and opens a blank page of the given size. */
  static HeadlessChromium start(Path dir, int width, int height) throws Exception {
    Path profile = Files.createDirectories(dir.resolve("profile"));
    ProcessBuilder builder = new ProcessBuilder(BINARY.toString(), "--headless=new", "--remote-debugging-port=0",
        "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic", "--no-first-run",
        "--no-default-browser-check", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--disable-extensions", "--user-data-dir=" + profile, "about:blank")
        .redirectErrorStream(true)
        .redirectOutput(dir.resolve("chromium.log").toFile());
    // Chromium keeps its singleton socket in a temporary folder: inside dir, it goes away with the test's files.
    builder.environment().put("TMPDIR", Files.createDirectories(dir.resolve("tmp")).toString());
    Process process = builder.start();
    Vertx vertx = Vertx.vertx();
    try {
      // Chromium writes its port and the browser's WebSocket path here once it listens.
      List<String> endpoint = awaitDevToolsEndpoint(profile.resolve("DevToolsActivePort"), process);
      WebSocket socket = connect(vertx, endpoint, process);
      HeadlessChromium chromium = new HeadlessChromium(process, vertx, socket);
      socket.textMessageHandler(chromium::onMessage);
      socket.closeHandler(v -> chromium.pending.values()
          .forEach(reply -> reply.tryFail("chromium closed the socket")));
      chromium.openPage(width, height);
      return chromium;
    } catch (Exception | Error e) {
      vertx.close();
      process.destroyForcibly();
      throw e;
    }
  }

  /**
   * Opens the DevTools socket. On a loaded machine Chromium writes its port before it accepts upgrades and may
   * close the first handshake, so a closed handshake is tried again until the start timeout.
   */
  private static WebSocket connect(Vertx vertx, List<String> endpoint, Process process) throws Exception {
    WebSocketConnectOptions options = new WebSocketConnectOptions().setHost("127.0.0.1")
        .setPort(Integer.parseInt(endpoint.get(0))).setURI(endpoint.get(1)).setAllowOriginHeader(false);
    var client = vertx.createWebSocketClient(new WebSocketClientOptions()
        .setMaxFrameSize(MAX_MESSAGE_BYTES).setMaxMessageSize(MAX_MESSAGE_BYTES));
    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    while (true) {
      try {
        return client.connect(options).await(COMMAND_TIMEOUT_SECONDS, TimeUnit.SECONDS);
      } catch (Exception e) {
        if (!process.isAlive() || System.nanoTime() > deadline) {
          throw e;
        }
        Thread.sleep(200);
      }
    }
  }

  private static List<String> awaitDevToolsEndpoint(Path file, Process process) throws Exception {
    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IllegalStateException("chromium exited with " + process.exitValue() + ": see chromium.log");
      }
      if (Files.exists(file)) {
        List<String> lines = Files.readAllLines(file);
        if (lines.size() >= 2) {
          return lines;
        }
      }
      Thread.sleep(100);
    }
    throw new IllegalStateException("chromium did not open its DevTools port within " + START_TIMEOUT);
  }

  private void openPage(int width, int height) {
    String targetId = browserCommand("Target.createTarget", new JsonObject().put("url", "about:blank"))
        .getString("targetId");
    sessionId = browserCommand("Target.attachToTarget", new JsonObject().put("targetId", targetId)
        .put("flatten", true)).getString("sessionId");
    command("Runtime.enable", new JsonObject());
    command("Log.enable", new JsonObject());
    command("Page.enable", new JsonObject());
    command("Emulation.setDeviceMetricsOverride", new JsonObject().put("width", width).put("height", height)
        .put("deviceScaleFactor", 1).put("mobile", false));
  }

  /** Loads the URL and waits until the document and its deferred scripts have loaded. */
  void navigate(String url) {
    JsonObject result = command("Page.navigate", new JsonObject().put("url", url));
    if (result.containsKey("errorText")) {
      throw new IllegalStateException("cannot load " + url + ": " + result.getString("errorText"));
    }
    waitFor("document.readyState === 'complete' && location.href === " + jsString(url), Duration.ofSeconds(30));
  }

  /** The value of a JavaScript expression in the page (promises awaited); a thrown error fails. */
  Object evaluate(String expression) {
    JsonObject result = command("Runtime.evaluate", new JsonObject().put("expression", expression)
        .put("awaitPromise", true).put("returnByValue", true));
    if (result.containsKey("exceptionDetails")) {
      throw new AssertionError("JavaScript failed: " + expression + "\n" + result.getJsonObject("exceptionDetails"));
    }
    return result.getJsonObject("result").getValue("value");
  }

  /** Polls a JavaScript condition until it is true; fails with the page's visible text after the timeout. */
  void waitFor(String condition, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!Boolean.TRUE.equals(evaluate("Boolean(" + condition + ")"))) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out waiting for " + condition + "; the page shows:\n"
            + evaluate("document.body ? document.body.innerText : ''"));
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
  }

  /** Writes a PNG of the whole page. */
  void screenshot(Path file) {
    String png = command("Page.captureScreenshot", new JsonObject().put("format", "png")
        .put("captureBeyondViewport", true)).getString("data");
    try {
      Files.createDirectories(file.toAbsolutePath().getParent());
      Files.write(file, Base64.getDecoder().decode(png));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Types the text into the focused element as a keyboard's input method would: it replaces the selection. */
  void type(String text) {
    command("Input.insertText", new JsonObject().put("text", text));
  }

  /**
   * Presses and releases a key (Enter, Escape, ArrowDown or ArrowUp) on the focused element, with the key's default
   * action (Enter in a form's box submits the form unless the page prevents it).
   */
  void press(String key) {
    int code = switch (key) {
      case "Enter" -> 13;
      case "Escape" -> 27;
      case "ArrowUp" -> 38;
      case "ArrowDown" -> 40;
      default -> throw new IllegalArgumentException("no key code for " + key);
    };
    JsonObject event = new JsonObject().put("key", key).put("code", key).put("windowsVirtualKeyCode", code)
        .put("nativeVirtualKeyCode", code);
    // A key with text is a keyDown (which also sends keypress, as Enter's submission needs); one without, rawKeyDown.
    command("Input.dispatchKeyEvent", "Enter".equals(key) ? event.copy().put("type", "keyDown").put("text", "\r")
        : event.copy().put("type", "rawKeyDown"));
    command("Input.dispatchKeyEvent", event.copy().put("type", "keyUp"));
  }

  /** JavaScript exceptions, console errors and browser log errors (CSP violations, failed loads) seen so far. */
  List<String> problems() {
    return List.copyOf(problems);
  }

  /** A JavaScript string literal of the text. */
  static String jsString(String text) {
    return Json.encode(text);
  }

  private JsonObject command(String method, JsonObject params) {
    return send(new JsonObject().put("method", method).put("params", params).put("sessionId", sessionId));
  }

  private JsonObject browserCommand(String method, JsonObject params) {
    return send(new JsonObject().put("method", method).put("params", params));
  }

  private JsonObject send(JsonObject message) {
    long id = ids.incrementAndGet();
    Promise<JsonObject> reply = Promise.promise();
    pending.put(id, reply);
    Future<JsonObject> answer = socket.writeTextMessage(message.put("id", id).encode()).compose(v -> reply.future());
    try {
      return answer.await(COMMAND_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      throw new IllegalStateException("no answer from chromium to " + message.getString("method"), e);
    }
  }

  private void onMessage(String text) {
    JsonObject message = new JsonObject(text);
    Long id = message.getLong("id");
    if (id != null) {
      Promise<JsonObject> reply = pending.remove(id);
      if (message.containsKey("error")) {
        reply.fail(message.getString("method", "command") + " failed: " + message.getJsonObject("error"));
      } else {
        reply.complete(message.getJsonObject("result"));
      }
      return;
    }
    JsonObject params = message.getJsonObject("params", new JsonObject());
    switch (message.getString("method", "")) {
      case "Runtime.exceptionThrown" -> problems.add("exception: " + params.getJsonObject("exceptionDetails"));
      case "Runtime.consoleAPICalled" -> {
        if ("error".equals(params.getString("type"))) {
          problems.add("console.error: " + params.getJsonArray("args"));
        }
      }
      case "Log.entryAdded" -> {
        JsonObject entry = params.getJsonObject("entry");
        if ("error".equals(entry.getString("level"))) {
          problems.add(entry.getString("source") + ": " + entry.getString("text") + " " + entry.getString("url", ""));
        }
      }
      default -> { }
    }
  }

  @Override
  public void close() {
    try {
      browserCommand("Browser.close", new JsonObject());
    } catch (RuntimeException e) {
      // the browser is stopped below either way
    } finally {
      vertx.close();
      List<ProcessHandle> helpers = process.descendants().toList();
      process.destroy();
      try {
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
          process.destroyForcibly();
        }
      } catch (InterruptedException e) {
        process.destroyForcibly();
        Thread.currentThread().interrupt();
      }
      // Renderer and GPU helpers normally exit with the browser; none may outlive the test.
      helpers.forEach(ProcessHandle::destroyForcibly);
    }
  }
}
