package org.fieldreadings.app.cli;

import io.vertx.core.json.JsonObject;
import org.fieldreadings.app.admin.AdminClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code device hand-over}: from now on only the named ingest key writes the device
 * ({@code PUT /admin/devices/P/S/ingest-key}).
 */
@Command(name = "hand-over", mixinStandardHelpOptions = true,
    description = "Hand a device over to an ingest key: from now on only that key's payloads write it.")
final class DeviceHandOverCommand extends AdminCommand {

  @Mixin
  DeviceOptions device;

  @Option(names = "--ingest-key", required = true, paramLabel = "PREFIX",
      description = "The key's first 8 characters, as ingest-key list shows them.")
  String prefix;

  @Override
  protected Object execute(AdminClient admin) {
    admin.call("PUT", device.path() + "/ingest-key", new JsonObject().put("prefix", prefix));
    // 204 without a body: --json prints what is now true instead.
    return new JsonObject().put("profile", device.profile.name()).put("serial", device.serial)
        .put("ingestKey", prefix);
  }

  @Override
  protected String describe(Object answer) {
    return "device " + device + " handed over to ingest key " + prefix;
  }
}
