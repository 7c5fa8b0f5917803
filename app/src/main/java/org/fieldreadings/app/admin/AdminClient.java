package org.fieldreadings.app.admin;

import io.vertx.core.json.DecodeException;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import org.fieldreadings.core.config.ConfigKeys;
import org.fieldreadings.core.files.PrivateFiles;

/**
 * A client of a running server's admin API, for the command line and the demo loader. The address: {@code --admin-url}, else the
 * {@code admin.url} the server wrote into its data directory, else {@code admin.host}/{@code admin.port}; the token:
 * {@code --admin-token-file}, else {@code admin.token}, else the data directory's {@code admin.token}.
 *
 * <p>It speaks HTTP/1.1 through {@link HttpURLConnection}, which writes a body straight from the caller's bytes to
 * the socket and keeps connections for the next request: {@code java.net.http} loaded some 600 classes (TLS
 * included, for a loopback {@code http} address) and copied every part of an import once more, two CPU-seconds of a
 * 7 million line import.
 */
public final class AdminClient {

  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
  private static final Duration ANSWER_TIMEOUT = Duration.ofMinutes(30);
  private static final Duration DOWNLOAD_TIMEOUT = Duration.ofHours(2);

  private final String baseUrl;
  private final String token;

  private AdminClient(String baseUrl, String token) {
    this.baseUrl = baseUrl;
    this.token = token;
  }

  /**
   * The client an operator command uses: {@code url} and {@code tokenFile} as the operator gave them, each null
   * for the default.
   */
  public static AdminClient of(JsonObject config, URI url, Path tokenFile) {
    Path dataDir = Path.of(ConfigKeys.DATA_DIR.get(config));
    String address;
    if (url != null) {
      address = url.toString();
    } else {
      Path written = AdminUrlFile.of(dataDir);
      address = Files.isRegularFile(written) ? read(written, "admin address")
          : AdminUrlFile.url(ConfigKeys.ADMIN_HOST.get(config), ConfigKeys.ADMIN_PORT.get(config));
    }
    String token = tokenFile != null ? read(tokenFile, "admin token") : token(config, dataDir);
    return new AdminClient(address.replaceAll("/+$", ""), token);
  }

  /** The client of the admin listener on the given port (the one a node bound, when configured as 0). */
  public static AdminClient fromConfig(JsonObject config, int port) {
    return new AdminClient(AdminUrlFile.url(ConfigKeys.ADMIN_HOST.get(config), port),
        token(config, Path.of(ConfigKeys.DATA_DIR.get(config))));
  }

  private static String token(JsonObject config, Path dataDir) {
    String token = ConfigKeys.ADMIN_TOKEN.get(config);
    if (token != null) {
      return token;
    }
    Path file = dataDir.resolve("admin.token");
    if (!Files.isRegularFile(file)) {
      throw new AdminCallFailure("no admin token: " + file + " does not exist; pass --data-dir DIR (the server's data "
          + "directory) or --admin-token-file FILE, or set admin.token");
    }
    return read(file, "admin token");
  }

  private static String read(Path file, String what) {
    try {
      return Files.readString(file).trim();
    } catch (IOException e) {
      throw new AdminCallFailure("cannot read the " + what + " from " + file + ": " + e.getMessage());
    }
  }

  /** A request body: its length in bytes, and what writes them. */
  public record Body(long length, Writer writer) {

    /** No body. */
    public static final Body NONE = new Body(0, out -> { });

    /** Writes a body to the request's stream. */
    public interface Writer {
      void writeTo(OutputStream out) throws IOException;
    }

    /** {@code bytes[offset, offset + length)}, written as they are. */
    public static Body of(byte[] bytes, int offset, int length) {
      return new Body(length, out -> out.write(bytes, offset, length));
    }

    public static Body of(byte[] bytes) {
      return of(bytes, 0, bytes.length);
    }
  }

  /** Sends a JSON request and returns the decoded JSON answer (null for an empty one). */
  public Object call(String method, String path, JsonObject body) {
    return send(method, path, body == null ? Body.NONE : Body.of(body.encode().getBytes(StandardCharsets.UTF_8)),
        "application/json");
  }

  /** Sends any body with the given content type and returns the decoded JSON answer. */
  public Object send(String method, String path, Body body, String contentType) {
    try {
      HttpURLConnection connection = open(method, path, ANSWER_TIMEOUT);
      connection.setRequestProperty("Content-Type", contentType);
      connection.setRequestProperty("Accept", "application/json");
      write(connection, body);
      int status = connection.getResponseCode();
      String answer = read(status >= 400 ? connection.getErrorStream() : connection.getInputStream());
      if (status >= 400) {
        throw refused(status, answer);
      }
      return decode(answer);
    } catch (ConnectException e) {
      throw unreachable();
    } catch (IOException e) {
      throw new AdminCallFailure("admin API at " + baseUrl + " failed: " + e.getMessage());
    }
  }

  private HttpURLConnection open(String method, String path, Duration answerTimeout) throws IOException {
    HttpURLConnection connection = (HttpURLConnection) URI.create(baseUrl + path).toURL().openConnection();
    connection.setRequestMethod(method);
    connection.setConnectTimeout((int) CONNECT_TIMEOUT.toMillis());
    connection.setReadTimeout((int) answerTimeout.toMillis());
    connection.setUseCaches(false);
    connection.setRequestProperty("Authorization", "Bearer " + token);
    return connection;
  }

  /** Sends the body, if the method has one, with its length announced (no chunks: the server limits sizes). */
  private static void write(HttpURLConnection connection, Body body) throws IOException {
    if (!"POST".equals(connection.getRequestMethod()) && !"PUT".equals(connection.getRequestMethod())) {
      return;
    }
    connection.setDoOutput(true);
    connection.setFixedLengthStreamingMode(body.length());
    try (OutputStream out = connection.getOutputStream()) {
      body.writer().writeTo(out);
    }
  }

  /** The whole of an answer (read to its end, so that its connection serves the next request). */
  private static String read(InputStream in) throws IOException {
    if (in == null) {
      return "";
    }
    try (in) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private AdminCallFailure unreachable() {
    return new AdminCallFailure("cannot reach the admin API at " + baseUrl + ": is the server running?");
  }

  /** The failure of an error answer: its status and the problem's detail (the body when it is no problem). */
  private static AdminCallFailure refused(int status, String body) {
    Object answer = decode(body);
    return new AdminCallFailure(status + ": " + (answer instanceof JsonObject problem && problem.getString("detail") != null
        ? problem.getString("detail") : body));
  }

  /**
   * Saves the answer's body to {@code target} (created owner-only, replaced when complete) and returns its size in
   * bytes; an error answer is reported as {@link #send} does and leaves {@code target} as it was.
   */
  public long download(String method, String path, Path target) {
    Path absolute = target.toAbsolutePath();
    Path partial = null;
    try {
      HttpURLConnection connection = open(method, path, DOWNLOAD_TIMEOUT);
      write(connection, Body.NONE);
      int status = connection.getResponseCode();
      if (status >= 400) {
        throw refused(status, read(connection.getErrorStream()));
      }
      partial = PrivateFiles.createTemporary(absolute.getParent(), absolute.getFileName().toString(), ".part");
      try (InputStream in = connection.getInputStream();
          OutputStream out = Files.newOutputStream(partial, StandardOpenOption.WRITE,
              StandardOpenOption.TRUNCATE_EXISTING)) {
        in.transferTo(out);
      }
      Files.move(partial, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      return Files.size(absolute);
    } catch (ConnectException e) {
      throw unreachable();
    } catch (IOException e) {
      throw new AdminCallFailure("cannot save " + target + ": " + e.getMessage());
    } finally {
      if (partial != null) {
        try {
          Files.deleteIfExists(partial);
        } catch (IOException ignored) {
          // Only a leftover part file; the command's outcome is already decided.
        }
      }
    }
  }

  private static Object decode(String body) {
    if (body == null || body.isBlank()) {
      return null;
    }
    try {
      return Json.decodeValue(body);
    } catch (DecodeException e) {
      return body;
    }
  }
}
