package org.fieldreadings.app.server;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * An exclusive lock on the data directory, held for the life of the server: a second instance on the same
 * directory stops at once with a clear message instead of sharing the embedded database and secrets.
 */
final class DataDirLock implements AutoCloseable {

  private final FileChannel channel;
  private final FileLock lock;

  private DataDirLock(FileChannel channel, FileLock lock) {
    this.channel = channel;
    this.lock = lock;
  }

  static DataDirLock acquire(Path dataDir) {
    Path file = dataDir.resolve("field-readings.lock");
    try {
      FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
      FileLock lock;
      try {
        lock = channel.tryLock();
      } catch (OverlappingFileLockException e) {
        lock = null;
      }
      if (lock == null) {
        channel.close();
        throw new StartupException("the data directory " + dataDir
            + " is in use by another running Field Readings instance; stop it first or set data.dir to another directory");
      }
      return new DataDirLock(channel, lock);
    } catch (IOException e) {
      throw new StartupException("cannot lock the data directory " + dataDir + ": " + e.getMessage());
    }
  }

  @Override
  public void close() {
    try {
      lock.release();
      channel.close();
    } catch (IOException ignored) {
      // The process is ending; the operating system releases the lock anyway.
    }
  }
}
