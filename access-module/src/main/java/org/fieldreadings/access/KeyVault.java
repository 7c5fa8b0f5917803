package org.fieldreadings.access;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The access module's cryptography, all under the configured master key: HMAC-SHA-256 lookup digests of keys and
 * tokens (what the database indexes), AES-256-GCM encryption of what must be recoverable (API keys, queued mails),
 * and fresh random secrets. Two sub-keys are derived from the master key so digests and ciphertexts never share one.
 */
final class KeyVault {

  private static final SecureRandom RANDOM = new SecureRandom();
  private static final int IV_BYTES = 12;
  private static final int TAG_BITS = 128;
  private static final int SECRET_BYTES = 32;

  private final SecretKeySpec digestKey;
  private final SecretKeySpec encryptionKey;

  KeyVault(byte[] masterKey) {
    this.digestKey = new SecretKeySpec(hmac(new SecretKeySpec(masterKey, "HmacSHA256"), "lookup-digest"), "HmacSHA256");
    this.encryptionKey = new SecretKeySpec(hmac(new SecretKeySpec(masterKey, "HmacSHA256"), "encryption"), "AES");
  }

  static KeyVault fromBase64(String masterKey) {
    return new KeyVault(Base64.getDecoder().decode(masterKey));
  }

  /** A new secret: 32 random bytes, base64url without padding (43 characters). */
  static String newSecret() {
    byte[] bytes = new byte[SECRET_BYTES];
    RANDOM.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  /** The lookup digest of a secret or identifier. */
  byte[] digest(String value) {
    return hmac(digestKey, value);
  }

  /** IV followed by the GCM ciphertext and tag. */
  byte[] encrypt(String plaintext) {
    byte[] iv = new byte[IV_BYTES];
    RANDOM.nextBytes(iv);
    try {
      Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(Cipher.ENCRYPT_MODE, encryptionKey, new GCMParameterSpec(TAG_BITS, iv));
      byte[] sealed = cipher.doFinal(plaintext.getBytes(StandardCharsets.UTF_8));
      return ByteBuffer.allocate(IV_BYTES + sealed.length).put(iv).put(sealed).array();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("AES-GCM unavailable", e);
    }
  }

  /** Decrypts what {@link #encrypt} produced; fails if the ciphertext was altered or another master key made it. */
  String decrypt(byte[] ivAndCiphertext) {
    try {
      Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(Cipher.DECRYPT_MODE, encryptionKey, new GCMParameterSpec(TAG_BITS, ivAndCiphertext, 0, IV_BYTES));
      byte[] plain = cipher.doFinal(ivAndCiphertext, IV_BYTES, ivAndCiphertext.length - IV_BYTES);
      return new String(plain, StandardCharsets.UTF_8);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("cannot decrypt: wrong security.master.key or altered data", e);
    }
  }

  private static byte[] hmac(SecretKeySpec key, String value) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(key);
      return mac.doFinal(value.getBytes(StandardCharsets.UTF_8));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HMAC-SHA-256 unavailable", e);
    }
  }
}
