package com.example.raingauge;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import org.fieldreadings.plugin.api.DecodeResult;
import org.fieldreadings.plugin.api.InterfaceFamily;
import org.fieldreadings.plugin.api.PluginSettings;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.RawPayload;
import org.fieldreadings.plugin.api.SensorInterface;
import org.fieldreadings.plugin.api.SupplierDecoder;
import org.fieldreadings.plugin.api.Units;
import org.pf4j.Extension;

/**
 * Exports of a two-channel tipping-bucket rain logger: a header line, then one line per logger and interval,
 * {@code logger,time,tips_ch1,tips_ch2,battery_mv}. Each bucket is a channel of the logger, so a connector of its
 * own ({@code CH1}, {@code CH2}); the battery belongs to the logger ({@code ORIGIN}). The index of a rejection is
 * the line number in the file, the header being line 1.
 */
@Extension
public final class RainGaugeDecoder implements SupplierDecoder {

  static final String HEADER = "logger,time,tips_ch1,tips_ch2,battery_mv";
  /** The buckets' calibration unless the operator sets {@link #MILLIMETRES_PER_TIP}: one tip is 0.2 mm of rain. */
  static final double DEFAULT_MILLIMETRES_PER_TIP = 0.2;
  /** The setting {@code plugins.example-rain-gauge.mm.per.tip}: buckets of another model tip at another volume. */
  static final String MILLIMETRES_PER_TIP = "mm.per.tip";
  /** A logger that lost its clock starts again at the epoch; its readings cannot be placed in time. */
  private static final Instant CLOCK_SET_AFTER = Instant.parse("2000-01-01T00:00:00Z");
  private static final List<String> CHANNELS = List.of("CH1", "CH2");
  private static final SensorInterface RAIN = InterfaceFamily.PRECIPITATION.single();
  private static final SensorInterface BATTERY = InterfaceFamily.BAT.single();
  /** Loggers are rain gauges: the group lets users list them apart from soil probes or flow meters. */
  private static final String GROUP = "RAIN";

  /** Set by {@link #configure}, which the host calls before any decode. */
  private double millimetresPerTip = DEFAULT_MILLIMETRES_PER_TIP;

  @Override
  public void configure(PluginSettings settings) {
    double perTip = settings.decimal(MILLIMETRES_PER_TIP, DEFAULT_MILLIMETRES_PER_TIP);
    if (perTip <= 0) {
      throw settings.invalid(MILLIMETRES_PER_TIP, "millimetres of rain per tip, a decimal number above 0");
    }
    millimetresPerTip = perTip;
  }

  @Override
  public Profile profile() {
    return Profile.PROFILE_C;
  }

  @Override
  public DecodeResult decode(RawPayload payload) {
    List<String> lines = payload.text().lines().toList();
    if (lines.isEmpty() || !lines.get(0).strip().equals(HEADER)) {
      return DecodeResult.rejected("expected the header line " + HEADER);
    }
    DecodeResult.Builder result = DecodeResult.builder();
    for (int i = 1; i < lines.size() && !Thread.currentThread().isInterrupted(); i++) {
      if (!lines.get(i).isBlank()) {
        decodeLine(i + 1, lines.get(i).strip(), result);
      }
    }
    return result.build();
  }

  private void decodeLine(int lineNumber, String line, DecodeResult.Builder result) {
    String[] cells = line.split(",", -1);
    if (cells.length != 5) {
      result.reject(lineNumber, "expected 5 cells (" + HEADER + "), found " + cells.length);
      return;
    }
    String logger = cells[0];
    Instant at;
    try {
      at = Instant.parse(cells[1]);
    } catch (DateTimeParseException e) {
      result.reject(lineNumber, "time '" + cells[1] + "' is not an ISO-8601 instant such as 2024-05-01T10:00:00Z");
      return;
    }
    if (at.isBefore(CLOCK_SET_AFTER)) {
      result.reject(lineNumber, "logger clock not set (" + cells[1] + ")");
      return;
    }
    for (int channel = 0; channel < CHANNELS.size(); channel++) {
      String tips = cells[2 + channel];
      // An empty cell is a channel with no bucket attached: no reading, not an error.
      if (!tips.isEmpty() && !isWholeNumber(tips)) {
        result.reject(lineNumber, "tips_ch" + (channel + 1) + " '" + tips + "' is not a whole number of tips");
        return;
      }
    }
    double batteryMillivolts;
    try {
      batteryMillivolts = Double.parseDouble(cells[4]);
    } catch (NumberFormatException e) {
      result.reject(lineNumber, "battery_mv '" + cells[4] + "' is not a number");
      return;
    }
    // The line is whole: its channels and battery are stored together or not at all.
    for (int channel = 0; channel < CHANNELS.size(); channel++) {
      String tips = cells[2 + channel];
      if (!tips.isEmpty()) {
        result.observe(lineNumber, logger, CHANNELS.get(channel), RAIN, at,
            Integer.parseInt(tips) * millimetresPerTip);
      }
    }
    result.observe(lineNumber, logger, BATTERY, at, Units.millivoltsToVolts(batteryMillivolts));
    result.group(lineNumber, logger, GROUP);
  }

  private static boolean isWholeNumber(String cell) {
    return cell.length() <= 6 && cell.chars().allMatch(Character::isDigit);
  }
}
