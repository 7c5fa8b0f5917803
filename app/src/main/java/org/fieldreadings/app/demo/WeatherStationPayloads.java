package org.fieldreadings.app.demo;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

/** {@code REAL_WEATHER_STATION} uploads: JSON in imperial units, one observation every 15 minutes. */
final class WeatherStationPayloads implements PayloadGenerator {

  static final DemoDevice DEVICE = new DemoDevice("REAL_WEATHER_STATION", "WS-DEMO-01", "AIR", 38.7369, -9.1427);
  private static final double MPH_PER_MS = 1 / 0.44704;
  private static final double MM_PER_INCH = 25.4;
  private static final double HPA_PER_INHG = 33.86389;

  @Override
  public DemoDevice device() {
    return DEVICE;
  }

  @Override
  public String contentType() {
    return "application/json";
  }

  @Override
  public String payload(DemoFarm farm, int fromHour, int toHour) {
    JsonArray observations = new JsonArray();
    for (int q = fromHour * 4; q < toHour * 4 && q <= farm.quarters(); q++) {
      int hour = q / 4;
      double tempC = DemoFarm.interpolate(farm.airTemp, q);
      double humidity = DemoFarm.interpolate(farm.humidity, q);
      observations.add(new JsonObject()
          .put("obsTimeUtc", farm.quarterAt(q).toString())
          .put("tempF", round(fahrenheit(tempC), 1))
          .put("humidity", Math.round(humidity))
          .put("dewptF", round(fahrenheit(dewPoint(tempC, humidity)), 1))
          .put("winddir", Math.round(farm.windDir[hour]) % 360)
          .put("windspeedMph", round(DemoFarm.interpolate(farm.windSpeed, q) * MPH_PER_MS, 1))
          .put("windgustMph", round(farm.gust[hour] * MPH_PER_MS, 1))
          // Rain since the previous observation: a quarter of the hour's amount.
          .put("precipIn", round(farm.rain[hour] / 4 / MM_PER_INCH, 4))
          .put("pressureInHg", round(DemoFarm.interpolate(farm.pressure, q) / HPA_PER_INHG, 2))
          .put("solarRadiation", round(DemoFarm.interpolate(farm.solar, q), 1)));
    }
    return new JsonObject().put("stationId", DEVICE.serial()).put("softwareType", "DEMO")
        .put("group", DEVICE.group()).put("lat", DEVICE.latitude()).put("lon", DEVICE.longitude())
        .put("observations", observations).encode();
  }

  private static double fahrenheit(double celsius) {
    return celsius * 9 / 5 + 32;
  }

  /** Magnus formula. */
  private static double dewPoint(double celsius, double humidity) {
    double gamma = Math.log(Math.max(humidity, 1) / 100) + 17.62 * celsius / (243.12 + celsius);
    return 243.12 * gamma / (17.62 - gamma);
  }

  private static double round(double value, int decimals) {
    double scale = Math.pow(10, decimals);
    return Math.round(value * scale) / scale;
  }
}
