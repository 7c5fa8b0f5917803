package org.fieldreadings.sta;

import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fieldreadings.sta.store.Page;
import org.fieldreadings.sta.store.Paging;
import org.fieldreadings.sta.store.StaStore;
import org.fieldreadings.sta.model.EntitySet;
import org.fieldreadings.sta.model.EntitySet.Navigation;
import org.fieldreadings.sta.model.Scope;
import org.fieldreadings.sta.model.StaEntity;
import org.fieldreadings.sta.request.Options;
import org.fieldreadings.sta.request.Options.Expand;

/**
 * Writes entities as SensorThings JSON: {@code @iot.id}, {@code @iot.selfLink}, the properties and the navigation
 * links, as {@code $select} and {@code $expand} ask; collections with {@code @iot.count} and {@code @iot.nextLink}.
 */
final class StaWriter {

  private final String root;
  private final StaStore store;

  StaWriter(String root, StaStore store) {
    this.root = root;
    this.store = store;
  }

  String selfLink(StaEntity entity) {
    return root + "/" + entity.set().plural() + "(" + entity.id() + ")";
  }

  /**
   * A page of the set within the scope, as {@code {"@iot.count", "value", "@iot.nextLink"}}; with {@code ref}, the
   * entities' self links only. {@code self} and {@code query}: the request, for the next link.
   */
  Future<JsonObject> collection(EntitySet set, Scope scope, Options options, String self, Map<String, String> query,
      boolean ref) {
    Checks.options(set, options);
    return store.page(set, scope, paging(set, options)).compose(page -> {
      if (ref) {
        JsonArray value = new JsonArray();
        page.entities().forEach(entity -> value.add(new JsonObject().put("@iot.selfLink", selfLink(entity))));
        return Future.succeededFuture(wrap(page, value, nextLink(page, set, scope, options, self, query)));
      }
      return entities(page.entities(), options)
          .map(value -> wrap(page, value, nextLink(page, set, scope, options, self, query)));
    });
  }

  Future<JsonObject> entity(StaEntity entity, Options options) {
    Checks.options(entity.set(), options);
    return write(entity, options);
  }

  private Future<JsonArray> entities(List<StaEntity> entities, Options options) {
    if (options.expand().isEmpty()) {
      // Nothing to wait for: a page of 10,000 Observations is written without a future each.
      JsonArray value = new JsonArray(new ArrayList<>(entities.size()));
      entities.forEach(entity -> value.add(fields(entity, options)));
      return Future.succeededFuture(value);
    }
    List<Future<JsonObject>> written = entities.stream().map(entity -> write(entity, options)).toList();
    return Future.all(written).map(all -> new JsonArray(new ArrayList<>(written.stream().map(Future::result)
        .toList())));
  }

  private Future<JsonObject> write(StaEntity entity, Options options) {
    JsonObject json = fields(entity, options);
    Map<String, Future<Object>> expanded = new LinkedHashMap<>();
    for (Expand expand : options.expand()) {
      expanded.put(expand.path().get(0), expand(entity, expand));
    }
    return Future.all(new ArrayList<>(expanded.values())).map(done -> {
      expanded.forEach((name, value) -> json.put(name, value.result()));
      return json;
    });
  }

  /** The entity's id, self link, properties and navigation links that {@code $select} asks for. */
  private JsonObject fields(StaEntity entity, Options options) {
    JsonObject json = new JsonObject(new LinkedHashMap<>(16));
    boolean all = options.select() == null;
    String self = selfLink(entity);
    if (all || options.select().contains("id")) {
      json.put("@iot.selfLink", self).put("@iot.id", entity.id());
    }
    for (String property : entity.set().properties()) {
      if (all || options.select().contains(property)) {
        json.put(property, entity.properties().getValue(property));
      }
    }
    for (Navigation navigation : entity.set().navigations()) {
      if (all || options.select().contains(navigation.name())) {
        json.put(navigation.name() + "@iot.navigationLink", self + "/" + navigation.name());
      }
    }
    return json;
  }

  /** The entities one navigation of {@code entity} leads to, each written with the expansion's own options. */
  private Future<Object> expand(StaEntity entity, Expand expand) {
    Navigation navigation = entity.set().navigation(expand.path().get(0)).orElseThrow();
    Options options = expand.path().size() == 1 ? expand.options()
        : new Options(Options.DEFAULT_TOP, 0, false, null,
            List.of(new Expand(expand.path().subList(1, expand.path().size()), expand.options())), List.of(), null);
    Scope scope = entity.links().get(navigation.name());
    if (navigation.single()) {
      return store.page(navigation.target(), scope, Paging.first(1)).compose(page -> page.entities().isEmpty()
          ? Future.succeededFuture(null) : write(page.entities().get(0), options).map(o -> o));
    }
    return store.page(navigation.target(), scope, paging(navigation.target(), options))
        .compose(page -> entities(page.entities(), options).map(value -> value));
  }

  private static Paging paging(EntitySet set, Options options) {
    return new Paging(options.skip(), options.top(), options.count(), Checks.newestFirst(set, options),
        options.filter());
  }

  private static JsonObject wrap(Page page, JsonArray value, String nextLink) {
    JsonObject json = new JsonObject();
    if (page.count() != null) {
      json.put("@iot.count", page.count());
    }
    json.put("value", value);
    if (nextLink != null) {
      json.put("@iot.nextLink", nextLink);
    }
    return json;
  }

  /**
   * The request again past this page, or null on the last page: for one Datastream's Observations, from after the
   * page's last reading (so each page reads only its own blocks, however deep), otherwise with {@code $skip}.
   */
  private static String nextLink(Page page, EntitySet set, Scope scope, Options options, String self,
      Map<String, String> query) {
    if (!page.more()) {
      return null;
    }
    Map<String, String> next = new LinkedHashMap<>(query);
    next.putIfAbsent("$top", Integer.toString(options.top()));
    if (set == EntitySet.OBSERVATIONS && scope.ids() == null && scope.seriesIds() != null
        && scope.seriesIds().size() == 1) {
      String last = page.entities().get(page.entities().size() - 1).properties().getString("phenomenonTime");
      String after = "phenomenonTime " + (Checks.newestFirst(set, options) ? "lt " : "gt ") + last;
      next.put("$filter", query.containsKey("$filter") ? "(" + query.get("$filter") + ") and " + after : after);
      next.remove("$skip");
      next.remove("$count");
    } else {
      next.put("$skip", Long.toString(options.skip() + options.top()));
    }
    StringBuilder link = new StringBuilder(self);
    char separator = '?';
    for (Map.Entry<String, String> option : next.entrySet()) {
      link.append(separator).append(StaHandler.encode(option.getKey())).append('=')
          .append(StaHandler.encode(option.getValue()));
      separator = '&';
    }
    return link.toString();
  }
}
