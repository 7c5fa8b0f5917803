package org.fieldreadings.app.cli;

import io.vertx.core.json.JsonObject;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code ingest-key create}: a key a supplier gateway uses to push raw data for one profile. */
@Command(name = "ingest-key", mixinStandardHelpOptions = true, description = "Manage ingest keys.",
    subcommands = {IngestKeyCommand.Create.class})
public final class IngestKeyCommand {

  @Command(name = "create", mixinStandardHelpOptions = true, description = "Create an ingest key for a profile.")
  static final class Create extends AdminCommand {
    @Option(names = "--profile", required = true, description = "The supplier profile the key may ingest for.")
    String profile;

    @Override
    protected Object execute(AdminClient admin) {
      return admin.call("POST", "/admin/ingest-keys", new JsonObject().put("profile", profile));
    }

    @Override
    protected String describe(Object answer) {
      return "ingest key for " + profile + ": " + ((JsonObject) answer).getString("ingestKey");
    }
  }
}
