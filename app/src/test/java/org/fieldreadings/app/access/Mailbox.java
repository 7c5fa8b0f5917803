package org.fieldreadings.app.access;

import static org.assertj.core.api.Assertions.assertThat;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.GreenMailUtil;
import com.icegreen.greenmail.util.ServerSetup;
import jakarta.mail.Message;
import jakarta.mail.internet.MimeMessage;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A real SMTP server (GreenMail) on loopback, and reading tokens out of the mails it received. */
public final class Mailbox implements AutoCloseable {

  private static final Pattern TOKEN = Pattern.compile("(?m)^ {4}([A-Za-z0-9_-]{43})\\s*$");

  private final int port;
  private GreenMail greenMail;

  public Mailbox(int port) {
    this.port = port;
    start();
  }

  void start() {
    greenMail = new GreenMail(new ServerSetup(port, "127.0.0.1", "smtp"));
    greenMail.start();
  }

  void stop() {
    greenMail.stop();
  }

  /** Every mail received for {@code address}. */
  public List<MimeMessage> mailsTo(String address) {
    return Arrays.stream(greenMail.getReceivedMessages()).filter(m -> recipients(m).contains(address)).toList();
  }

  /** Waits up to {@code timeoutMs} for the n-th mail to {@code address}. */
  public MimeMessage awaitMail(String address, int n, long timeoutMs) throws InterruptedException {
    long deadline = System.currentTimeMillis() + timeoutMs;
    while (System.currentTimeMillis() < deadline) {
      List<MimeMessage> mails = mailsTo(address);
      if (mails.size() >= n) {
        return mails.get(n - 1);
      }
      Thread.sleep(50);
    }
    throw new AssertionError("no mail #" + n + " to " + address + " within " + timeoutMs + " ms");
  }

  /** The token of a token mail (the indented line of the text part). */
  static String tokenOf(MimeMessage mail) {
    Matcher matcher = TOKEN.matcher(GreenMailUtil.getBody(mail).replace("\r", ""));
    assertThat(matcher.find()).as("token line in the mail").isTrue();
    return matcher.group(1);
  }

  private static String recipients(MimeMessage mail) {
    try {
      return Arrays.toString(mail.getRecipients(Message.RecipientType.TO));
    } catch (jakarta.mail.MessagingException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void close() {
    greenMail.stop();
  }
}
