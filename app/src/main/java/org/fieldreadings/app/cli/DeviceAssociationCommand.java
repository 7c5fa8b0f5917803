package org.fieldreadings.app.cli;

import io.vertx.core.json.JsonObject;
import org.fieldreadings.app.admin.AdminClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code device assign} and {@code device unassign}: whether an entity's API key reaches a device
 * ({@code PUT}/{@code DELETE /admin/entities/ID/devices/P/S}). Both are idempotent.
 */
abstract class DeviceAssociationCommand extends AdminCommand {

  @Option(names = "--entity", required = true, paramLabel = "ID", description = "Id of the entity.")
  String entityId;

  @Mixin
  DeviceOptions device;

  private final String method;
  private final String outcome;

  /**
   * @param method the HTTP method of the association request
   * @param outcome what the command did, e.g. "assigned to"
   */
  DeviceAssociationCommand(String method, String outcome) {
    this.method = method;
    this.outcome = outcome;
  }

  @Override
  protected Object execute(AdminClient admin) {
    admin.call(method, "/admin/entities/" + segment(entityId) + "/devices/" + device.profile.name() + "/"
        + segment(device.serial), null);
    // The admin API answers 204 without a body: --json prints what is now true instead.
    return new JsonObject().put("entityId", entityId).put("profile", device.profile.name())
        .put("serial", device.serial).put("associated", method.equals("PUT"));
  }

  @Override
  protected String describe(Object answer) {
    return "device " + device + " " + outcome + " entity " + entityId;
  }

  @Command(name = "assign", mixinStandardHelpOptions = true,
      description = "Associate a device with an entity: the entity's API key then reaches it.")
  static final class Assign extends DeviceAssociationCommand {
    Assign() {
      super("PUT", "assigned to");
    }
  }

  @Command(name = "unassign", mixinStandardHelpOptions = true,
      description = "Remove a device's association with an entity.")
  static final class Unassign extends DeviceAssociationCommand {
    Unassign() {
      super("DELETE", "unassigned from");
    }
  }
}
