package org.fieldreadings.app.cli;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
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
    String format = "%-20s  %-24s  %-10s  %-10s  %-24s  %s";
    StringBuilder out = new StringBuilder(
        String.format(format, "PROFILE", "SERIAL", "GROUP", "CONNECTORS", "LATEST READING", "ENTITIES"));
    for (Object item : devices) {
      JsonObject device = (JsonObject) item;
      Long last = device.getLong("lastReadingAt");
      JsonArray entities = device.getJsonArray("entities");
      out.append(System.lineSeparator()).append(String.format(format, device.getString("profile"),
          device.getString("serial"), orDash(device.getString("group")), device.getInteger("connectors"),
          last == null ? "-" : Instant.ofEpochMilli(last).toString(),
          entities.isEmpty() ? "-" : String.join(",", entities.stream().map(String.class::cast).toList())));
    }
    return out.toString();
  }

  private static String orDash(String value) {
    return value == null ? "-" : value;
  }
}
