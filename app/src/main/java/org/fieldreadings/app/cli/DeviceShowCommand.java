package org.fieldreadings.app.cli;

import io.vertx.core.json.JsonObject;
import org.fieldreadings.app.admin.AdminClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code device show}: one device with its entities and latest reading, as JSON. */
@Command(name = "show", mixinStandardHelpOptions = true,
    description = "Show a device: group, location, subscriptions, connectors, entities and latest reading (JSON).")
final class DeviceShowCommand extends AdminCommand {

  @Mixin
  DeviceOptions device;

  @Override
  protected Object execute(AdminClient admin) {
    return admin.call("GET", device.path(), null);
  }

  @Override
  protected String describe(Object answer) {
    return ((JsonObject) answer).encodePrettily();
  }
}
