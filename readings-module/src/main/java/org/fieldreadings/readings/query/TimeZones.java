package org.fieldreadings.readings.query;

import java.time.ZoneId;
import java.util.List;
import java.util.Set;
import org.fieldreadings.core.bus.DevicesContract.ResolvedDevice;
import org.fieldreadings.core.http.FieldError;

/** The {@code timeZone} parameter of the readings and agronomy operations, and the zone of a resolved device. */
public final class TimeZones {

  /** The {@code timeZone} value naming the zone of the device's location. */
  public static final String DEVICE = "device";
  public static final ZoneId UTC = ZoneId.of("UTC");
  /** The zone ids this JVM knows; {@link ZoneId#getAvailableZoneIds} copies them at every call. */
  private static final Set<String> IANA = Set.copyOf(ZoneId.getAvailableZoneIds());

  private TimeZones() {}

  /** An IANA zone id (or UTC); null for {@code device}; a wrong value adds an error naming {@code timeZone}. */
  public static ZoneId parse(String value, List<FieldError> errors) {
    if (value.equals(DEVICE)) {
      return null;
    }
    if (!value.equals("UTC") && !IANA.contains(value)) {
      errors.add(new FieldError("timeZone", "'" + value + "' is not an IANA time zone such as Europe/Lisbon, UTC "
          + "or device (the zone of the device's location)"));
      return UTC;
    }
    return ZoneId.of(value);
  }

  /**
   * The zone of a resolved device: that of its location, UTC when it has none (or it is not resolved yet).
   */
  public static ZoneId ofDevice(ResolvedDevice resolved) {
    String zone = resolved.timeZone();
    return zone == null ? UTC : ZoneId.of(zone);
  }
}
