package org.fieldreadings.devices;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.function.Function;
import org.fieldreadings.core.bus.DeviceRef;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A JSON array of devices answered a page at a time, pages keyed by the last device of the one before: the next page
 * is asked for only once the previous one is written, so memory stays bounded however many devices there are. The
 * first page is read before the answer starts, so a failure then is a problem; a failure later cuts the connection
 * rather than end a truncated array that looks whole.
 */
final class PagedArray {

  private static final Logger LOG = LoggerFactory.getLogger(PagedArray.class);

  /** A page's elements and the device the next page starts after (null: this page is the last). */
  record Page(List<JsonObject> elements, DeviceRef next) {

    /** A page of {@code devices} asked with {@code limit}: a full page may have a next one. */
    static <T> Page of(List<T> devices, int limit, Function<T, DeviceRef> ref, Function<T, JsonObject> element) {
      return new Page(devices.stream().map(element).toList(),
          devices.size() < limit ? null : ref.apply(devices.get(devices.size() - 1)));
    }
  }

  private PagedArray() {}

  /** Answers {@code ctx} with every page, starting from {@code pages.apply(null)}. */
  static void answer(RoutingContext ctx, Function<DeviceRef, Future<Page>> pages) {
    pages.apply(null)
        .onSuccess(first -> {
          HttpServerResponse response = ctx.response().setChunked(true)
              .putHeader(HttpHeaders.CONTENT_TYPE, "application/json");
          Promise<Void> written = Promise.promise();
          response.write("[").onFailure(written::fail).onSuccess(v -> write(response, pages, first, true, written));
          written.future()
              .compose(v -> response.end("]"))
              .onFailure(error -> {
                LOG.warn("{} cut after its first page: {}", ctx.request().path(), error.getMessage());
                response.reset();
              });
        })
        .onFailure(ctx::fail);
  }

  /**
   * Writes {@code page}, then asks for and writes the next, and completes {@code written} after the last. Each step
   * is a callback that returns, not a future composed on the next step's, so no chain of futures holds on to the
   * pages already written.
   */
  private static void write(HttpServerResponse response, Function<DeviceRef, Future<Page>> pages, Page page,
      boolean first, Promise<Void> written) {
    Buffer chunk = Buffer.buffer();
    for (int i = 0; i < page.elements().size(); i++) {
      if (!first || i > 0) {
        chunk.appendString(",");
      }
      chunk.appendString(page.elements().get(i).encode());
    }
    boolean none = first && page.elements().isEmpty();
    DeviceRef next = page.next();
    response.write(chunk).onFailure(written::fail).onSuccess(v -> {
      if (next == null) {
        written.complete();
      } else {
        pages.apply(next).onFailure(written::fail).onSuccess(following -> write(response, pages, following, none,
            written));
      }
    });
  }
}
