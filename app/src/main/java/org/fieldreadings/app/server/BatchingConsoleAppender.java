package org.fieldreadings.app.server;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.UnsynchronizedAppenderBase;
import ch.qos.logback.core.encoder.Encoder;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Writes log lines to standard output from one thread of its own, in batches: every few milliseconds, what arrived
 * meanwhile is encoded and written at once. Logback's AsyncAppender wakes its thread for each event, and its
 * ConsoleAppender writes each line with a system call of its own: at thousands of requests a second, the access
 * log's wake-ups and writes took a fifth of the server's CPU. A logging thread only formats the message and queues
 * the event; it waits only while {@link #QUEUED} events are queued, so no line is dropped. Stopping (the end of a
 * shutdown) writes out every queued line first.
 */
public final class BatchingConsoleAppender extends UnsynchronizedAppenderBase<ILoggingEvent> {

  private static final int QUEUED = 8192;
  /** How long the writer rests when nothing was queued: at most this late, a line appears. */
  private static final long REST_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
  private static final long STOP_WAIT_MS = 10_000;

  private Encoder<ILoggingEvent> encoder;
  private BlockingQueue<ILoggingEvent> queue;
  private Thread writer;
  private volatile boolean stopping;

  public void setEncoder(Encoder<ILoggingEvent> encoder) {
    this.encoder = encoder;
  }

  @Override
  public void start() {
    if (encoder == null) {
      addError("no encoder set for the appender named \"" + name + "\"");
      return;
    }
    queue = new ArrayBlockingQueue<>(QUEUED);
    stopping = false;
    writer = new Thread(this::writeBatches, "log-writer");
    writer.setDaemon(true);
    writer.start();
    super.start();
  }

  @Override
  protected void append(ILoggingEvent event) {
    event.prepareForDeferredProcessing();
    boolean interrupted = false;
    while (true) {
      try {
        queue.put(event);
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void stop() {
    if (!isStarted()) {
      return;
    }
    super.stop();
    stopping = true;
    LockSupport.unpark(writer);
    try {
      writer.join(STOP_WAIT_MS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    encoder.stop();
  }

  /**
   * Drains the queue and writes what it held, or rests when it was empty; ends once stopping with nothing left. It
   * never waits on the queue itself, so queuing an event wakes no thread.
   */
  private void writeBatches() {
    List<ILoggingEvent> batch = new ArrayList<>();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(1 << 16);
    while (true) {
      boolean last = stopping;
      queue.drainTo(batch);
      if (!batch.isEmpty()) {
        write(batch, bytes);
        batch.clear();
      } else if (last) {
        return;
      } else {
        LockSupport.parkNanos(this, REST_NANOS);
      }
    }
  }

  private void write(List<ILoggingEvent> batch, ByteArrayOutputStream bytes) {
    bytes.reset();
    for (ILoggingEvent event : batch) {
      try {
        bytes.write(encoder.encode(event));
      } catch (IOException | RuntimeException e) {
        addError("cannot encode a log event", e);
      }
    }
    // System.out as it is now, not as it was at start: whoever replaced it gets the lines.
    try {
      bytes.writeTo(System.out);
      System.out.flush();
    } catch (IOException e) {
      addError("cannot write log lines", e);
    }
  }
}
