package org.fieldreadings.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class AbuseLimitKeysTest {

  @Test
  void noProxyIsTrustedAndSixtyFailuresAMinuteAreAllowedByDefault() {
    var config = ConfigLoader.load(null, Map.of());
    assertThat(ConfigKeys.HTTP_TRUSTED_PROXIES.get(config)).isNull();
    assertThat(ConfigKeys.RATELIMIT_AUTH_FAILURES_PER_MINUTE.get(config)).isEqualTo(60);
  }

  @Test
  void trustedProxiesAreKeptInCanonicalForm() {
    var config = ConfigLoader.load(null, Map.of("FR_HTTP_TRUSTED_PROXIES", " 10.0.0.0/8 , 2001:DB8:0::1"));
    assertThat(ConfigKeys.HTTP_TRUSTED_PROXIES.get(config)).isEqualTo("10.0.0.0/8,2001:db8::1/128");
  }

  @Test
  void aMalformedRangeNamesTheKeyAndTheEntry() {
    assertThatThrownBy(() -> ConfigLoader.load(null, Map.of("FR_HTTP_TRUSTED_PROXIES", "10.0.0.0/8,proxy.local")))
        .isInstanceOf(ConfigException.class)
        .hasMessage("http.trusted.proxies (FR_HTTP_TRUSTED_PROXIES): expected a comma-separated list of addresses or"
            + " CIDR ranges such as 10.0.0.0/8,2001:db8::/32, got '10.0.0.0/8,proxy.local' (not an address range:"
            + " 'proxy.local')");
  }

  @Test
  void theFailureLimitIsAPositiveInteger() {
    assertThatThrownBy(() -> ConfigLoader.load(null, Map.of("FR_RATELIMIT_AUTH_FAILURES_PER_MINUTE", "0")))
        .isInstanceOf(ConfigException.class)
        .hasMessage("ratelimit.auth.failures.per.minute (FR_RATELIMIT_AUTH_FAILURES_PER_MINUTE): expected an integer"
            + " from 1 to 1000000, got '0' (out of range)");
  }
}
