package org.fieldreadings.plugins.tts;

/** An uplink that cannot be decoded; the message says why, for the rejection of its part. */
public final class MalformedUplinkException extends Exception {

  public MalformedUplinkException(String reason) {
    super(reason);
  }
}
