package org.fieldreadings.core.crypto;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * AES-256-GCM sealing of what must be recoverable at rest (API keys, queued mails, webhook secrets), under a sub-key
 * derived from {@code security.master.key} with a label of its own, so each module's ciphertexts have their own key.
 */
public final class SecretBox {

  private static final SecureRandom RANDOM = new SecureRandom();
  private static final int IV_BYTES = 12;
  private static final int TAG_BITS = 128;

  private final SecretKeySpec key;

  /** The box of the sub-key {@code HMAC-SHA-256(masterKey, label)}. */
  public SecretBox(byte[] masterKey, String label) {
    this.key = new SecretKeySpec(HmacSha256.of(masterKey, label), "AES");
  }

  /** {@code masterKey}: base64, as {@code security.master.key} holds it. */
  public static SecretBox fromBase64(String masterKey, String label) {
    return new SecretBox(Base64.getDecoder().decode(masterKey), label);
  }

  /** {@code count} bytes from a strong random source. */
  public static byte[] randomBytes(int count) {
    byte[] bytes = new byte[count];
    RANDOM.nextBytes(bytes);
    return bytes;
  }

  /** IV followed by the GCM ciphertext and tag. */
  public byte[] seal(String plaintext) {
    byte[] iv = randomBytes(IV_BYTES);
    try {
      Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, iv));
      byte[] sealed = cipher.doFinal(plaintext.getBytes(StandardCharsets.UTF_8));
      return ByteBuffer.allocate(IV_BYTES + sealed.length).put(iv).put(sealed).array();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("AES-GCM unavailable", e);
    }
  }

  /** Opens what {@link #seal} produced; fails if the ciphertext was altered or another master key made it. */
  public String open(byte[] ivAndCiphertext) {
    try {
      Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, ivAndCiphertext, 0, IV_BYTES));
      byte[] plain = cipher.doFinal(ivAndCiphertext, IV_BYTES, ivAndCiphertext.length - IV_BYTES);
      return new String(plain, StandardCharsets.UTF_8);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("cannot decrypt: wrong security.master.key or altered data", e);
    }
  }
}
