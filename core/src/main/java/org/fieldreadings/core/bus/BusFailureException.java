package org.fieldreadings.core.bus;

/** A failure a consumer answers with a given {@link BusFailure} code and a message safe for clients. */
public final class BusFailureException extends RuntimeException {

  private final int code;

  public BusFailureException(int code, String message) {
    super(message, null, false, false);
    this.code = code;
  }

  public int code() {
    return code;
  }
}
