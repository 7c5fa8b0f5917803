package org.fieldreadings.readings.query;

import java.time.Instant;
import java.util.List;
import org.fieldreadings.core.catalog.Aggregation;
import org.fieldreadings.plugin.api.SensorInterface;

/**
 * What a {@link ReadingsQuery} reads: interfaces of one device's connector over a period, as stored or aggregated
 * in calendar buckets. Whoever builds one has checked that the caller may read the device (the readings API asks
 * {@code devices.resolve}) and has bounded the period (the API's limits).
 *
 * @param deviceId the device's internal id, as {@code devices.resolve} answers it
 * @param connectorId the connector
 * @param interfaces the columns of the rows, in this order, without duplicates
 * @param start first instant of the period (inclusive)
 * @param end last instant of the period (inclusive)
 * @param buckets the calendar buckets of aggregated readings; null for the readings as stored
 * @param fill what empty buckets show; {@link Fill#NONE} for the readings as stored
 */
public record ReadingsSelection(long deviceId, String connectorId, List<SensorInterface> interfaces, Instant start,
    Instant end, Buckets buckets, Fill fill) {

  public ReadingsSelection {
    interfaces = List.copyOf(interfaces);
    if (interfaces.isEmpty() || start.isAfter(end)) {
      throw new IllegalArgumentException("a selection needs an interface, and a start not after its end");
    }
    if (buckets == null && fill != Fill.NONE) {
      throw new IllegalArgumentException("fill applies to aggregated readings only");
    }
  }

  /** The readings as stored, each row a moment at which some interface has one. */
  public static ReadingsSelection raw(long deviceId, String connectorId, List<SensorInterface> interfaces,
      Instant start, Instant end) {
    return new ReadingsSelection(deviceId, connectorId, interfaces, start, end, null, Fill.NONE);
  }

  /** Each interface's aggregate (its catalog aggregation function) per bucket, empty buckets shown as {@code fill}. */
  public static ReadingsSelection aggregated(long deviceId, String connectorId, List<SensorInterface> interfaces,
      Instant start, Instant end, Buckets buckets, Fill fill) {
    return new ReadingsSelection(deviceId, connectorId, interfaces, start, end, buckets, fill);
  }

  public Aggregation aggregation() {
    return buckets == null ? Aggregation.NONE : buckets.aggregation();
  }
}
