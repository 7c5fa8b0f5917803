package org.fieldreadings.access;

import io.vertx.core.buffer.Buffer;
import java.util.Locale;

/** The lookup digests the access tables are keyed by, each in its own domain so values never collide across kinds. */
final class Digests {

  private final KeyVault vault;

  Digests(KeyVault vault) {
    this.vault = vault;
  }

  /** Of an API key or ingest key. */
  Buffer key(String key) {
    return Buffer.buffer(vault.digest("key:" + key));
  }

  Buffer token(String token) {
    return Buffer.buffer(vault.digest("token:" + token));
  }

  Buffer email(String email) {
    return Buffer.buffer(vault.digest("email:" + email.toLowerCase(Locale.ROOT)));
  }

  Buffer client(String address) {
    return Buffer.buffer(vault.digest("client:" + address));
  }
}
