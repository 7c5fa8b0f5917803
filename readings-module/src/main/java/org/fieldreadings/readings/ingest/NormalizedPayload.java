package org.fieldreadings.readings.ingest;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fieldreadings.core.http.DeviceRef;
import org.fieldreadings.plugin.api.DecodeResult;
import org.fieldreadings.plugin.api.DeviceFacts;
import org.fieldreadings.plugin.api.Observation;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.Rejection;
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
 * many readings of it were not stored.
 */
record NormalizedPayload(ReadingsBatch batch, List<Rejection> rejections, List<Warning> warnings) {

  NormalizedPayload {
    rejections = List.copyOf(rejections);
    warnings = List.copyOf(warnings);
  }

  static NormalizedPayload of(Profile profile, DecodeResult decoded, AcceptedWindow.Bounds bounds) {
    Map<String, DeviceRef> devices = new HashMap<>();
    Map<Refused, Integer> refused = new LinkedHashMap<>();
    ReadingColumns.Builder readings = new ReadingColumns.Builder(decoded.observations().size());
    ReadingSeries series = null;
    for (Observation observation : decoded.observations()) {
      String connector = observation.connectorId();
      if (!bounds.contains(observation.timestamp())) {
        refused.merge(new Refused(observation.part(), observation.serial() + " connector " + connector + ": "
            + bounds.rule()), 1, Integer::sum);
      } else {
        if (series == null || !series.device().serial().equals(observation.serial())
            || !series.connectorId().equals(connector) || !series.iface().equals(observation.iface())) {
          DeviceRef device = devices.computeIfAbsent(observation.serial(), serial -> new DeviceRef(profile, serial));
          series = new ReadingSeries(device, connector, observation.iface());
        }
        readings.add(series, observation.epochMillis(), observation.value());
      }
    }
    List<ReportedFacts> facts = new ArrayList<>();
    for (DeviceFacts reported : decoded.devices()) {
      facts.add(new ReportedFacts(new DeviceRef(profile, reported.serial()), reported.group(), reported.location()));
    }
    List<Rejection> rejections = new ArrayList<>(decoded.rejections());
    refused.forEach((part, count) -> rejections.add(new Rejection(part.index(),
        part.reason() + "; " + count + (count == 1 ? " reading" : " readings") + " not stored")));
    return new NormalizedPayload(new ReadingsBatch(readings.build(), facts), rejections, decoded.warnings());
  }

  /** Readings of one part the host refuses for one reason. */
  private record Refused(int index, String reason) {}
}
