package org.fieldreadings.app.cli;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.fieldreadings.app.admin.AdminClient;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * An operator command that calls the running server's admin API and prints the result: a short human line by
 * default, the JSON answer with {@code --json}.
 */
abstract class AdminCommand implements Callable<Integer> {

  @Mixin
  ConfigOptions config;

  @Mixin
  AdminTarget target;

  @Option(names = "--json", description = "Print the admin API's JSON answer.")
  boolean json;

  @Spec
  CommandSpec spec;

  /** Calls the admin API and returns its answer. */
  protected abstract Object execute(AdminClient admin);

  /** The human-readable form of the answer. */
  protected abstract String describe(Object answer);

  /** The exit code of a command the server answered: 0 unless the answer itself says nothing was done. */
  protected int exitCode(Object answer) {
    return 0;
  }

  @Override
  public Integer call() {
    CommandLogging.use();
    Object answer = execute(AdminClient.of(config.orElse(rootOptions()).load(), target.url, target.tokenFile));
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      out.println(answer instanceof JsonObject o ? o.encodePrettily()
          : answer instanceof JsonArray a ? a.encodePrettily() : String.valueOf(answer));
    } else {
      out.println(describe(answer));
    }
    out.flush();
    return exitCode(answer);
  }

  /** The options given before the command ({@code field-readings --conf F entity list}). */
  private ConfigOptions rootOptions() {
    return ((FieldReadingsCommand) spec.root().userObject()).config;
  }

  /** Percent-encodes one path segment. */
  static String segment(String value) {
    return java.net.URLEncoder.encode(value, java.nio.charset.StandardCharsets.UTF_8).replace("+", "%20");
  }
}
