package org.fieldreadings.readings.plugins;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches the plugins folder ({@code plugins.watch}) and reloads the plugins once it has been quiet for a moment, so
 * that a jar still being copied is not loaded half-written (were it, the write's next change reloads it again).
 */
final class PluginFolderWatch implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(PluginFolderWatch.class);

  private final WatchService watcher;

  private PluginFolderWatch(WatchService watcher) {
    this.watcher = watcher;
  }

  /**
   * Starts watching {@code dir} on a daemon thread of its own, calling {@code reload} after each burst of changes
   * once {@code quiet} passed without another.
   *
   * @throws IOException when the folder cannot be watched (e.g. it does not exist)
   */
  static PluginFolderWatch start(Path dir, Duration quiet, Runnable reload) throws IOException {
    WatchService watcher = FileSystems.getDefault().newWatchService();
    try {
      dir.register(watcher, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_DELETE,
          StandardWatchEventKinds.ENTRY_MODIFY);
    } catch (IOException | RuntimeException e) {
      watcher.close();
      throw e;
    }
    Thread thread = new Thread(() -> watch(watcher, quiet, reload), "plugins-watch");
    thread.setDaemon(true);
    thread.start();
    LOG.info("watching the plugins folder {}: a change reloads the plugins", dir);
    return new PluginFolderWatch(watcher);
  }

  private static void watch(WatchService watcher, Duration quiet, Runnable reload) {
    try {
      while (true) {
        drain(watcher.take());
        WatchKey more;
        while ((more = watcher.poll(quiet.toMillis(), TimeUnit.MILLISECONDS)) != null) {
          drain(more);
        }
        try {
          reload.run();
        } catch (RuntimeException e) {
          LOG.error("reloading the plugins after a change to their folder failed", e);
        }
      }
    } catch (ClosedWatchServiceException e) {
      // Closed: the host stops.
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void drain(WatchKey key) {
    key.pollEvents();
    key.reset();
  }

  @Override
  public void close() {
    try {
      watcher.close();
    } catch (IOException e) {
      LOG.warn("cannot stop watching the plugins folder: {}", e.toString());
    }
  }
}
