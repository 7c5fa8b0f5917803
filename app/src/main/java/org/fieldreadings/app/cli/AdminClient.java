package org.fieldreadings.app.cli;

import io.vertx.core.json.DecodeException;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import org.fieldreadings.core.config.ConfigKeys;
import org.fieldreadings.core.files.PrivateFiles;

/**
 * The command line's client of the running server's admin API. The address: {@code --admin-url}, else the
 * {@code admin.url} the server wrote into its data directory, else {@code admin.host}/{@code admin.port}; the token:
 * {@code --admin-token-file}, else {@code admin.token}, else the data directory's {@code admin.token}.
 */
public final class AdminClient {

  // HTTP/1.1: parallel uploads then travel on connections of their own instead of one upgraded HTTP/2 connection.
  private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(5)).build();
  private final String baseUrl;
  private final String token;

  AdminClient(String baseUrl, String token) {
    this.baseUrl = baseUrl;
    this.token = token;
  }

  /** The client an operator command uses. */
  static AdminClient of(JsonObject config, AdminTarget target) {
    Path dataDir = Path.of(ConfigKeys.DATA_DIR.get(config));
    String url;
    if (target.url != null) {
      url = target.url.toString();
    } else {
      Path written = AdminUrlFile.of(dataDir);
      url = Files.isRegularFile(written) ? read(written, "admin address")
          : AdminUrlFile.url(ConfigKeys.ADMIN_HOST.get(config), ConfigKeys.ADMIN_PORT.get(config));
    }
    String token = target.tokenFile != null ? read(target.tokenFile, "admin token") : token(config, dataDir);
    return new AdminClient(url.replaceAll("/+$", ""), token);
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
      throw new CommandFailure("no admin token: " + file + " does not exist; pass --data-dir DIR (the server's data "
          + "directory) or --admin-token-file FILE, or set admin.token");
    }
    return read(file, "admin token");
  }

  private static String read(Path file, String what) {
    try {
      return Files.readString(file).trim();
    } catch (IOException e) {
      throw new CommandFailure("cannot read the " + what + " from " + file + ": " + e.getMessage());
    }
  }

  /** Sends a JSON request and returns the decoded JSON answer (null for an empty one). */
  public Object call(String method, String path, JsonObject body) {
    return send(method, path, body == null ? HttpRequest.BodyPublishers.noBody()
        : HttpRequest.BodyPublishers.ofString(body.encode()), "application/json");
  }

  /** Sends any body with the given content type and returns the decoded JSON answer. */
  public Object send(String method, String path, BodyPublisher body, String contentType) {
    HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + path))
        .timeout(Duration.ofMinutes(30))
        .header("Authorization", "Bearer " + token)
        .header("Content-Type", contentType)
        .header("Accept", "application/json")
        .method(method, body)
        .build();
    HttpResponse<String> response;
    try {
      response = http.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (ConnectException e) {
      throw new CommandFailure("cannot reach the admin API at " + baseUrl + ": is the server running?");
    } catch (IOException e) {
      throw new CommandFailure("admin API at " + baseUrl + " failed: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CommandFailure("interrupted");
    }
    if (response.statusCode() >= 400) {
      throw refused(response.statusCode(), response.body());
    }
    return decode(response.body());
  }

  /** The failure of an error answer: its status and the problem's detail (the body when it is no problem). */
  private static CommandFailure refused(int status, String body) {
    Object answer = decode(body);
    return new CommandFailure(status + ": " + (answer instanceof JsonObject problem && problem.getString("detail") != null
        ? problem.getString("detail") : body));
  }

  /**
   * Saves the answer's body to {@code target} (created owner-only, replaced when complete) and returns its size in
   * bytes; an error answer is reported as {@link #send} does and leaves {@code target} as it was.
   */
  public long download(String method, String path, Path target) {
    HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + path))
        .timeout(Duration.ofHours(2))
        .header("Authorization", "Bearer " + token)
        .method(method, HttpRequest.BodyPublishers.noBody())
        .build();
    Path absolute = target.toAbsolutePath();
    Path partial = null;
    try {
      partial = PrivateFiles.createTemporary(absolute.getParent(), absolute.getFileName().toString(), ".part");
      HttpResponse<Path> response = http.send(request,
          HttpResponse.BodyHandlers.ofFile(partial, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING));
      if (response.statusCode() >= 400) {
        throw refused(response.statusCode(), Files.readString(partial));
      }
      Files.move(partial, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      return Files.size(absolute);
    } catch (ConnectException e) {
      throw new CommandFailure("cannot reach the admin API at " + baseUrl + ": is the server running?");
    } catch (IOException e) {
      throw new CommandFailure("cannot save " + target + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CommandFailure("interrupted");
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
