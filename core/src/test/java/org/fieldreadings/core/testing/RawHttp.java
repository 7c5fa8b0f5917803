package org.fieldreadings.core.testing;

import io.vertx.core.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Requests written byte by byte on a socket, for what a well-behaved HTTP client cannot send: odd methods, raw
 * control bytes, broken chunks, missing {@code Host}, unknown versions, connections that hang.
 */
public final class RawHttp {

  /** The body of a {@link Response} with status 0 when the server closed the connection before the request was sent. */
  public static final String REFUSED_WHILE_SENDING = "refused while sending: ";

  private static final int READ_TIMEOUT_MS = 10_000;

  private final int port;

  public RawHttp(int port) {
    this.port = port;
  }

  /** A connection to the server, for tests that send a part of a request and watch what the server does. */
  public Socket open() {
    try {
      Socket socket = new Socket(InetAddress.getLoopbackAddress(), port);
      socket.setSoTimeout(READ_TIMEOUT_MS);
      return socket;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Sends the bytes (ISO-8859-1 text) and reads one response; the status is 0 when the server answered nothing (the
   * body then tells what the client saw).
   */
  public Response exchange(String request) {
    return exchange(request.getBytes(StandardCharsets.ISO_8859_1));
  }

  public Response exchange(byte[] request) {
    return exchange(request, READ_TIMEOUT_MS);
  }

  /** Like {@link #exchange(byte[])}, waiting at most the given time for each read. */
  public Response exchange(byte[] request, int readTimeoutMs) {
    try (Socket socket = open()) {
      socket.setSoTimeout(readTimeoutMs);
      return exchange(socket, request);
    } catch (IOException e) {
      // The server may reset a connection it refused before the client finished writing; the body says why.
      return new Response(0, Map.of(), e.toString());
    }
  }

  /** Sends the bytes on an open connection and reads one response, leaving the connection open. */
  public static Response exchange(Socket socket, byte[] request) throws IOException {
    try {
      socket.getOutputStream().write(request);
      socket.getOutputStream().flush();
    } catch (IOException cutShort) {
      // The server may answer and close before reading all of a request it refuses (an overlong request line):
      // its answer can still be waiting; without one, the client only knows it was refused while sending.
      Response answer;
      try {
        answer = read(socket.getInputStream(), false);
      } catch (IOException nothingLeft) {
        answer = new Response(0, Map.of(), "");
      }
      return answer.status() != 0 ? answer : new Response(0, Map.of(), REFUSED_WHILE_SENDING + cutShort);
    }
    boolean noBody = request.length > 5 && new String(request, 0, 5, StandardCharsets.ISO_8859_1).equals("HEAD ");
    Response response = read(socket.getInputStream(), noBody);
    while (response.status() == 100) {
      response = read(socket.getInputStream(), noBody);
    }
    return response;
  }

  /** True when the server closes the connection within the time, having sent nothing more than a response. */
  public static boolean closedWithin(Socket socket, long millis) {
    long deadline = System.nanoTime() + millis * 1_000_000;
    try {
      InputStream in = socket.getInputStream();
      byte[] buffer = new byte[4096];
      while (System.nanoTime() < deadline) {
        socket.setSoTimeout((int) Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
        if (in.read(buffer) < 0) {
          return true;
        }
      }
      return false;
    } catch (SocketTimeoutException e) {
      return false;
    } catch (IOException e) {
      return true; // reset
    }
  }

  private static Response read(InputStream in, boolean noBody) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int last4 = 0;
    int b;
    while (last4 != 0x0d0a0d0a && (b = in.read()) >= 0) {
      head.write(b);
      last4 = (last4 << 8) | b;
    }
    String[] lines = head.toString(StandardCharsets.ISO_8859_1).split("\r\n");
    if (lines.length == 0 || !lines[0].startsWith("HTTP/") || lines[0].length() < 12) {
      return new Response(0, Map.of(), head.toString(StandardCharsets.ISO_8859_1));
    }
    int status = Integer.parseInt(lines[0].substring(9, 12));
    Map<String, String> headers = new TreeMap<>();
    for (int i = 1; i < lines.length; i++) {
      int colon = lines[i].indexOf(':');
      if (colon > 0) {
        headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).trim());
      }
    }
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    if (noBody || status == 100 || status == 204 || status == 304) {
      return new Response(status, headers, "");
    }
    if (headers.containsKey("content-length")) {
      byte[] bytes = in.readNBytes(Integer.parseInt(headers.get("content-length")));
      body.write(bytes);
    } else if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
      readChunks(in, body);
    }
    return new Response(status, headers, body.toString(StandardCharsets.UTF_8));
  }

  private static void readChunks(InputStream in, ByteArrayOutputStream body) throws IOException {
    while (true) {
      StringBuilder sizeLine = new StringBuilder();
      int b;
      while ((b = in.read()) >= 0 && b != '\n') {
        if (b != '\r') {
          sizeLine.append((char) b);
        }
      }
      if (b < 0) {
        return;
      }
      int size = Integer.parseInt(sizeLine.toString().split(";")[0].trim(), 16);
      if (size == 0) {
        in.readNBytes(2);
        return;
      }
      body.write(in.readNBytes(size));
      in.readNBytes(2);
    }
  }

  /** A response: status, headers by lower-case name, body. */
  public record Response(int status, Map<String, String> headers, String body) {
    public String header(String name) {
      return headers.get(name.toLowerCase(Locale.ROOT));
    }

    public JsonObject json() {
      return new JsonObject(body);
    }
  }
}
