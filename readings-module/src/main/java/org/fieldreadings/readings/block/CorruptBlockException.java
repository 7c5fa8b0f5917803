package org.fieldreadings.readings.block;

/** A stored block that does not decode: a bug or a damaged database, never a client's mistake. */
public final class CorruptBlockException extends IllegalStateException {

  CorruptBlockException(String message) {
    super("corrupt readings block: " + message);
  }
}
