package org.fieldreadings.core.http;

import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.fieldreadings.plugin.api.Profile;

/**
 * A device's identity (docs/api.md, "Identifiers"): one of the five profiles and a serial of 1..64 characters of
 * {@code [A-Za-z0-9._:-]}.
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

  /**
   * The device of the {@code profile} and {@code serial} path parameters. Throws a 400 {@link ProblemException}
   * naming each invalid one, which the router hands to its {@link ProblemHandler}.
   */
  public static DeviceRef fromPath(RoutingContext ctx) {
    return parse(ctx.pathParam("profile"), ctx.pathParam("serial"));
  }

  /** The device of a profile name and a serial; throws a 400 {@link ProblemException} naming each invalid one. */
  public static DeviceRef parse(String profile, String serial) {
    List<FieldError> errors = new ArrayList<>();
    Optional<Profile> parsed = parseProfile(profile, "profile", errors);
    if (!isIdentifier(serial)) {
      errors.add(new FieldError("serial", IDENTIFIER_RULE));
    }
    if (!errors.isEmpty()) {
      throw new ProblemException(Problem.invalid(errors));
    }
    return new DeviceRef(parsed.orElseThrow(), serial);
  }

  /** The profile of {@code name}, or empty after adding an error for {@code parameter}. */
  public static Optional<Profile> parseProfile(String name, String parameter, List<FieldError> errors) {
    Optional<Profile> profile = Profile.parse(name);
    if (profile.isEmpty()) {
      errors.add(new FieldError(parameter, "must be one of " + Profile.allowedValues()));
    }
    return profile;
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

  /** The device of a message's {@code profile} and {@code serial}; throws a 400 {@link ProblemException}. */
  public static DeviceRef fromJson(JsonObject json) {
    Object profile = json.getValue("profile");
    Object serial = json.getValue("serial");
    return parse(profile instanceof String p ? p : null, serial instanceof String s ? s : null);
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
