package org.fieldreadings.app.cli;

import java.nio.file.Path;
import org.fieldreadings.app.admin.AdminClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code backup FILE}: a consistent backup of the running server's database and secrets, saved owner-only. */
@Command(name = "backup", mixinStandardHelpOptions = true,
    description = "Save a consistent backup of the running server (database and generated secrets) to FILE, "
        + "readable by you only. Guard it like the master key.")
final class BackupCommand extends AdminCommand {

  @Parameters(paramLabel = "FILE", description = "Where to save the backup (a zip); replaced if it exists.")
  Path file;

  @Override
  protected Object execute(AdminClient admin) {
    return admin.download("POST", "/admin/backup", file);
  }

  @Override
  protected String describe(Object answer) {
    return "backup saved to " + file + " (" + answer + " bytes)";
  }
}
