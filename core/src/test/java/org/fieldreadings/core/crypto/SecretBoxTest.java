package org.fieldreadings.core.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class SecretBoxTest {

  private static final byte[] MASTER_KEY = new byte[32];

  static {
    for (int i = 0; i < MASTER_KEY.length; i++) {
      MASTER_KEY[i] = (byte) i;
    }
  }

  @Test
  void whatTheAccessModuleSealedBeforeSecretBoxStillOpensUnderItsLabel() {
    // "hello" as the access module's KeyVault encrypted it before it delegated to SecretBox.
    byte[] sealed = HexFormat.of().parseHex("aa21994330593173b1f827aec3738a4e22b01d03d323cb0c59909eede3537fba30");
    assertThat(new SecretBox(MASTER_KEY, "encryption").open(sealed)).isEqualTo("hello");
  }

  @Test
  void aSealedTextOpensUnderTheSameLabelAndNoOther() {
    byte[] sealed = new SecretBox(MASTER_KEY, "one").seal("whsec_secret");
    assertThat(new SecretBox(MASTER_KEY, "one").open(sealed)).isEqualTo("whsec_secret");
    assertThatThrownBy(() -> new SecretBox(MASTER_KEY, "two").open(sealed))
        .hasMessage("cannot decrypt: wrong security.master.key or altered data");
  }

  @Test
  void anAlteredCiphertextDoesNotOpen() {
    SecretBox box = new SecretBox(MASTER_KEY, "one");
    byte[] sealed = box.seal("whsec_secret");
    sealed[sealed.length - 1] ^= 1;
    assertThatThrownBy(() -> box.open(sealed)).isInstanceOf(IllegalStateException.class);
  }
}
