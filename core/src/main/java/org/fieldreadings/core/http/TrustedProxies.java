package org.fieldreadings.core.http;

import io.netty.util.NetUtil;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The reverse proxies whose {@code X-Forwarded-For} names the client: a list of address ranges in CIDR notation
 * ({@code 10.0.0.0/8}, {@code fd00::/8}; a bare address is a range of one). Empty: no proxy is trusted and every
 * client is the peer of its connection. Addresses are parsed as literals only, never resolved.
 */
public record TrustedProxies(List<Range> ranges) {

  public static final TrustedProxies NONE = new TrustedProxies(List.of());

  /** One range: the network's address bytes (4 or 16) and how many leading bits must match. */
  public record Range(byte[] network, int prefix) {

    boolean contains(byte[] address) {
      if (address.length != network.length) {
        return false;
      }
      int full = prefix / 8;
      if (!Arrays.equals(address, 0, full, network, 0, full)) {
        return false;
      }
      int rest = prefix % 8;
      int mask = (0xff00 >> rest) & 0xff;
      return rest == 0 || (address[full] & mask) == (network[full] & mask);
    }

    @Override
    public String toString() {
      return NetUtil.bytesToIpAddress(network) + "/" + prefix;
    }
  }

  /**
   * Parses a comma-separated list of ranges; blank or null is {@link #NONE}.
   *
   * @throws IllegalArgumentException naming the first entry that is not an address or a range
   */
  public static TrustedProxies parse(String list) {
    if (list == null || list.isBlank()) {
      return NONE;
    }
    List<Range> ranges = new ArrayList<>();
    for (String entry : list.split(",", -1)) {
      ranges.add(range(entry.trim()));
    }
    return new TrustedProxies(List.copyOf(ranges));
  }

  private static Range range(String entry) {
    int slash = entry.indexOf('/');
    byte[] address = addressBytes(slash < 0 ? entry : entry.substring(0, slash));
    if (address == null) {
      throw new IllegalArgumentException("not an address range: '" + entry + "'");
    }
    int bits = address.length * 8;
    int prefix = bits;
    if (slash >= 0) {
      try {
        prefix = Integer.parseInt(entry.substring(slash + 1));
      } catch (NumberFormatException e) {
        prefix = -1;
      }
      if (prefix < 0 || prefix > bits) {
        throw new IllegalArgumentException("prefix out of range in '" + entry + "'");
      }
    }
    return new Range(address, prefix);
  }

  /** The canonical text of the list, as the configuration keeps it. */
  @Override
  public String toString() {
    return ranges.stream().map(Range::toString).collect(Collectors.joining(","));
  }

  /**
   * The client of a request that came from {@code peer} with these {@code X-Forwarded-For} values: the peer itself
   * unless it is a trusted proxy; otherwise the rightmost forwarded address that is not a trusted proxy (each
   * trusted proxy appends the address it received from, so everything left of the first untrusted hop is the
   * client's own claim and worth nothing). A malformed hop ends the walk at the trusted hop that reported it.
   */
  public String clientOf(String peer, List<String> forwardedFor) {
    if (ranges.isEmpty() || forwardedFor.isEmpty() || !trusts(addressBytes(peer))) {
      return peer;
    }
    List<String> hops = new ArrayList<>();
    for (String header : forwardedFor) {
      for (String hop : header.split(",")) {
        hops.add(hop.trim());
      }
    }
    String client = peer;
    for (int i = hops.size() - 1; i >= 0; i--) {
      byte[] address = addressBytes(hops.get(i));
      if (address == null) {
        return client;
      }
      client = NetUtil.bytesToIpAddress(address);
      if (!trusts(address)) {
        return client;
      }
    }
    return client;
  }

  private boolean trusts(byte[] address) {
    return address != null && ranges.stream().anyMatch(range -> range.contains(address));
  }

  /** The bytes of an address literal (IPv4-mapped IPv6 as IPv4, brackets allowed), or null when not one. */
  private static byte[] addressBytes(String text) {
    String bare = text.length() > 2 && text.startsWith("[") && text.endsWith("]")
        ? text.substring(1, text.length() - 1) : text;
    byte[] bytes = NetUtil.createByteArrayFromIpAddressString(bare);
    if (bytes != null && bytes.length == 16 && isIpv4Mapped(bytes)) {
      return Arrays.copyOfRange(bytes, 12, 16);
    }
    return bytes;
  }

  private static boolean isIpv4Mapped(byte[] bytes) {
    for (int i = 0; i < 10; i++) {
      if (bytes[i] != 0) {
        return false;
      }
    }
    return bytes[10] == (byte) 0xff && bytes[11] == (byte) 0xff;
  }
}
