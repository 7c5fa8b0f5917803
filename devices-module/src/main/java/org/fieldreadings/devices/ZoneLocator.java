package org.fieldreadings.devices;

import com.github.luben.zstd.ZstdInputStream;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import net.iakovlev.timeshape.proto.Geojson;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;

/**
 * Finds the IANA time zones of locations in the offline boundary dataset that timeshape ships (one zone's polygons a
 * tar entry). Timeshape's own engine indexes the whole world in memory, about 215 MB of heap, more than the server
 * may use; this reads the dataset once per call instead, one zone at a time, and keeps nothing: a few tens of MB
 * while it runs and a few seconds of a worker thread per call, however many locations it is given.
 */
final class ZoneLocator {

  private static final String DATASET = "/data.tar.zstd";

  private ZoneLocator() {}

  /** The zone of each location, in order; empty where no zone's polygons hold it. Blocking. */
  static List<Optional<ZoneId>> zones(List<Location> locations) {
    ZoneId[] found = new ZoneId[locations.size()];
    int left = found.length;
    try (InputStream data = Geojson.class.getResourceAsStream(DATASET);
        TarArchiveInputStream tar = new TarArchiveInputStream(new BufferedInputStream(new ZstdInputStream(data)))) {
      while (left > 0 && tar.getNextEntry() != null) {
        Geojson.Feature zone = Geojson.Feature.parseFrom(tar.readAllBytes());
        Optional<ZoneId> id = zoneId(zone);
        if (id.isEmpty()) {
          continue;
        }
        Geojson.Geometry geometry = zone.getGeometry();
        List<Geojson.Polygon> polygons = geometry.hasPolygon() ? List.of(geometry.getPolygon())
            : geometry.getMultiPolygon().getCoordinatesList();
        for (Geojson.Polygon polygon : polygons) {
          Box box = Box.of(polygon.getCoordinates(0));
          for (int i = 0; i < found.length; i++) {
            Location location = locations.get(i);
            if (found[i] == null && box.holds(location)
                && holds(polygon, location.latitude(), location.longitude())) {
              found[i] = id.get();
              left--;
            }
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("time-zone dataset unreadable", e);
    }
    return Arrays.stream(found).map(Optional::ofNullable).toList();
  }

  /** The feature's {@code tzid}, if the running Java knows that zone. */
  private static Optional<ZoneId> zoneId(Geojson.Feature zone) {
    return zone.getPropertiesList().stream().filter(p -> p.getKey().equals("tzid")).findFirst()
        .map(Geojson.Property::getValueString).filter(ZoneId.getAvailableZoneIds()::contains).map(ZoneId::of);
  }

  /** The bounds of a polygon's outer ring: most locations are ruled out by them without looking at the edges. */
  private record Box(double minLat, double maxLat, double minLon, double maxLon) {

    static Box of(Geojson.LineString ring) {
      double minLat = Double.POSITIVE_INFINITY;
      double maxLat = Double.NEGATIVE_INFINITY;
      double minLon = Double.POSITIVE_INFINITY;
      double maxLon = Double.NEGATIVE_INFINITY;
      for (Geojson.Position p : ring.getCoordinatesList()) {
        minLat = Math.min(minLat, p.getLat());
        maxLat = Math.max(maxLat, p.getLat());
        minLon = Math.min(minLon, p.getLon());
        maxLon = Math.max(maxLon, p.getLon());
      }
      return new Box(minLat, maxLat, minLon, maxLon);
    }

    boolean holds(Location location) {
      return location.latitude() >= minLat && location.latitude() <= maxLat && location.longitude() >= minLon
          && location.longitude() <= maxLon;
    }
  }

  /** Even-odd ray casting over the outer ring and its holes: inside when a ray east crosses an odd number of edges. */
  private static boolean holds(Geojson.Polygon polygon, double lat, double lon) {
    boolean inside = false;
    for (Geojson.LineString ring : polygon.getCoordinatesList()) {
      int n = ring.getCoordinatesCount();
      for (int i = 0, j = n - 1; i < n; j = i++) {
        Geojson.Position a = ring.getCoordinates(i);
        Geojson.Position b = ring.getCoordinates(j);
        if ((a.getLat() > lat) != (b.getLat() > lat)
            && lon < (b.getLon() - a.getLon()) * (lat - a.getLat()) / (b.getLat() - a.getLat()) + a.getLon()) {
          inside = !inside;
        }
      }
    }
    return inside;
  }
}
