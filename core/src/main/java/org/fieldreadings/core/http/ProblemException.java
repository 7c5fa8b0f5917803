package org.fieldreadings.core.http;

import java.util.Map;
import org.fieldreadings.core.bus.BusFailureException;

/**
 * A failure that already knows the problem to answer; route handlers pass it to {@code ctx.fail(...)}.
 * Extra response headers (e.g. {@code Retry-After}) travel with it. Thrown in a bus consumer (request validation
 * shared by routes and messages), it fails the message as any {@link BusFailureException}: status and detail.
 */
public final class ProblemException extends BusFailureException {

  private final Problem problem;
  private final Map<String, String> headers;

  public ProblemException(Problem problem) {
    this(problem, Map.of());
  }

  public ProblemException(Problem problem, Map<String, String> headers) {
    super(problem.status(), problem.detail());
    this.problem = problem;
    this.headers = Map.copyOf(headers);
  }

  public static ProblemException of(int status, String detail) {
    return new ProblemException(Problem.of(status, detail));
  }

  public Problem problem() {
    return problem;
  }

  public Map<String, String> headers() {
    return headers;
  }
}
