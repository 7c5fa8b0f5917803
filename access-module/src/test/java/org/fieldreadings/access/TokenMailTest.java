package org.fieldreadings.access;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.ext.mail.MailMessage;
import java.time.Duration;
import java.time.OffsetDateTime;
import org.junit.jupiter.api.Test;

/** The token mail: the exchange command with {@code http.public.url}, the path without it, never a placeholder. */
class TokenMailTest {

  private static final String TOKEN = "t".repeat(43);
  private final TokenMail mail = new TokenMail("farm@example.com", "North Farm", TOKEN,
      OffsetDateTime.parse("2026-11-23T10:15:00Z"), Duration.ofMinutes(15));

  @Test
  void withThePublicAddressTheMailGivesTheCompleteExchangeCommand() {
    MailMessage message = mail.render("keys@example.org", "https://readings.example.org");

    assertThat(message.getText()).contains(
        "    curl -X POST \"https://readings.example.org/api/access?token=" + TOKEN + "\"\n");
    assertThat(message.getHtml()).contains(
        "<code>curl -X POST &quot;https://readings.example.org/api/access?token=" + TOKEN + "&quot;</code>");
  }

  @Test
  void withoutThePublicAddressTheMailNamesThePathAndNoHost() {
    MailMessage message = mail.render("keys@example.org", null);

    assertThat(message.getText())
        .contains("    POST /api/access?token=" + TOKEN + " (on the Field Readings service you use)\n")
        .doesNotContain("http");
  }

  @Test
  void theMailHasNoPlaceholdersInAngleBrackets() {
    for (String publicUrl : new String[] {null, "https://readings.example.org"}) {
      MailMessage message = mail.render("keys@example.org", publicUrl);
      assertThat(message.getText()).doesNotContain("<").doesNotContain(">");
      assertThat(message.getHtml()).doesNotContain("&lt;").doesNotContain("&gt;");
    }
  }

  @Test
  void theMailTellsTheLifetimeAndTheHeader() {
    assertThat(mail.render("keys@example.org", null).getText())
        .contains("It is valid for 15 minutes (until 2026-11-23 10:15 UTC) and can be used once.")
        .contains("Send the key with every request in the Authorization header:\n"
            + "the word ApiKey, one space, then the key.");
  }
}
