package org.fieldreadings.app.server;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.core.joran.spi.JoranException;
import io.vertx.core.json.JsonObject;
import org.fieldreadings.core.config.ConfigKeys;
import org.slf4j.LoggerFactory;

/**
 * Applies {@code logging.format}: the default text lines, or one JSON object per line for log shippers; and writes
 * out what is still queued when the process ends.
 */
public final class LogFormat {

  private LogFormat() {}

  public static void apply(JsonObject config) {
    if (!"JSON".equals(ConfigKeys.LOGGING_FORMAT.get(config))
        || !(LoggerFactory.getILoggerFactory() instanceof LoggerContext context)) {
      return;
    }
    context.reset();
    JoranConfigurator configurator = new JoranConfigurator();
    configurator.setContext(context);
    try {
      configurator.doConfigure(LogFormat.class.getResource("/logback-json.xml"));
    } catch (JoranException e) {
      throw new StartupException("cannot switch logging to JSON: " + e.getMessage());
    }
  }

  /**
   * Writes out the lines still queued in the asynchronous appender (the last lines of a stop would otherwise be lost
   * when the process exits) and stops logging; the last call of a shutdown.
   */
  public static void flush() {
    if (LoggerFactory.getILoggerFactory() instanceof LoggerContext context) {
      context.stop();
    }
  }
}
