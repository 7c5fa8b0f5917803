package org.fieldreadings.push.alert;

import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.fieldreadings.core.bus.DeviceRef;
import org.fieldreadings.core.bus.DevicesContract;
import org.fieldreadings.core.catalog.InterfaceNames;
import org.fieldreadings.core.http.FieldError;
import org.fieldreadings.core.http.Problem;
import org.fieldreadings.core.http.ProblemException;
import org.fieldreadings.plugin.api.InterfaceCatalog;
import org.fieldreadings.plugin.api.Profile;
import org.fieldreadings.plugin.api.SensorInterface;

/** Reads an alert rule from a request body, every invalid field named at once (400). */
final class AlertRuleBody {

  static final int NAME_MAX = 200;
  /** A year: longer holds or silences are not alerts. */
  static final Duration FOR_MAX = Duration.ofDays(366);

  private AlertRuleBody() {}

  /** The rule {@code body} describes, with the given id; throws a 400 {@link ProblemException} when invalid. */
  static AlertRule parse(UUID id, JsonObject body) {
    List<FieldError> errors = new ArrayList<>();
    String name = text(body, "name", errors);
    if (name != null && (name.isBlank() || name.length() > NAME_MAX)) {
      errors.add(new FieldError("name", "must be 1 to " + NAME_MAX + " characters"));
    }
    String profileName = text(body, "profile", errors);
    Optional<Profile> profile = profileName == null ? Optional.empty() : Profile.parse(profileName);
    if (profileName != null && profile.isEmpty()) {
      errors.add(new FieldError("profile", DeviceRef.profileRule()));
    }
    String serial = text(body, "serial", errors);
    if (serial != null && !DeviceRef.isIdentifier(serial)) {
      errors.add(new FieldError("serial", DeviceRef.IDENTIFIER_RULE));
    }
    String connectorId = optionalText(body, "connectorId", DevicesContract.ORIGIN, errors);
    if (connectorId != null && !DeviceRef.isIdentifier(connectorId)) {
      errors.add(new FieldError("connectorId", DeviceRef.IDENTIFIER_RULE));
    }
    String ifaceName = text(body, "interface", errors);
    Optional<SensorInterface> iface = ifaceName == null ? Optional.empty() : InterfaceCatalog.byName(ifaceName);
    if (ifaceName != null && iface.isEmpty()) {
      errors.add(new FieldError("interface", InterfaceNames.unknown(List.of(ifaceName))));
    }
    String conditionName = text(body, "condition", errors);
    Optional<Condition> condition = conditionName == null ? Optional.empty() : Condition.parse(conditionName);
    if (conditionName != null && condition.isEmpty()) {
      errors.add(new FieldError("condition", "must be one of below, above, silent"));
    }
    Double threshold = threshold(body, condition.orElse(null), errors);
    Duration holdFor = holdFor(body, errors);
    boolean email = flag(body, "email", false, errors);
    boolean enabled = flag(body, "enabled", true, errors);
    if (!errors.isEmpty()) {
      throw new ProblemException(Problem.invalid(errors));
    }
    return new AlertRule(id, name, new DeviceRef(profile.get(), serial), connectorId, iface.get(), condition.get(),
        threshold, holdFor, email, enabled);
  }

  private static String text(JsonObject body, String field, List<FieldError> errors) {
    Object value = body.getValue(field);
    if (value == null) {
      errors.add(new FieldError(field, "is required"));
      return null;
    }
    if (!(value instanceof String text)) {
      errors.add(new FieldError(field, "must be a string"));
      return null;
    }
    return text;
  }

  private static String optionalText(JsonObject body, String field, String absent, List<FieldError> errors) {
    return body.getValue(field) == null ? absent : text(body, field, errors);
  }

  private static Double threshold(JsonObject body, Condition condition, List<FieldError> errors) {
    Object value = body.getValue("threshold");
    if (condition == Condition.SILENT) {
      if (value != null) {
        errors.add(new FieldError("threshold", "must be absent for a silent rule"));
      }
      return null;
    }
    if (value == null) {
      if (condition != null) {
        errors.add(new FieldError("threshold", "is required for a " + condition.value() + " rule"));
      }
      return null;
    }
    if (!(value instanceof Number number) || !Double.isFinite(number.doubleValue())) {
      errors.add(new FieldError("threshold", "must be a number"));
      return null;
    }
    return number.doubleValue();
  }

  private static Duration holdFor(JsonObject body, List<FieldError> errors) {
    Object value = body.getValue("for");
    if (value == null) {
      return Duration.ZERO;
    }
    try {
      Duration duration = value instanceof String text ? Duration.parse(text) : null;
      if (duration != null && !duration.isNegative() && duration.compareTo(FOR_MAX) <= 0) {
        return duration;
      }
    } catch (DateTimeParseException e) {
      // Answered below.
    }
    errors.add(new FieldError("for", "must be an ISO-8601 duration from PT0S to P366D, such as PT30M"));
    return Duration.ZERO;
  }

  private static boolean flag(JsonObject body, String field, boolean absent, List<FieldError> errors) {
    Object value = body.getValue(field);
    if (value == null) {
      return absent;
    }
    if (value instanceof Boolean flag) {
      return flag;
    }
    errors.add(new FieldError(field, "must be true or false"));
    return absent;
  }
}
