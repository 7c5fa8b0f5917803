package org.fieldreadings.devices;

import java.util.ArrayList;
import java.util.List;
import org.fieldreadings.core.http.FieldError;
import org.fieldreadings.core.http.Problem;
import org.fieldreadings.core.http.ProblemException;

/**
 * The invalid parameters found while reading one request, so that a client learns about all of them at once.
 * The same readers serve HTTP requests and event-bus messages; {@link DevicesVerticle} turns the problem into a
 * {@code BAD_REQUEST} failure.
 */
final class Validation {

  private final List<FieldError> errors = new ArrayList<>();

  void add(String parameter, String message) {
    errors.add(new FieldError(parameter, message));
  }

  /** The live list, for readers that take one (e.g. {@code DeviceRef.profile}). */
  List<FieldError> errors() {
    return errors;
  }

  /** Throws the collected errors as a 400 {@link ProblemException}, if there are any. */
  void throwIfInvalid() {
    if (!errors.isEmpty()) {
      throw new ProblemException(Problem.invalid(errors));
    }
  }
}
