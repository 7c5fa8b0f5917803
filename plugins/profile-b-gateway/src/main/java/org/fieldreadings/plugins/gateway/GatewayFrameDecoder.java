package org.fieldreadings.plugins.gateway;

import org.fieldreadings.plugin.api.DecodeResult;
import org.fieldreadings.plugin.api.Observation;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.RawPayload;
import org.fieldreadings.plugin.api.SupplierDecoder;
import org.pf4j.Extension;

/**
 * Decodes the frames a radio gateway forwards, one per line (see the plugin's README). The gateway's own channels
 * go to connector {@code ORIGIN}; each attached device's channels go to a connector named by the device's id. The
 * index of a rejection is the zero-based line number. Lines, fields and channels are read where they stand in the
 * payload's text, without a copy of each.
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
    Frame previous = null;
    int index = 0;
    for (int start = 0; start <= text.length(); index++) {
      int newline = text.indexOf('\n', start);
      int end = newline < 0 ? text.length() : newline;
      // Stripped as String.strip() would, which also takes the '\r' of a "\r\n" line end.
      int from = start;
      int to = end;
      while (from < to && Character.isWhitespace(text.charAt(from))) {
        from++;
      }
      while (to > from && Character.isWhitespace(text.charAt(to - 1))) {
        to--;
      }
      start = end + 1;
      if (from == to) {
        continue;
      }
      try {
        Frame frame = Frame.parse(text, from, to, previous);
        channels(frame, index, result);
        previous = frame;
      } catch (MalformedFrameException e) {
        result.reject(index, e.getMessage());
      }
    }
    return result.build();
  }

  /**
   * The frame's {@code key=value} pairs, split at {@code ;} as {@link String#split(String)} splits them: empty pairs
   * at the end are none, an empty one elsewhere is a pair without value.
   */
  private static void channels(Frame frame, int index, DecodeResult.Builder result) {
    String connectorId = frame.source().equals(Frame.GATEWAY_ITSELF) ? Observation.ORIGIN : frame.source();
    String text = frame.text();
    int end = frame.channelsTo();
    while (end > frame.channelsFrom() && text.charAt(end - 1) == ';') {
      end--;
    }
    if (end == frame.channelsFrom() && end < frame.channelsTo()) {
      return;
    }
    // One pass: each pair ends at a ';' or the end, its key at its first '='.
    int pair = frame.channelsFrom();
    int equals = -1;
    for (int i = pair; i <= end; i++) {
      char c = i == end ? ';' : text.charAt(i);
      if (c == ';') {
        channel(frame, connectorId, pair, equals, i, index, result);
        pair = i + 1;
        equals = -1;
      } else if (c == '=' && equals < 0) {
        equals = i;
      }
    }
  }

  /** The pair {@code text[from, to)} of a frame, {@code equals} its first '=' or -1. */
  private static void channel(Frame frame, String connectorId, int from, int equals, int to, int index,
      DecodeResult.Builder result) {
    String text = frame.text();
    if (equals < 0) {
      result.reject(index, "channel '" + text.substring(from, to) + "' has no value");
      return;
    }
    Channel channel = Channel.at(text, from, equals);
    if (channel == null) {
      result.reject(index, "unknown channel '" + text.substring(from, equals) + "'");
      return;
    }
    long value;
    try {
      value = Long.parseLong(text, equals + 1, to, 10);
    } catch (NumberFormatException e) {
      result.reject(index,
          text.substring(from, equals) + ": '" + text.substring(equals + 1, to) + "' is not an integer");
      return;
    }
    result.observe(index, frame.gateway(), connectorId, channel.iface(), frame.at(),
        channel.toCatalogUnit().applyAsDouble(value));
  }
}
