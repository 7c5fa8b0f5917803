package org.fieldreadings.core.bus;

/**
 * Failure codes of event-bus replies ({@code message.fail(code, text)}). They are HTTP statuses, so the edge maps
 * them to a problem response without a table; the text must be safe to show to the client.
 */
public final class BusFailure {
  public static final int BAD_REQUEST = 400;
  public static final int UNAUTHORIZED = 401;
  public static final int FORBIDDEN = 403;
  public static final int NOT_FOUND = 404;
  public static final int CONFLICT = 409;
  /** Well-formed as HTTP but unusable as content, e.g. a payload a supplier plugin could not read at all. */
  public static final int UNPROCESSABLE = 422;
  public static final int TOO_MANY_REQUESTS = 429;
  /** A component this request needed failed on it (e.g. a supplier plugin threw); other requests are unaffected. */
  public static final int BAD_GATEWAY = 502;
  /** The database or another dependency is down; the edge answers 503 with {@code Retry-After}. */
  public static final int UNAVAILABLE = 503;
  /** A component this request needed did not answer in time (e.g. a supplier plugin overran its budget). */
  public static final int GATEWAY_TIMEOUT = 504;

  private BusFailure() {}
}
