package org.fieldreadings.plugins.cayenne;

/** An uplink that cannot be decoded; the message says why, for the rejection. */
final class MalformedUplinkException extends Exception {

  MalformedUplinkException(String reason) {
    super(reason);
  }
}
