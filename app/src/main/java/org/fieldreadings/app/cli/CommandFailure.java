package org.fieldreadings.app.cli;

/** A command that could not do its work; the message is the one line the operator sees. */
final class CommandFailure extends RuntimeException {
  CommandFailure(String message) {
    super(message, null, false, false);
  }
}
