package org.fieldreadings.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.core.ConsoleAppender;
import java.util.ServiceLoader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class CommandLoggingTest {

  /** Commands run by other tests of this JVM choose the commands' logging; these tests choose for themselves. */
  @BeforeEach
  @AfterEach
  void serverLogging() {
    System.clearProperty("fieldreadings.command-logging");
  }

  @Test
  void logbackFindsItBeforeItsXmlConfiguration() {
    assertThat(ServiceLoader.load(Configurator.class).stream().map(ServiceLoader.Provider::type))
        .contains(CommandLogging.class);
  }

  @Test
  void theServerKeepsLogbackXml() {
    assertThat(new CommandLogging().configure(new LoggerContext()))
        .isEqualTo(Configurator.ExecutionStatus.INVOKE_NEXT_IF_ANY);
  }

  @Test
  void anAdminCommandLogsWarningsAndErrorsOnStandardError() {
    CommandLogging.use();
    LoggerContext context = new LoggerContext();
    assertThat(new CommandLogging().configure(context))
        .isEqualTo(Configurator.ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY);
    Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
    assertThat(root.getLevel()).isEqualTo(Level.WARN);
    ConsoleAppender<?> console = (ConsoleAppender<?>) root.iteratorForAppenders().next();
    assertThat(console.getTarget()).isEqualTo("System.err");
    assertThat(console.isStarted()).isTrue();
  }
}
