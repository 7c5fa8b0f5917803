package org.fieldreadings.app.readings;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.fieldreadings.core.testing.TestHttp.Answer;
import org.fieldreadings.plugin.api.InterfaceFamily;
import org.fieldreadings.plugin.api.SensorInterface;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Values come back as they went in (docs/api.md, "Interface catalog"): a stored reading finer than its interface's
 * resolution is served exactly as it arrived by every operation that returns stored readings, through the import
 * and through a plugin; only aggregates are rounded to the resolution.
 */
class ExactValuesTest {

  @RegisterExtension
  static final ReadingsFixture fixture = ReadingsFixture.perClass();

  private static final String WS = "REAL_WEATHER_STATION";
  private static final long T0 = 1_714_521_600_000L;
  private static final long T1 = T0 + 900_000;
  private static final String PERIOD = "&startDate=2024-05-01T00:00:00Z&endDate=2024-05-01T23:59:59Z";

  /** One interface of every family, each with a value three decimals finer than the family's resolution. */
  private static final List<SensorInterface> INTERFACES = Arrays.stream(InterfaceFamily.values())
      .map(family -> family.hasDepths() ? family.atDepth(family.depthsCm()[0]) : family.single()).toList();

  private static String fine(SensorInterface sensorInterface, int reading) {
    // 12.34567 at resolution 2, 1.678 at 0 ...: never a multiple of the resolution
    return (reading + 1) + "." + "3".repeat(sensorInterface.decimals()) + "478";
  }

  private static String names() {
    return INTERFACES.stream().map(SensorInterface::name).collect(Collectors.joining(","));
  }

  @BeforeAll
  static void load() {
    StringBuilder rows = new StringBuilder();
    for (SensorInterface sensorInterface : INTERFACES) {
      rows.append(WS + ",WS-EXACT,ORIGIN,").append(sensorInterface.name()).append(",2024-05-01T00:00:00Z,")
          .append(fine(sensorInterface, 0)).append('\n');
      rows.append(WS + ",WS-EXACT,ORIGIN,").append(sensorInterface.name()).append(",2024-05-01T00:15:00Z,")
          .append(fine(sensorInterface, 1)).append('\n');
    }
    assertThat(fixture.importCsv(rows.toString()).getLong("stored")).isEqualTo(2L * INTERFACES.size());
    fixture.assign(WS, "WS-EXACT");
  }

  private static String jsonRow(long timestamp, int reading) {
    return "{\"timestamp\":" + timestamp + INTERFACES.stream()
        .map(i -> ",\"" + i.name() + "\":" + fine(i, reading)).collect(Collectors.joining()) + "}";
  }

  @Test
  void rawReadingsOfEveryFamilyAreServedAsImported() {
    Answer answer = fixture.readings(WS, "WS-EXACT", "interfaces=" + names() + PERIOD);
    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.body()).isEqualTo("[" + jsonRow(T0, 0) + "," + jsonRow(T1, 1) + "]");
  }

  @Test
  void rawCsvCellsAreServedAsImported() {
    Answer answer = fixture.readings(WS, "WS-EXACT", "interfaces=" + names() + PERIOD, "Accept", "text/csv");
    assertThat(answer.status()).isEqualTo(200);
    String header = "timestamp," + names() + "\r\n";
    String first = "2024-05-01T00:00:00Z," + INTERFACES.stream().map(i -> fine(i, 0)).collect(Collectors.joining(","));
    String second = "2024-05-01T00:15:00Z," + INTERFACES.stream().map(i -> fine(i, 1))
        .collect(Collectors.joining(","));
    assertThat(answer.body()).isEqualTo(header + first + "\r\n" + second + "\r\n");
  }

  @Test
  void multiDeviceRawReadingsAreServedAsImported() {
    Answer answer = fixture.api.get("/api/readings?devices=" + WS + "/WS-EXACT&interfaces=" + names() + PERIOD,
        "Authorization", "ApiKey " + fixture.apiKey);
    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.body()).isEqualTo("[{\"profile\":\"" + WS + "\",\"serial\":\"WS-EXACT\",\"connectorId\":"
        + "\"ORIGIN\",\"readings\":[" + jsonRow(T0, 0) + "," + jsonRow(T1, 1) + "]}]");
  }

  @Test
  void latestValuesAreServedAsImported() {
    Answer answer = fixture.api.get("/api/devices/" + WS + "/WS-EXACT/latest", "Authorization",
        "ApiKey " + fixture.apiKey);
    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.body()).isEqualTo("[" + INTERFACES.stream()
        .map(i -> "{\"connectorId\":\"ORIGIN\",\"interface\":\"" + i.name() + "\",\"timestamp\":" + T1
            + ",\"value\":" + fine(i, 1) + "}").collect(Collectors.joining(",")) + "]");
  }

  @Test
  void fleetLatestValuesAreServedAsImported() {
    Answer answer = fixture.api.get("/api/devices/latest?profile=" + WS + "&interfaces=WindSpeed,Bat",
        "Authorization", "ApiKey " + fixture.apiKey);
    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.body()).isEqualTo("[{\"profile\":\"" + WS + "\",\"serial\":\"WS-EXACT\",\"connectorId\":"
        + "\"ORIGIN\",\"interface\":\"WindSpeed\",\"timestamp\":" + T1 + ",\"value\":2.33478},"
        + "{\"profile\":\"" + WS + "\",\"serial\":\"WS-EXACT\",\"connectorId\":\"ORIGIN\",\"interface\":\"Bat\","
        + "\"timestamp\":" + T1 + ",\"value\":2.333478}]");
  }

  @Test
  void aggregatesAreServedAtTheInterfaceResolution() {
    Answer answer = fixture.readings(WS, "WS-EXACT", "interfaces=WindSpeed,Bat,TicksTotal&aggregation=hour" + PERIOD);
    assertThat(answer.status()).isEqualTo(200);
    // means of 1.33478 and 2.33478 (WindSpeed, 0.01) and of 1.333478 and 2.333478 (Bat, 0.001); last TicksTotal (1)
    assertThat(answer.body()).isEqualTo("[{\"timestamp\":" + T0 + ",\"WindSpeed\":1.83,\"Bat\":1.833,"
        + "\"TicksTotal\":2.0}]");
  }

  /** The raw readings of the period of a device that a payload pushed through its plugin created. */
  private static Answer pushedAndRead(String profile, String serial, String payload, String contentType,
      String interfaces) {
    Answer pushed = fixture.ingest(profile, fixture.ingestKey(profile), payload, contentType);
    assertThat(pushed.status()).as(pushed.toString()).isEqualTo(200);
    fixture.assign(profile, serial);
    Answer answer = fixture.readings(profile, serial, "interfaces=" + interfaces + PERIOD);
    assertThat(answer.status()).isEqualTo(200);
    return answer;
  }

  @Test
  void pluginReadingsFinerThanTheResolutionAreServedAsDecoded() {
    String export = """
        serial,timestamp,raw_10cm,raw_30cm,raw_50cm,mm_10cm,mm_30cm,mm_50cm,temp_10cm,temp_30cm,temp_50cm,ec_10cm,ec_30cm,ec_50cm
        SM-EXACT,2024-05-01 00:00:00,2841.125,3105,3377,18.4567,27.9,31.2,14.60375,15.1,15.3,412.5,538,601
        """;
    // salinity: 412.5 µS/cm is 0.4125 dS/m, finer than its 0.001 resolution
    assertThat(pushedAndRead("PROFILE_A", "SM-EXACT", export, "text/csv", "SMraw10,SMmm10,SoilTemp10,SoilSalinity10")
        .body()).isEqualTo("[{\"timestamp\":" + T0 + ",\"SMraw10\":2841.125,\"SMmm10\":18.4567,"
        + "\"SoilTemp10\":14.60375,\"SoilSalinity10\":0.4125}]");
  }

  @Test
  void aWeatherStationsConvertedValuesAreServedAsTheyWereStored() {
    String upload = """
        {"stationId": "WS-EXACT-2", "observations": [{"obsTimeUtc": "2024-05-01T00:00:00Z", "tempF": 75.4,
         "humidity": 62.345, "solarRadiation": 612.4567, "uv": 5.125}]}
        """;
    Answer answer = pushedAndRead(WS, "WS-EXACT-2", upload, "application/json",
        "AirTemp,AirHum,SolarIrradiance,UltraViolet");
    assertThat(answer.body()).isEqualTo("[{\"timestamp\":" + T0 + ",\"AirTemp\":24.111111111111114,"
        + "\"AirHum\":62.345,\"SolarIrradiance\":612.4567,\"UltraViolet\":5.125}]");
    assertThat(answer.array().getJsonObject(0).getDouble("AirTemp")).isEqualTo((75.4 - 32) * 5 / 9);
  }
}
