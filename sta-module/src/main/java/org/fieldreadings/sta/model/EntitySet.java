package org.fieldreadings.sta.model;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The eight entity sets of SensorThings 1.1 (Sensing Core): their properties and navigation properties. */
public enum EntitySet {
  THINGS("Things", "Thing", List.of("name", "description", "properties")),
  LOCATIONS("Locations", "Location", List.of("name", "description", "encodingType", "location")),
  HISTORICAL_LOCATIONS("HistoricalLocations", "HistoricalLocation", List.of("time")),
  SENSORS("Sensors", "Sensor", List.of("name", "description", "encodingType", "metadata")),
  OBSERVED_PROPERTIES("ObservedProperties", "ObservedProperty", List.of("name", "definition", "description")),
  DATASTREAMS("Datastreams", "Datastream", List.of("name", "description", "unitOfMeasurement", "observationType")),
  OBSERVATIONS("Observations", "Observation", List.of("phenomenonTime", "result", "resultTime")),
  FEATURES_OF_INTEREST("FeaturesOfInterest", "FeatureOfInterest",
      List.of("name", "description", "encodingType", "feature"));

  private final String plural;
  private final String singular;
  private final List<String> properties;

  EntitySet(String plural, String singular, List<String> properties) {
    this.plural = plural;
    this.singular = singular;
    this.properties = properties;
  }

  /** A navigation property: the set it leads to, and whether it names one entity (a Datastream's Thing). */
  public record Navigation(String name, EntitySet target, boolean single) {}

  /** The set's name in URLs, {@code Things}. */
  public String plural() {
    return plural;
  }

  public String singular() {
    return singular;
  }

  /** The properties an entity of the set has besides {@code @iot.id} and {@code @iot.selfLink}, in answer order. */
  public List<String> properties() {
    return properties;
  }

  /** Whether {@code name} is a property (including {@code id}) of the set's entities. */
  public boolean hasProperty(String name) {
    return name.equals("id") || properties.contains(name);
  }

  public List<Navigation> navigations() {
    return NAVIGATIONS.get(this);
  }

  public Optional<Navigation> navigation(String name) {
    return navigations().stream().filter(n -> n.name().equals(name)).findFirst();
  }

  public static Optional<EntitySet> byPlural(String name) {
    return Arrays.stream(values()).filter(set -> set.plural.equals(name)).findFirst();
  }

  private static final Map<EntitySet, List<Navigation>> NAVIGATIONS = Map.of(
      THINGS, List.of(many("Locations", LOCATIONS), many("HistoricalLocations", HISTORICAL_LOCATIONS),
          many("Datastreams", DATASTREAMS)),
      LOCATIONS, List.of(many("Things", THINGS), many("HistoricalLocations", HISTORICAL_LOCATIONS)),
      HISTORICAL_LOCATIONS, List.of(one("Thing", THINGS), many("Locations", LOCATIONS)),
      SENSORS, List.of(many("Datastreams", DATASTREAMS)),
      OBSERVED_PROPERTIES, List.of(many("Datastreams", DATASTREAMS)),
      DATASTREAMS, List.of(one("Thing", THINGS), one("Sensor", SENSORS), one("ObservedProperty", OBSERVED_PROPERTIES),
          many("Observations", OBSERVATIONS)),
      OBSERVATIONS, List.of(one("Datastream", DATASTREAMS), one("FeatureOfInterest", FEATURES_OF_INTEREST)),
      FEATURES_OF_INTEREST, List.of(many("Observations", OBSERVATIONS)));

  private static Navigation many(String name, EntitySet target) {
    return new Navigation(name, target, false);
  }

  private static Navigation one(String name, EntitySet target) {
    return new Navigation(name, target, true);
  }
}
