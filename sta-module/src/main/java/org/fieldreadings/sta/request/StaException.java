package org.fieldreadings.sta.request;

/** A request the SensorThings API refuses: 400 naming what is malformed, 404 for what does not exist. */
public final class StaException extends RuntimeException {

  private final int status;

  private StaException(int status, String message) {
    super(message, null, false, false);
    this.status = status;
  }

  public static StaException badRequest(String message) {
    return new StaException(400, message);
  }

  public static StaException notFound(String message) {
    return new StaException(404, message);
  }

  public int status() {
    return status;
  }
}
