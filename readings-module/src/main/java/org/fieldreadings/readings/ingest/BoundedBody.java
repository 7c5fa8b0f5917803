package org.fieldreadings.readings.ingest;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import org.fieldreadings.core.http.Problem;
import org.fieldreadings.core.http.ProblemException;

/**
 * Reads a paused request's body into memory up to a limit. A body over it fails with a 413 problem naming the limit,
 * as soon as the {@code Content-Length} announces it or, for a chunked body, as soon as the chunks exceed it.
 */
final class BoundedBody {

  private BoundedBody() {}

  static Future<Buffer> read(HttpServerRequest request, int limit) {
    String declared = request.getHeader(HttpHeaders.CONTENT_LENGTH);
    if (declared != null && Long.parseLong(declared) > limit) {
      return Future.failedFuture(tooLarge(limit));
    }
    Promise<Buffer> promise = Promise.promise();
    Buffer body = Buffer.buffer();
    request.handler(chunk -> {
      if (body.length() + chunk.length() > limit) {
        promise.tryFail(tooLarge(limit));
      } else if (!promise.future().isComplete()) {
        body.appendBuffer(chunk);
      }
    });
    request.endHandler(v -> promise.tryComplete(body));
    request.exceptionHandler(promise::tryFail);
    request.resume();
    return promise.future();
  }

  private static ProblemException tooLarge(int limit) {
    return new ProblemException(Problem.of(413,
        "The payload is over the ingest limit of " + limit + " bytes; send it in smaller parts."));
  }
}
