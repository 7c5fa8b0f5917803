package org.fieldreadings.core.bus;

import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import org.fieldreadings.plugin.api.Profile;

/**
 * A device's identity (docs/api.md, "Identifiers"): one of the five profiles and a serial of 1..64 characters of
 * {@code [A-Za-z0-9._:-]}. Messages carry it as {@code {"profile": ..., "serial": ...}}; the HTTP edge reads it
 * from a path with {@code DevicePath}.
 */
public record DeviceRef(Profile profile, String serial) {

  /** The syntax of serials; connector ids follow it too, as they are attached devices' own identifiers. */
  public static final String IDENTIFIER_RULE =
      "must be 1 to 64 characters of A-Z, a-z, 0-9, '.', '_', ':' and '-'";

  public DeviceRef {
    if (profile == null || !isIdentifier(serial)) {
      throw new IllegalArgumentException("invalid device " + profile + "/" + serial);
    }
  }

  /** What a profile parameter must be. */
  public static String profileRule() {
    return "must be one of " + Profile.allowedValues();
  }

  public static boolean isIdentifier(String value) {
    // A loop rather than a regular expression: imports check two identifiers on every line.
    if (value == null || value.isEmpty() || value.length() > 64) {
      return false;
    }
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      boolean allowed = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')
          || c == '.' || c == '_' || c == ':' || c == '-';
      if (!allowed) {
        return false;
      }
    }
    return true;
  }

  /**
   * The device of a message's {@code profile} and {@code serial}; a {@link BusFailure#BAD_REQUEST} naming each
   * invalid one otherwise, worded as the HTTP edge words a 400's detail.
   */
  public static DeviceRef fromJson(JsonObject json) {
    String profile = json.getValue("profile") instanceof String p ? p : null;
    String serial = json.getValue("serial") instanceof String s ? s : null;
    List<String> errors = new ArrayList<>();
    if (Profile.parse(profile).isEmpty()) {
      errors.add("profile: " + profileRule());
    }
    if (!isIdentifier(serial)) {
      errors.add("serial: " + IDENTIFIER_RULE);
    }
    if (!errors.isEmpty()) {
      throw new BusFailureException(BusFailure.BAD_REQUEST, String.join("; ", errors));
    }
    return new DeviceRef(Profile.parse(profile).orElseThrow(), serial);
  }

  /** {@code {"profile": ..., "serial": ...}}, the identity fields of messages. */
  public JsonObject toJson() {
    return new JsonObject().put("profile", profile.name()).put("serial", serial);
  }

  /** {@code PROFILE/serial}, as messages and the command line show a device. */
  @Override
  public String toString() {
    return profile.name() + "/" + serial;
  }
}
