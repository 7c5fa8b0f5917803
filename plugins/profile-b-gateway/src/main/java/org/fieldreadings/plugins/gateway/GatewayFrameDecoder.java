package org.fieldreadings.plugins.gateway;

import java.util.Optional;
import org.fieldreadings.plugin.api.DecodeResult;
import org.fieldreadings.plugin.api.Observation;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.RawPayload;
import org.fieldreadings.plugin.api.SupplierDecoder;
import org.pf4j.Extension;

/**
 * Decodes the frames a radio gateway forwards, one per line (see the plugin's README). The gateway's own channels
 * go to connector {@code ORIGIN}; each attached device's channels go to a connector named by the device's id. The
 * index of a rejection is the zero-based line number.
 */
@Extension
public final class GatewayFrameDecoder implements SupplierDecoder {

  @Override
  public Profile profile() {
    return Profile.PROFILE_B;
  }

  @Override
  public DecodeResult decode(RawPayload payload) {
    DecodeResult.Builder result = DecodeResult.builder();
    String text = payload.text();
    int index = 0;
    for (int start = 0; start <= text.length(); index++) {
      int newline = text.indexOf('\n', start);
      int end = newline < 0 ? text.length() : newline;
      // strip() also takes the '\r' of a "\r\n" line end.
      String line = text.substring(start, end).strip();
      start = end + 1;
      if (line.isEmpty()) {
        continue;
      }
      try {
        frame(Frame.parse(line), index, result);
      } catch (MalformedFrameException e) {
        result.reject(index, e.getMessage());
      }
    }
    return result.build();
  }

  private static void frame(Frame frame, int index, DecodeResult.Builder result) {
    String connectorId = frame.source().equals(Frame.GATEWAY_ITSELF) ? Observation.ORIGIN : frame.source();
    for (String pair : frame.channels().split(";")) {
      int equals = pair.indexOf('=');
      String key = equals < 0 ? pair : pair.substring(0, equals);
      Optional<Channel> channel = Channel.byKey(key);
      if (equals < 0) {
        result.reject(index, "channel '" + pair + "' has no value");
      } else if (channel.isEmpty()) {
        result.reject(index, "unknown channel '" + key + "'");
      } else {
        String text = pair.substring(equals + 1);
        try {
          double value = Long.parseLong(text);
          result.observe(index, frame.gateway(), connectorId, channel.get().iface(), frame.at(),
              channel.get().toCatalogUnit().applyAsDouble(value));
        } catch (NumberFormatException e) {
          result.reject(index, key + ": '" + text + "' is not an integer");
        }
      }
    }
  }
}
