package org.fieldreadings.app.cli;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.fieldreadings.app.admin.AdminClient;
import org.fieldreadings.plugin.api.Profile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code device list}: every device the server knows, including those learned from ingest that nobody has. */
@Command(name = "list", mixinStandardHelpOptions = true,
    description = "List devices: profile, serial, group, entities, connectors and latest reading.")
final class DeviceListCommand extends AdminCommand {

  @Option(names = "--unassigned", description = "Only devices no entity has (learned from ingest or import).")
  boolean unassigned;

  @Option(names = "--profile", paramLabel = "P", description = "Only this profile: ${COMPLETION-CANDIDATES}.")
  Profile profile;

  @Option(names = "--group", paramLabel = "G", description = "Only this group.")
  String group;

  @Override
  protected Object execute(AdminClient admin) {
    List<String> query = new ArrayList<>();
    if (profile != null) {
      query.add("profile=" + profile.name());
    }
    if (group != null) {
      query.add("group=" + segment(group));
    }
    if (unassigned) {
      query.add("unassigned=true");
    }
    return admin.call("GET", "/admin/devices" + (query.isEmpty() ? "" : "?" + String.join("&", query)), null);
  }

  @Override
  protected String describe(Object answer) {
    JsonArray devices = (JsonArray) answer;
    if (devices.isEmpty()) {
      return "no devices";
    }
    TextTable table = new TextTable(new int[] {20, 24, 10, 10, 24}, "PROFILE", "SERIAL", "GROUP", "CONNECTORS",
        "LATEST READING", "ENTITIES");
    for (Object item : devices) {
      JsonObject device = (JsonObject) item;
      Long last = device.getLong("lastReadingAt");
      JsonArray entities = device.getJsonArray("entities");
      table.row(device.getString("profile"), device.getString("serial"), device.getString("group"),
          device.getInteger("connectors"), last == null ? null : Instant.ofEpochMilli(last),
          entities.isEmpty() ? null : String.join(",", entities.stream().map(String.class::cast).toList()));
    }
    return table.toString();
  }
}
