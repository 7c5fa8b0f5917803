package org.fieldreadings.app.cli;

import org.fieldreadings.plugin.api.Profile;
import picocli.CommandLine.Option;

/** The {@code --profile} and {@code --serial} that name a device; picocli rejects a profile outside the five. */
final class DeviceOptions {

  @Option(names = "--profile", required = true, paramLabel = "P",
      description = "Profile of the device: ${COMPLETION-CANDIDATES}.")
  Profile profile;

  @Option(names = "--serial", required = true, paramLabel = "S", description = "Serial of the device.")
  String serial;

  /** The device's admin path, {@code /admin/devices/P/S}. */
  String path() {
    return "/admin/devices/" + profile.name() + "/" + AdminCommand.segment(serial);
  }

  @Override
  public String toString() {
    return profile.name() + "/" + serial;
  }
}
