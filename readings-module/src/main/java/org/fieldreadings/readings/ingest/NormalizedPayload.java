package org.fieldreadings.readings.ingest;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fieldreadings.core.bus.DeviceRef;
import org.fieldreadings.plugin.api.DecodeResult;
import org.fieldreadings.plugin.api.DeviceFacts;
import org.fieldreadings.plugin.api.InterfaceCatalog;
import org.fieldreadings.plugin.api.Observation;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.Rejection;
import org.fieldreadings.plugin.api.SensorInterface;
import org.fieldreadings.plugin.api.Warning;
import org.fieldreadings.readings.write.AcceptedWindow;
import org.fieldreadings.readings.write.ReadingColumns;
import org.fieldreadings.readings.write.ReadingSeries;
import org.fieldreadings.readings.write.ReadingsBatch;
import org.fieldreadings.readings.write.ReportedFacts;

/**
 * A decoded payload in the form the store takes: the readings and reported device facts of the payload's profile,
 * and the observations the host itself refuses: timestamps outside the {@link AcceptedWindow} (a device whose clock
 * was never set sends 1970). These rejections name the part the readings came from ({@link Observation#part()},
 * {@link Rejection#WHOLE_PAYLOAD} when the plugin gave none), one per part, device, connector and reason, and say how
 * many readings of it were not stored. Like the plugin's, they are listed up to {@link Rejection#LISTED} and counted
 * beyond.
 */
record NormalizedPayload(ReadingsBatch batch, List<Rejection> rejections, long rejectedCount, List<Warning> warnings,
    Map<String, Integer> firstParts) {

  NormalizedPayload {
    rejections = List.copyOf(rejections);
    warnings = List.copyOf(warnings);
    firstParts = Map.copyOf(firstParts);
  }

  /** The first part of the payload that has readings of {@code serial}, {@link Rejection#WHOLE_PAYLOAD} if none. */
  int firstPart(String serial) {
    return firstParts.getOrDefault(serial, Rejection.WHOLE_PAYLOAD);
  }

  static NormalizedPayload of(Profile profile, DecodeResult decoded, AcceptedWindow.Bounds bounds) {
    Map<Refused, Integer> refused = new LinkedHashMap<>();
    List<Observation> observations = decoded.observations();
    // Decoders give a moment's interfaces together; the store takes each series' readings as one run.
    Map<String, DeviceSeries> devices = new HashMap<>();
    List<ReadingSeries> series = new ArrayList<>();
    int[] seriesOf = new int[observations.size()];
    long[] millis = new long[observations.size()];
    // Observations of one device mostly follow each other, sharing its serial's String: looked up when another String
    // comes (compared by reference, so an equal serial in another String costs one lookup more, nothing else).
    String serial = null;
    DeviceSeries device = null;
    Map<String, Integer> firstParts = new HashMap<>();
    for (int i = 0; i < observations.size(); i++) {
      Observation observation = observations.get(i);
      if (bounds.contains(observation.timestamp())) {
        millis[i] = observation.epochMillis();
        if (observation.serial() != serial) {
          serial = observation.serial();
          device = devices.computeIfAbsent(serial, s -> new DeviceSeries(new DeviceRef(profile, s)));
          firstParts.putIfAbsent(serial, observation.part());
        }
        seriesOf[i] = device.number(observation.connectorId(), observation.iface(), series);
      } else {
        seriesOf[i] = -1;
        refused.merge(new Refused(observation.part(), observation.serial() + " connector "
            + observation.connectorId() + ": " + bounds.rule()), 1, Integer::sum);
      }
    }
    ReadingColumns.Builder readings = new ReadingColumns.Builder(observations.size());
    for (int i : bySeries(seriesOf, series.size())) {
      readings.add(series.get(seriesOf[i]), millis[i], observations.get(i).value());
    }
    List<ReportedFacts> facts = new ArrayList<>();
    for (DeviceFacts reported : decoded.devices()) {
      facts.add(new ReportedFacts(new DeviceRef(profile, reported.serial()), reported.group(), reported.location()));
    }
    List<Rejection> rejections = new ArrayList<>(decoded.rejections());
    refused.forEach((part, count) -> {
      if (rejections.size() < Rejection.LISTED) {
        rejections.add(new Rejection(part.index(), notStored(part.reason(), count)));
      }
    });
    return new NormalizedPayload(new ReadingsBatch(readings.build(), facts), rejections,
        decoded.rejectedCount() + refused.size(), decoded.warnings(), firstParts);
  }

  /** A reason for {@code count} readings of one part and device left out: says how many. */
  static String notStored(String reason, int count) {
    return reason + "; " + count + (count == 1 ? " reading" : " readings") + " not stored";
  }

  /** The positions of the observations of a series ({@code seriesOf} not -1), series by series, each in order. */
  private static int[] bySeries(int[] seriesOf, int seriesCount) {
    int[] next = new int[seriesCount + 1];
    for (int s : seriesOf) {
      if (s >= 0) {
        next[s + 1]++;
      }
    }
    Arrays.parallelPrefix(next, Integer::sum);
    int[] order = new int[next[seriesCount]];
    for (int i = 0; i < seriesOf.length; i++) {
      if (seriesOf[i] >= 0) {
        order[next[seriesOf[i]]++] = i;
      }
    }
    return order;
  }

  /** The numbers of one device's series in a payload's list of them, by connector and interface position. */
  private static final class DeviceSeries {
    private final DeviceRef device;
    private final Map<String, int[]> byConnector = new HashMap<>();
    /** The connector looked up last and its numbers: a device's observations of a moment mostly share one. */
    private String connector;
    private int[] numbers;

    DeviceSeries(DeviceRef device) {
      this.device = device;
    }

    /** The number of this device's series of {@code connectorId} and {@code iface}, added to the list when new. */
    int number(String connectorId, SensorInterface iface, List<ReadingSeries> series) {
      if (connectorId != connector) {
        connector = connectorId;
        numbers = byConnector.computeIfAbsent(connectorId, c -> {
          int[] none = new int[InterfaceCatalog.all().size()];
          Arrays.fill(none, -1);
          return none;
        });
      }
      if (numbers[iface.position()] < 0) {
        series.add(new ReadingSeries(device, connectorId, iface));
        numbers[iface.position()] = series.size() - 1;
      }
      return numbers[iface.position()];
    }
  }

  /** Readings of one part the host refuses for one reason. */
  private record Refused(int index, String reason) {}
}
