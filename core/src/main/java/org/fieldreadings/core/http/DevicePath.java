package org.fieldreadings.core.http;

import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.fieldreadings.core.bus.DeviceRef;
import org.fieldreadings.plugin.api.Profile;

/** Reads a {@link DeviceRef} from a request: 400s with a {@link FieldError} per invalid parameter. */
public final class DevicePath {

  private DevicePath() {}

  /**
   * The device of the {@code profile} and {@code serial} path parameters. Throws a 400 {@link ProblemException}
   * naming each invalid one, which the router hands to its {@link ProblemHandler}.
   */
  public static DeviceRef fromPath(RoutingContext ctx) {
    List<FieldError> errors = new ArrayList<>();
    Optional<Profile> profile = parseProfile(ctx.pathParam("profile"), "profile", errors);
    String serial = ctx.pathParam("serial");
    if (!DeviceRef.isIdentifier(serial)) {
      errors.add(new FieldError("serial", DeviceRef.IDENTIFIER_RULE));
    }
    if (!errors.isEmpty()) {
      throw new ProblemException(Problem.invalid(errors));
    }
    return new DeviceRef(profile.orElseThrow(), serial);
  }

  /** The profile of {@code name}, or empty after adding an error for {@code parameter}. */
  public static Optional<Profile> parseProfile(String name, String parameter, List<FieldError> errors) {
    Optional<Profile> profile = Profile.parse(name);
    if (profile.isEmpty()) {
      errors.add(new FieldError(parameter, DeviceRef.profileRule()));
    }
    return profile;
  }
}
