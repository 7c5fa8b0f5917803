package org.fieldreadings.app.server;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class BatchingConsoleAppenderTest {

  private final PrintStream original = System.out;
  private final ByteArrayOutputStream written = new ByteArrayOutputStream();
  private final LoggerContext context = new LoggerContext();
  private final BatchingConsoleAppender appender = new BatchingConsoleAppender();
  private Logger logger;

  @BeforeEach
  void start() {
    System.setOut(new PrintStream(written, true, StandardCharsets.UTF_8));
    context.setMDCAdapter(new LogbackMDCAdapter());
    PatternLayoutEncoder encoder = new PatternLayoutEncoder();
    encoder.setContext(context);
    encoder.setPattern("%thread %msg%n");
    encoder.start();
    appender.setContext(context);
    appender.setEncoder(encoder);
    appender.start();
    logger = context.getLogger("test");
    logger.addAppender(appender);
  }

  @AfterEach
  void restore() {
    System.setOut(original);
  }

  private List<String> lines() {
    return written.toString(StandardCharsets.UTF_8).lines().toList();
  }

  @Test
  void everyLineOfEveryThreadIsWrittenInItsOrderByTheTimeTheAppenderStops() throws InterruptedException {
    // More lines than the queue holds, so that loggers also wait for room.
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      Thread thread = new Thread(() -> IntStream.range(0, 5_000).forEach(i -> logger.info("line {}", i)), "t" + t);
      threads.add(thread);
      thread.start();
    }
    for (Thread thread : threads) {
      thread.join();
    }
    appender.stop();
    List<String> lines = lines();
    assertThat(lines).hasSize(20_000);
    for (int t = 0; t < 4; t++) {
      String prefix = "t" + t + " ";
      assertThat(lines.stream().filter(line -> line.startsWith(prefix)).toList())
          .containsExactlyElementsOf(IntStream.range(0, 5_000).mapToObj(i -> prefix + "line " + i).toList());
    }
  }

  @Test
  void aLineIsWrittenSoonWithoutAStop() throws InterruptedException {
    logger.info("soon");
    for (int i = 0; i < 200 && lines().isEmpty(); i++) {
      Thread.sleep(10);
    }
    assertThat(lines()).containsExactly(Thread.currentThread().getName() + " soon");
    appender.stop();
  }

  @Test
  void aMessageIsFormattedWithTheArgumentsAsTheyWereWhenLogged() {
    StringBuilder changing = new StringBuilder("before");
    logger.info("value {}", changing);
    changing.replace(0, changing.length(), "after");
    appender.stop();
    assertThat(lines()).containsExactly(Thread.currentThread().getName() + " value before");
  }
}
