package org.fieldreadings.app.cli;

import io.vertx.core.json.JsonObject;
import org.fieldreadings.app.admin.AdminClient;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code device put}: creates a device or updates the facts given ({@code PUT /admin/devices/P/S}). */
@Command(name = "put", mixinStandardHelpOptions = true,
    description = "Create a device, or update the group and location given (others keep their value).")
final class DevicePutCommand extends AdminCommand {

  @Mixin
  DeviceOptions device;

  @Option(names = "--group", paramLabel = "G", description = "Group of the device, e.g. AIR, SOIL, WATER, GATEWAY.")
  String group;

  @ArgGroup(exclusive = false)
  Coordinates location;

  /** Latitude and longitude come together. */
  static final class Coordinates {
    @Option(names = "--lat", required = true, paramLabel = "X", description = "Latitude, -90 to 90.")
    double latitude;

    @Option(names = "--lon", required = true, paramLabel = "Y", description = "Longitude, -180 to 180.")
    double longitude;
  }

  @Override
  protected Object execute(AdminClient admin) {
    JsonObject body = new JsonObject();
    if (group != null) {
      body.put("group", group);
    }
    if (location != null) {
      body.put("location", new JsonObject().put("latitude", location.latitude).put("longitude", location.longitude));
    }
    return admin.call("PUT", device.path(), body);
  }

  @Override
  protected String describe(Object answer) {
    JsonObject saved = (JsonObject) answer;
    String group = saved.getString("group");
    JsonObject location = saved.getJsonObject("location");
    return "device " + device + " saved: group " + (group == null ? "unknown" : group) + ", location "
        + (location == null ? "unknown" : location.getDouble("latitude") + ", " + location.getDouble("longitude"));
  }
}
