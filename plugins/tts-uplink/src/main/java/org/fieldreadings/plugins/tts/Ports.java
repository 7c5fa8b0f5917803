package org.fieldreadings.plugins.tts;

import java.util.Arrays;
import java.util.OptionalInt;
import java.util.stream.Collectors;
import org.fieldreadings.plugin.api.RawPayload;

/**
 * The application ports ({@code uplink_message.f_port}) whose uplinks a decoder reads: the ports listed, or every
 * application port but those listed. A decoder {@code accepts} a payload whose first uplink is on one of them
 * ({@link #takeFirstOf}) and rejects each uplink of it on another ({@link TtsUplinks#decode}).
 */
public final class Ports {

  /** LoRaWAN application ports are 1 to 223 (0 carries MAC commands, 224 to 255 are reserved). */
  public static final int MIN = 1;
  public static final int MAX = 223;

  private final int[] listed;
  private final boolean allBut;

  private Ports(int[] listed, boolean allBut) {
    for (int port : listed) {
      if (port < MIN || port > MAX) {
        throw new IllegalArgumentException("f_port " + port + " is not an application port (" + MIN + " to " + MAX
            + ")");
      }
    }
    this.listed = Arrays.stream(listed).sorted().distinct().toArray();
    this.allBut = allBut;
  }

  /** Only these ports. */
  public static Ports only(int... ports) {
    if (ports.length == 0) {
      throw new IllegalArgumentException("no f_port listed");
    }
    return new Ports(ports, false);
  }

  /** Every application port but these. */
  public static Ports allBut(int... ports) {
    return new Ports(ports, true);
  }

  public boolean contains(int port) {
    return port >= MIN && port <= MAX && (Arrays.binarySearch(listed, port) >= 0) != allBut;
  }

  /**
   * Whether the payload's first uplink was sent on one of these ports, read only up to its first {@code f_port}; no
   * for anything that is not JSON or has no integer port there.
   */
  public boolean takeFirstOf(RawPayload payload) {
    OptionalInt port = TtsUplinks.firstPort(payload);
    return port.isPresent() && contains(port.getAsInt());
  }

  /** As a rejection and {@code GET /admin/plugins} say it: {@code f_port 1, 3} or {@code any f_port but 2}. */
  @Override
  public String toString() {
    String ports = Arrays.stream(listed).mapToObj(String::valueOf).collect(Collectors.joining(", "));
    return allBut ? (listed.length == 0 ? "any f_port" : "any f_port but " + ports) : "f_port " + ports;
  }
}
