package org.fieldreadings.readings;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;

/** The readings module's event-bus consumers. */
final class ReadingsVerticle extends VerticleBase {

  @Override
  public Future<?> start() {
    return Future.succeededFuture();
  }
}
