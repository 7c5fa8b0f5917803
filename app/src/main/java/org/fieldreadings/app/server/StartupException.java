package org.fieldreadings.app.server;

/** Start-up cannot go on; the message tells the operator why and what to do. */
public final class StartupException extends RuntimeException {
  public StartupException(String message) {
    super(message);
  }
}
