package org.fieldreadings.devices;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;

/** The devices module's event-bus consumers. */
final class DevicesVerticle extends VerticleBase {

  @Override
  public Future<?> start() {
    return Future.succeededFuture();
  }
}
