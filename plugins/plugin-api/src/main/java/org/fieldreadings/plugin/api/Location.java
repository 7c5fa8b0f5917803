package org.fieldreadings.plugin.api;

/**
 * Where a device stands, in WGS 84 decimal degrees. The constructor rejects coordinates outside the globe with
 * {@link IllegalArgumentException}.
 *
 * @param latitude from -90 to 90
 * @param longitude from -180 to 180
 */
public record Location(double latitude, double longitude) {

  public Location {
    if (!(latitude >= -90 && latitude <= 90)) {
      throw new IllegalArgumentException("latitude " + latitude + " is outside -90..90");
    }
    if (!(longitude >= -180 && longitude <= 180)) {
      throw new IllegalArgumentException("longitude " + longitude + " is outside -180..180");
    }
  }
}
