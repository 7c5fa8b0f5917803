package org.fieldreadings.plugin.api;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A small kit for plugin tests, free of any test framework: feed a sample to a decoder the way the host does and
 * read the result as lines that are easy to assert with any library, e.g.
 *
 * <pre>{@code
 * DecodeResult result = PluginTestKit.decodeResource(new MyDecoder(), "/sample.json", "application/json");
 * assertThat(PluginTestKit.readings(result)).containsExactly(
 *     "ST-1 ORIGIN AirTemp 2024-05-01T10:00:00Z 21.5");
 * assertThat(PluginTestKit.rejections(result)).isEmpty();
 * }</pre>
 *
 * Values are written rounded to six decimals, so expected values of unit conversions can be written as literals.
 */
public final class PluginTestKit {

  private static final int DECIMALS = 6;

  private PluginTestKit() {}

  /**
   * Decodes a resource of the test class path (e.g. {@code /sample.json} from {@code src/test/resources}).
   *
   * @throws IllegalArgumentException when there is no such resource
   * @throws AssertionError when the decoder breaks its contract (throws, or returns null)
   */
  public static DecodeResult decodeResource(SupplierDecoder decoder, String resource, String contentType) {
    try (InputStream in = decoder.getClass().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalArgumentException("no resource " + resource + " on the class path of " + decoder.getClass());
      }
      return decode(decoder, new RawPayload(in.readAllBytes(), contentType));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The entries of an expected-results text in the format of {@link #readings} (or {@link #rejections},
   * {@link #devices}): one a line; blank lines and lines starting with {@code #} (comments) are left out. Kept in a
   * file next to the sample (e.g. {@code sample.readings.txt}), the expected readings can serve other tests too,
   * such as one that sends the sample through a running service.
   */
  public static List<String> expectedLines(String text) {
    return text.lines().map(String::strip).filter(line -> !line.isEmpty() && !line.startsWith("#")).toList();
  }

  /** {@link #expectedLines} of a resource of the test class path of {@code owner}. */
  public static List<String> expectedResource(Class<?> owner, String resource) {
    try (InputStream in = owner.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalArgumentException("no resource " + resource + " on the class path of " + owner);
      }
      return expectedLines(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Decodes a text payload (UTF-8). */
  public static DecodeResult decodeText(SupplierDecoder decoder, String text, String contentType) {
    return decode(decoder, RawPayload.ofText(text, contentType));
  }

  /** Decodes a payload, failing as the host would when the decoder throws or returns nothing. */
  public static DecodeResult decode(SupplierDecoder decoder, RawPayload payload) {
    if (decoder.profile() == null) {
      throw new AssertionError(decoder.getClass().getName() + ".profile() returned null");
    }
    DecodeResult result;
    try {
      result = decoder.decode(payload);
    } catch (RuntimeException e) {
      throw new AssertionError("decode threw " + e + ": malformed input must become rejections", e);
    }
    if (result == null) {
      throw new AssertionError("decode returned null: return a DecodeResult, e.g. DecodeResult.rejected(reason)");
    }
    return result;
  }

  /** Each observation as {@code serial connectorId interface timestamp value}, in order. */
  public static List<String> readings(DecodeResult result) {
    return result.observations().stream()
        .map(o -> o.serial() + " " + o.connectorId() + " " + o.iface().name() + " " + o.timestamp() + " "
            + format(o.value()))
        .toList();
  }

  /** Each rejection as {@code #index reason}, in order ({@code #-1} for the whole payload). */
  public static List<String> rejections(DecodeResult result) {
    return result.rejections().stream().map(r -> "#" + r.index() + " " + r.reason()).toList();
  }

  /** Each device's facts as {@code serial group=G location=LAT,LON}, leaving out what the payload did not say. */
  public static List<String> devices(DecodeResult result) {
    return result.devices().stream()
        .map(d -> d.serial()
            + d.group().map(g -> " group=" + g).orElse("")
            + d.location().map(l -> " location=" + format(l.latitude()) + "," + format(l.longitude())).orElse(""))
        .toList();
  }

  /** A value as the other methods write it: rounded half up to six decimals, without trailing zeros. */
  public static String format(double value) {
    return BigDecimal.valueOf(value).setScale(DECIMALS, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
  }
}
