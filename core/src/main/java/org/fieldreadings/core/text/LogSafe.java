package org.fieldreadings.core.text;

/**
 * Client-chosen text made safe for a log line: control characters (C0, DEL and C1) and backslashes are written as
 * escapes, so a request cannot forge log lines, hide text behind terminal escape sequences or cut a line with NUL.
 */
public final class LogSafe {

  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private LogSafe() {}

  public static String text(String value) {
    if (value == null) {
      return "-";
    }
    int i = 0;
    while (i < value.length() && !needsEscape(value.charAt(i))) {
      i++;
    }
    if (i == value.length()) {
      return value;
    }
    StringBuilder escaped = new StringBuilder(value.length() + 16).append(value, 0, i);
    for (; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c == '\\') {
        escaped.append("\\\\");
      } else if (needsEscape(c)) {
        escaped.append(c > 0xff ? "\\u" : "\\x");
        if (c > 0xff) {
          escaped.append(HEX[c >> 12]).append(HEX[(c >> 8) & 0xf]);
        }
        escaped.append(HEX[(c >> 4) & 0xf]).append(HEX[c & 0xf]);
      } else {
        escaped.append(c);
      }
    }
    return escaped.toString();
  }

  /** Controls, and the line and paragraph separators some log viewers break lines at. */
  private static boolean needsEscape(char c) {
    return c < 0x20 || c == '\\' || (c >= 0x7f && c <= 0x9f) || c == '\u2028' || c == '\u2029';
  }
}
