package org.fieldreadings.plugin.api;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;

/**
 * One raw payload as a supplier sent it: an HTTP request body or a file. The host hands the bytes over without a
 * copy; a decoder reads them and never modifies them.
 *
 * @param body the bytes of the payload
 * @param contentType the content type as sent, e.g. {@code application/json; charset=utf-8};
 *     {@value #OCTET_STREAM} when unknown
 */
public record RawPayload(byte[] body, String contentType) {

  /** The content type of a payload whose sender did not say. */
  public static final String OCTET_STREAM = "application/octet-stream";

  public RawPayload {
    Objects.requireNonNull(body, "body");
    contentType = contentType == null || contentType.isBlank() ? OCTET_STREAM : contentType.strip();
  }

  /** A payload of text, encoded as UTF-8. */
  public static RawPayload ofText(String text, String contentType) {
    return new RawPayload(text.getBytes(StandardCharsets.UTF_8), contentType);
  }

  /** The body decoded as UTF-8 (malformed sequences become U+FFFD), without a leading byte-order mark. */
  public String text() {
    String text = new String(body, StandardCharsets.UTF_8);
    return text.startsWith("\uFEFF") ? text.substring(1) : text;
  }

  /** The content type without parameters, lower-cased: {@code application/json} for the example above. */
  public String mediaType() {
    int semicolon = contentType.indexOf(';');
    return (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).strip().toLowerCase(Locale.ROOT);
  }

  /** Equal when the bytes and the content type are equal (a record compares arrays by reference otherwise). */
  @Override
  public boolean equals(Object other) {
    return other instanceof RawPayload that && Arrays.equals(body, that.body) && contentType.equals(that.contentType);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(body) + contentType.hashCode();
  }

  @Override
  public String toString() {
    return "RawPayload[" + body.length + " bytes, " + contentType + "]";
  }
}
