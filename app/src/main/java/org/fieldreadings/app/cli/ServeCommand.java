package org.fieldreadings.app.cli;

import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import io.vertx.core.json.JsonObject;
import org.fieldreadings.app.server.FieldReadingsServer;
import org.fieldreadings.app.server.LogFormat;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** Runs the service until SIGTERM or Ctrl-C, then shuts down gracefully. */
@Command(name = "serve", mixinStandardHelpOptions = true,
    description = "Serve the API (the default when no command is given).")
public final class ServeCommand implements Callable<Integer> {

  @Mixin
  ConfigOptions config;

  @Spec
  CommandSpec spec;

  public ServeCommand() {}

  ServeCommand(ConfigOptions config) {
    this.config = config;
  }

  /** The options given before {@code serve}; none when run as the default command. */
  private ConfigOptions rootOptions() {
    return spec == null ? null : ((FieldReadingsCommand) spec.root().userObject()).config;
  }

  @Override
  public Integer call() {
    JsonObject configuration = config.orElse(rootOptions()).load();
    LogFormat.apply(configuration);
    FieldReadingsServer server = FieldReadingsServer.start(configuration);
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      server.close();
      LogFormat.flush();
      stopped.countDown();
    }, "shutdown"));
    try {
      stopped.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return 0;
  }
}
