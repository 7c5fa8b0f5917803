package org.fieldreadings.plugins.gateway;

/** A line that is not a valid frame; the message says why, for the rejection. */
final class MalformedFrameException extends Exception {

  MalformedFrameException(String reason) {
    super(reason);
  }
}
