package org.fieldreadings.core.bus;

/**
 * A failure a consumer answers with a given {@link BusFailure} code and a message safe for clients: the neutral
 * failure of the bus and of storage, which the HTTP edge answers as problem+json with that status.
 */
public class BusFailureException extends RuntimeException {

  private final int code;

  public BusFailureException(int code, String message) {
    super(message, null, false, false);
    this.code = code;
  }

  public int code() {
    return code;
  }
}
