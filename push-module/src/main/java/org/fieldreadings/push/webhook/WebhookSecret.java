package org.fieldreadings.push.webhook;

import java.util.Base64;
import org.fieldreadings.core.crypto.HmacSha256;
import org.fieldreadings.core.crypto.SecretBox;

/**
 * A webhook's signing secret as the Standard Webhooks specification has it: {@code whsec_} and the base64 of 32
 * random bytes, the bytes being the HMAC-SHA-256 key of the signatures.
 */
record WebhookSecret(String value) {

  private static final String PREFIX = "whsec_";
  private static final int BYTES = 32;

  static WebhookSecret generate() {
    return new WebhookSecret(PREFIX + Base64.getEncoder().encodeToString(SecretBox.randomBytes(BYTES)));
  }

  /** The {@code webhook-signature} of one attempt: {@code v1,} and the base64 HMAC of id, timestamp and body. */
  String sign(String messageId, long timestamp, String body) {
    byte[] key = Base64.getDecoder().decode(value.substring(PREFIX.length()));
    byte[] mac = HmacSha256.of(key, messageId + "." + timestamp + "." + body);
    return "v1," + Base64.getEncoder().encodeToString(mac);
  }

  @Override
  public String toString() {
    return PREFIX + "…";
  }
}
