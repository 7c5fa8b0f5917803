package org.fieldreadings.sta;

import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.fieldreadings.core.bus.BusFailure;
import org.fieldreadings.core.config.ConfigKeys;
import org.fieldreadings.core.http.ApiKeyAuth;
import org.fieldreadings.core.http.EdgeContext;
import org.fieldreadings.core.http.ProblemException;
import org.fieldreadings.core.http.ResponseText;
import org.fieldreadings.core.odata.FilterException;
import org.fieldreadings.sta.store.OwnedDatastreams;
import org.fieldreadings.sta.store.Paging;
import org.fieldreadings.sta.store.StaStore;
import org.fieldreadings.sta.model.EntitySet;
import org.fieldreadings.sta.model.EntitySet.Navigation;
import org.fieldreadings.sta.model.Scope;
import org.fieldreadings.sta.model.StaEntity;
import org.fieldreadings.sta.request.Options;
import org.fieldreadings.sta.request.ResourcePath;
import org.fieldreadings.sta.request.ResourcePath.Segment;
import org.fieldreadings.sta.request.StaException;

/** Answers a GET under the service root: resolves the resource path, then writes the entities it names. */
final class StaHandler implements Handler<RoutingContext> {

  private static final String JSON = "application/json";
  private static final List<String> CONFORMANCE = List.of(
      "http://www.opengis.net/spec/iot_sensing/1.1/req/datamodel",
      "http://www.opengis.net/spec/iot_sensing/1.1/req/resource-path/resource-path-to-entities",
      "http://www.opengis.net/spec/iot_sensing/1.1/req/request-data");

  private final EdgeContext edge;
  private final String publicUrl;
  private final OwnedDatastreams owned = new OwnedDatastreams();

  StaHandler(EdgeContext edge) {
    this.edge = edge;
    this.publicUrl = ConfigKeys.HTTP_PUBLIC_URL.get(edge.config());
  }

  @Override
  public void handle(RoutingContext ctx) {
    String base = (publicUrl != null ? publicUrl.replaceAll("/+$", "")
        : ctx.request().scheme() + "://" + ctx.request().authority()) + "/api";
    String root = base + SensorThings.ROOT;
    String rest = resourcePath(ctx.request().path());
    try {
      if (rest == null || rest.isEmpty()) {
        send(ctx, json(serviceRoot(root)));
        return;
      }
      Map<String, String> query = query(ctx.request().query());
      ResourcePath path = ResourcePath.parse(rest);
      Options options = Options.parse(query);
      StaStore store = new StaStore(edge.vertx().eventBus(), owned, ApiKeyAuth.entityId(ctx), base + "/docs");
      StaWriter writer = new StaWriter(root, new AnswerReader(store));
      answer(path, options, store, writer, root + "/" + rest, query)
          .onSuccess(body -> send(ctx, body))
          .onFailure(error -> fail(ctx, error));
    } catch (StaException e) {
      fail(ctx, e);
    }
  }

  /**
   * The query's options, split at {@code &} only: {@code ;} separates the options of an {@code $expand}, where the
   * usual query decoder would split too.
   */
  private static Map<String, String> query(String query) {
    Map<String, String> options = new LinkedHashMap<>();
    if (query != null && !query.isEmpty()) {
      for (String pair : query.split("&")) {
        int equals = pair.indexOf('=');
        String name = decode(equals < 0 ? pair : pair.substring(0, equals));
        if (options.containsKey(name)) {
          throw StaException.badRequest("The query option " + name + " is given twice");
        }
        options.put(name, equals < 0 ? "" : decode(pair.substring(equals + 1)));
      }
    }
    return options;
  }

  private static String decode(String text) {
    try {
      return URLDecoder.decode(text, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw StaException.badRequest("Malformed percent-encoding in the query: " + text);
    }
  }

  /** The path under the service root, without its leading slash, percent-decoded ({@code Things%281%29}). */
  private static String resourcePath(String path) {
    int at = path.indexOf(SensorThings.ROOT);
    String rest = path.substring(at + SensorThings.ROOT.length()).replaceFirst("^/", "");
    return decode(rest.replace("+", "%2B"));
  }

  private static JsonObject serviceRoot(String root) {
    JsonArray sets = new JsonArray();
    for (EntitySet set : EntitySet.values()) {
      sets.add(new JsonObject().put("name", set.plural()).put("url", root + "/" + set.plural()));
    }
    return new JsonObject().put("serverSettings", new JsonObject().put("conformance", new JsonArray(CONFORMANCE)))
        .put("value", sets);
  }

  /** What the path names, followed step by step: each navigation from the one entity before it. */
  private Future<Body> answer(ResourcePath path, Options options, StaStore store, StaWriter writer, String self,
      Map<String, String> query) {
    Segment first = path.segments().get(0);
    EntitySet set = EntitySet.byPlural(first.name()).orElseThrow();
    return resolve(new Target(set, Scope.ALL, first.id(), false), path.segments(), 1, store).compose(target -> {
      boolean one = target.id() != null || target.single();
      if (!one) {
        if (path.property() != null) {
          throw StaException.badRequest("A property is read from one entity, not from the set " + set.plural());
        }
        return writer.collection(target.set(), target.scope(), options, self, query, shape(path, query))
            .<Body>map(JsonBody::new);
      }
      if (Options.dataArray(query)) {
        throw StaException.badRequest("$resultFormat=dataArray is for collections of Observations, not for one "
            + "entity");
      }
      return entity(target, store).compose(entity -> {
        if (path.ref()) {
          return Future.succeededFuture(json(new JsonObject().put("@iot.selfLink", writer.selfLink(entity))));
        }
        if (path.property() != null) {
          return Future.succeededFuture(property(entity, path));
        }
        return writer.entity(entity, options).<Body>map(JsonBody::new);
      });
    });
  }

  private static StaWriter.Shape shape(ResourcePath path, Map<String, String> query) {
    boolean dataArray = Options.dataArray(query);
    if (dataArray && path.ref()) {
      throw StaException.badRequest("$resultFormat=dataArray and $ref exclude each other");
    }
    return dataArray ? StaWriter.Shape.DATA_ARRAY
        : path.ref() ? StaWriter.Shape.REFERENCES : StaWriter.Shape.ENTITIES;
  }

  /** A set and scope reached so far; {@code id} or {@code single}: one entity of it. */
  private record Target(EntitySet set, Scope scope, Long id, boolean single) {}

  private Future<Target> resolve(Target target, List<Segment> segments, int next, StaStore store) {
    if (next == segments.size()) {
      return Future.succeededFuture(target);
    }
    Segment segment = segments.get(next);
    Navigation navigation = target.set().navigation(segment.name()).orElseThrow(() -> StaException.notFound(
        target.set().singular() + " has no navigation property " + segment.name()));
    if (target.id() == null && !target.single()) {
      throw StaException.notFound("Navigation is from one entity: " + target.set().plural() + " needs an id before /"
          + segment.name());
    }
    if (navigation.single() && segment.id() != null) {
      throw StaException.notFound(segment.name() + " names one entity: it takes no id");
    }
    return entity(target, store).compose(entity -> resolve(new Target(navigation.target(),
        entity.links().get(navigation.name()), segment.id(), navigation.single()), segments, next + 1, store));
  }

  private static Future<StaEntity> entity(Target target, StaStore store) {
    Future<Optional<StaEntity>> found = target.id() != null ? store.one(target.set(), target.scope(), target.id())
        : store.page(target.set(), target.scope(), Paging.first(1)).map(page -> page.entities().stream().findFirst());
    return found.map(entity -> entity.orElseThrow(() -> StaException.notFound("No such " + target.set().singular()
        + (target.id() == null ? "" : " " + target.id()))));
  }

  private static Body property(StaEntity entity, ResourcePath path) {
    String name = path.property();
    if (!entity.set().hasProperty(name)) {
      throw StaException.notFound(entity.set().singular() + " has no property " + name);
    }
    Object value = name.equals("id") ? entity.id() : entity.property(name);
    if (path.value()) {
      return new RawValue(value == null ? "" : value instanceof JsonObject json ? json.encode() : value.toString());
    }
    return json(new JsonObject().put(name.equals("id") ? "@iot.id" : name, value));
  }

  /** What an answer holds: JSON text, written when it is sent, or a property's value as text ({@code $value}). */
  private sealed interface Body permits JsonBody, RawValue {}

  private record JsonBody(JsonAnswer answer) implements Body {}

  private record RawValue(String text) implements Body {}

  private static Body json(JsonObject json) {
    return new JsonBody(JsonAnswer.whole(out -> out.value(json)));
  }

  private void send(RoutingContext ctx, Body body) {
    if (body instanceof RawValue raw) {
      ctx.response().putHeader("Content-Type", "text/plain; charset=utf-8").end(raw.text());
      return;
    }
    ResponseText text = new ResponseText(ctx.response(), JSON);
    stream(ctx, ((JsonBody) body).answer(), text, new JsonText(text.text));
  }

  /**
   * Writes the answer a slice at a time on the event loop, sending each piece as it fills and waiting while the
   * client has not taken what was sent, as the readings operation sends its rows; an answer that fits in one piece
   * goes whole, with its length.
   */
  private void stream(RoutingContext ctx, JsonAnswer answer, ResponseText text, JsonText out) {
    if (text.closed()) {
      return;
    }
    boolean more;
    try {
      more = answer.writeSome(out);
    } catch (RuntimeException e) {
      if (ctx.response().headWritten()) {
        // Part of the answer is out: the client must not take the rest for a whole answer.
        ctx.response().reset();
      } else {
        ctx.fail(e);
      }
      return;
    }
    if (more) {
      text.pause().onSuccess(v -> stream(ctx, answer, text, out));
    } else {
      text.end();
    }
  }

  /** A refusal as problem+json; so is a filter a module could not take (its reason is the client's to read). */
  private static void fail(RoutingContext ctx, Throwable error) {
    if (error instanceof StaException sta) {
      ctx.fail(ProblemException.of(sta.status(), sta.getMessage()));
    } else if (error instanceof FilterException filter) {
      ctx.fail(ProblemException.of(400, filter.getMessage()));
    } else if (error instanceof ReplyException reply && reply.failureCode() == BusFailure.BAD_REQUEST) {
      ctx.fail(ProblemException.of(400, reply.getMessage()));
    } else {
      ctx.fail(error);
    }
  }

  /** Percent-encodes for a query, leaving the characters options are written with readable. */
  static String encode(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20").replace("%24", "$")
        .replace("%28", "(").replace("%29", ")").replace("%2C", ",").replace("%27", "'").replace("%2F", "/")
        .replace("%3A", ":");
  }
}
