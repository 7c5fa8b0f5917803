package org.fieldreadings.access;

import java.util.Base64;
import org.fieldreadings.core.crypto.HmacSha256;
import org.fieldreadings.core.crypto.SecretBox;

/**
 * The access module's cryptography, all under the configured master key: HMAC-SHA-256 lookup digests of keys and
 * tokens (what the database indexes), AES-256-GCM encryption of what must be recoverable (API keys, queued mails)
 * through a {@link SecretBox}, and fresh random secrets. Two sub-keys are derived from the master key so digests and
 * ciphertexts never share one.
 */
final class KeyVault {

  /** The label of the access module's encryption sub-key: its stored ciphertexts were all sealed under it. */
  private static final String ENCRYPTION_LABEL = "encryption";
  private static final int SECRET_BYTES = 32;

  private final byte[] digestKey;
  private final SecretBox box;

  KeyVault(byte[] masterKey) {
    this.digestKey = HmacSha256.of(masterKey, "lookup-digest");
    this.box = new SecretBox(masterKey, ENCRYPTION_LABEL);
  }

  static KeyVault fromBase64(String masterKey) {
    return new KeyVault(Base64.getDecoder().decode(masterKey));
  }

  /** A new secret: 32 random bytes, base64url without padding (43 characters). */
  static String newSecret() {
    return Base64.getUrlEncoder().withoutPadding().encodeToString(SecretBox.randomBytes(SECRET_BYTES));
  }

  /** The lookup digest of a secret or identifier. */
  byte[] digest(String value) {
    return HmacSha256.of(digestKey, value);
  }

  /** IV followed by the GCM ciphertext and tag. */
  byte[] encrypt(String plaintext) {
    return box.seal(plaintext);
  }

  /** Decrypts what {@link #encrypt} produced; fails if the ciphertext was altered or another master key made it. */
  String decrypt(byte[] ivAndCiphertext) {
    return box.open(ivAndCiphertext);
  }
}
