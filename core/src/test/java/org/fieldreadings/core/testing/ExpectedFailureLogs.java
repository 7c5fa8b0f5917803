package org.fieldreadings.core.testing;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.filter.Filter;
import ch.qos.logback.core.spi.FilterReply;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.reflect.AnnotatedElement;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Marks a test class (or method) that breaks things on purpose: a plugin that throws or hangs, a database that goes
 * away, hostile or malformed requests. The warnings and errors the code under test logs meanwhile are what the test
 * wants, so they go to the module's {@code target/test.log} only, never to the console: there, a warning or an error
 * is one that no test asked for. The console appender of the tests' logging ({@code logback-test.xml}) asks
 * {@link ConsoleFilter}; from the class's first {@code @BeforeAll} to its last {@code @AfterAll} (or around the
 * method), nothing of the log reaches the console.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(ExpectedFailureLogs.Quiet.class)
public @interface ExpectedFailureLogs {

  /** Keeps the console quiet while a marked class or method runs, and says so in the log file. */
  final class Quiet implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback {

    private static final Logger LOG = LoggerFactory.getLogger("tests");
    private static final AtomicInteger ACTIVE = new AtomicInteger();

    @Override
    public void beforeAll(ExtensionContext context) {
      begin(context);
    }

    @Override
    public void afterAll(ExtensionContext context) {
      end(context);
    }

    @Override
    public void beforeEach(ExtensionContext context) {
      begin(context);
    }

    @Override
    public void afterEach(ExtensionContext context) {
      end(context);
    }

    /** Only for the element that carries the mark: a marked class's methods are inside its quiet span already. */
    private static boolean marked(ExtensionContext context) {
      return context.getElement().map(element -> element.isAnnotationPresent(ExpectedFailureLogs.class))
          .orElse(false);
    }

    private static void begin(ExtensionContext context) {
      if (marked(context)) {
        ACTIVE.incrementAndGet();
        LOG.info("{}: warnings and errors expected from here on, kept off the console", name(context));
      }
    }

    private static void end(ExtensionContext context) {
      if (marked(context)) {
        LOG.info("{}: end of the expected warnings and errors", name(context));
        ACTIVE.decrementAndGet();
      }
    }

    private static String name(ExtensionContext context) {
      AnnotatedElement element = context.getElement().orElseThrow();
      return element instanceof Class<?> type ? type.getSimpleName()
          : context.getRequiredTestClass().getSimpleName() + "." + context.getRequiredTestMethod().getName();
    }
  }

  /** Denies every event while a marked class or method runs; otherwise lets the other filters decide. */
  final class ConsoleFilter extends Filter<ILoggingEvent> {

    @Override
    public FilterReply decide(ILoggingEvent event) {
      return Quiet.ACTIVE.get() > 0 ? FilterReply.DENY : FilterReply.NEUTRAL;
    }
  }
}
