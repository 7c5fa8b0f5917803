package org.fieldreadings.app.server;

import io.vertx.core.buffer.Buffer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** Reads a resource of the application's class path, failing at start-up rather than on a request when it is absent. */
final class ClasspathResource {

  private ClasspathResource() {}

  static Buffer read(String name) {
    try (InputStream in = ClasspathResource.class.getClassLoader().getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("resource " + name + " is missing from the class path");
      }
      return Buffer.buffer(in.readAllBytes());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read resource " + name, e);
    }
  }
}
