package org.fieldreadings.access;

import java.util.regex.Pattern;

/** The e-mail syntax the service accepts: one {@code @}, a dotted domain, no spaces, at most 254 characters. */
final class EmailAddress {

  private static final Pattern SYNTAX = Pattern.compile(
      "[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
          + "(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+");

  private EmailAddress() {}

  static boolean isValid(String value) {
    return value != null && value.length() <= 254 && SYNTAX.matcher(value).matches();
  }

  /** A form safe for logs: the first character of the local part and the domain. */
  static String masked(String value) {
    int at = value.indexOf('@');
    return at <= 0 ? "***" : value.charAt(0) + "***" + value.substring(at);
  }
}
