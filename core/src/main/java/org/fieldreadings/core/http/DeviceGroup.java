package org.fieldreadings.core.http;

import java.util.regex.Pattern;

/** The syntax of device groups (docs/api.md, "Identifiers"), for every module that reads a group from a client. */
public final class DeviceGroup {

  public static final String RULE = "must be 1 to 32 characters of A-Z, 0-9 and '_'";

  private static final Pattern SYNTAX = Pattern.compile("[A-Z0-9_]{1,32}");

  private DeviceGroup() {}

  public static boolean isValid(String group) {
    return group != null && SYNTAX.matcher(group).matches();
  }
}
