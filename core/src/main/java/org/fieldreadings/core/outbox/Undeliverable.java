package org.fieldreadings.core.outbox;

/** A failed attempt that no retry can mend: the outbox abandons the row at once. */
public final class Undeliverable extends RuntimeException {

  public Undeliverable(String message) {
    super(message, null, false, false);
  }
}
