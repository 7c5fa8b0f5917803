package org.fieldreadings.plugin.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class PluginTestKitTest {

  /** Reads {@code serial,celsius} lines; a broken one throws, as the kit must report. */
  private static final class LineDecoder implements SupplierDecoder {
    @Override
    public Profile profile() {
      return Profile.PROFILE_A;
    }

    @Override
    public DecodeResult decode(RawPayload payload) {
      DecodeResult.Builder result = DecodeResult.builder();
      String[] lines = payload.text().split("\n");
      for (int i = 0; i < lines.length; i++) {
        String[] cells = lines[i].split(",");
        result.observe(i, cells[0], InterfaceFamily.AIR_TEMP.single(), Instant.EPOCH, Double.parseDouble(cells[1]));
      }
      return result.build();
    }
  }

  @Test
  void decodesAResourceIntoAssertableLines() {
    DecodeResult result = PluginTestKit.decodeResource(new LineDecoder(), "/kit-sample.csv", "text/csv");
    assertThat(PluginTestKit.readings(result)).containsExactly(
        "P-1 ORIGIN AirTemp 1970-01-01T00:00:00Z 21.123457", "P-2 ORIGIN AirTemp 1970-01-01T00:00:00Z -3");
  }

  @Test
  void aDecoderThatThrowsFailsTheTestWithAHint() {
    assertThatThrownBy(() -> PluginTestKit.decodeText(new LineDecoder(), "P-1,abc", "text/csv"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("malformed input must become rejections");
  }

  @Test
  void aMissingResourceIsReported() {
    assertThatThrownBy(() -> PluginTestKit.decodeResource(new LineDecoder(), "/nothing.csv", "text/csv"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("/nothing.csv");
  }
}
