package org.fieldreadings.app.cli;

import io.vertx.core.json.JsonObject;
import java.time.LocalDate;
import org.fieldreadings.app.admin.AdminClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code subscription add}: the operator's subscription commands. */
@Command(name = "subscription", mixinStandardHelpOptions = true, description = "Manage device subscriptions.",
    subcommands = SubscriptionCommand.Add.class)
final class SubscriptionCommand {

  /** {@code subscription add}: {@code POST /admin/devices/P/S/subscriptions}, idempotent. */
  @Command(name = "add", mixinStandardHelpOptions = true,
      description = "Add a subscription period (both days included) to a device.")
  static final class Add extends AdminCommand {

    @Mixin
    DeviceOptions device;

    @Option(names = "--start", required = true, paramLabel = "D", description = "First day, YYYY-MM-DD.")
    LocalDate start;

    @Option(names = "--end", required = true, paramLabel = "D", description = "Last day, YYYY-MM-DD.")
    LocalDate end;

    @Override
    protected Object execute(AdminClient admin) {
      return admin.call("POST", device.path() + "/subscriptions",
          new JsonObject().put("startDate", start.toString()).put("endDate", end.toString()));
    }

    @Override
    protected String describe(Object answer) {
      int subscriptions = ((JsonObject) answer).getJsonArray("subscriptions").size();
      return "subscription " + start + " to " + end + " added to device " + device + " (" + subscriptions
          + (subscriptions == 1 ? " subscription)" : " subscriptions)");
    }
  }
}
