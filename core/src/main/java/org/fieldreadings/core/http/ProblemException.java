package org.fieldreadings.core.http;

import java.util.Map;

/**
 * A failure that already knows the problem to answer; route handlers pass it to {@code ctx.fail(...)}.
 * Extra response headers (e.g. {@code Retry-After}) travel with it.
 */
public final class ProblemException extends RuntimeException {

  private final Problem problem;
  private final Map<String, String> headers;

  public ProblemException(Problem problem) {
    this(problem, Map.of());
  }

  public ProblemException(Problem problem, Map<String, String> headers) {
    super(problem.detail(), null, false, false);
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
