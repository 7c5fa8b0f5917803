package org.fieldreadings.app.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.spi.ContextAwareBase;

/**
 * The logging of operator commands that call the admin API, set up in code: warnings and errors on standard error,
 * one short line each. Logback finds this class first (a service of its {@link Configurator}); for the server and the
 * local commands it passes, and {@code logback.xml} applies. Reading that XML took a third of a short command's
 * start-up (half a CPU-second), paid again by every part of a scripted import or ingest.
 */
public final class CommandLogging extends ContextAwareBase implements Configurator {

  private static final String PROPERTY = "fieldreadings.command-logging";

  /** Makes the logging that starts next the commands'; called before anything of the command logs. */
  static void use() {
    System.setProperty(PROPERTY, "true");
  }

  @Override
  public ExecutionStatus configure(LoggerContext context) {
    if (!Boolean.getBoolean(PROPERTY)) {
      return ExecutionStatus.INVOKE_NEXT_IF_ANY;
    }
    PatternLayoutEncoder encoder = new PatternLayoutEncoder();
    encoder.setContext(context);
    encoder.setPattern("%-5level %logger{0} - %msg%n");
    encoder.start();
    ConsoleAppender<ILoggingEvent> console = new ConsoleAppender<>();
    console.setContext(context);
    console.setTarget("System.err");
    console.setEncoder(encoder);
    console.start();
    Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
    root.setLevel(Level.WARN);
    root.addAppender(console);
    return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
  }
}
