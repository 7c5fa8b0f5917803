package org.fieldreadings.core.db;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Whether a postmaster process still runs. */
final class Postmaster {

  private Postmaster() {}

  /**
   * Alive and not a zombie: a killed postmaster is not the service's child, and until some process reaps it the
   * operating system still lists it.
   */
  static boolean isRunning(long pid) {
    if (!ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
      return false;
    }
    Path stat = Path.of("/proc", Long.toString(pid), "stat");
    try {
      String line = Files.readString(stat);
      return line.charAt(line.lastIndexOf(')') + 2) != 'Z';
    } catch (IOException e) {
      // Without /proc (not Linux) the process handle's answer stands; with it, the process has just gone.
      return !Files.isDirectory(Path.of("/proc"));
    }
  }
}
