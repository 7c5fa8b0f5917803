package org.fieldreadings.core.odata;

/** A {@code $filter} that cannot be read or does not fit the entities it filters; the message says why. */
public final class FilterException extends RuntimeException {

  public FilterException(String message) {
    super(message, null, false, false);
  }
}
