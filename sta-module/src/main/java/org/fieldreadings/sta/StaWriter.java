package org.fieldreadings.sta;

import io.vertx.core.Future;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.stream.IntStream;
import org.fieldreadings.sta.model.EntitySet;
import org.fieldreadings.sta.model.EntitySet.Navigation;
import org.fieldreadings.sta.model.Scope;
import org.fieldreadings.sta.model.StaEntity;
import org.fieldreadings.sta.request.Options;
import org.fieldreadings.sta.store.Observations;
import org.fieldreadings.sta.store.Page;

/**
 * Writes entities as SensorThings JSON: {@code @iot.id}, {@code @iot.selfLink}, the properties and the navigation
 * links, as {@code $select} and {@code $expand} ask; collections with {@code @iot.count} and {@code @iot.nextLink}.
 * The {@link AnswerReader} reads what an answer shows first (expansions too); then it is written as text in one pass.
 */
final class StaWriter {

  private final String root;
  private final AnswerReader reader;
  /** Each set's self links up to the id, escaped for JSON: {@code "https://host/api/sta/v1.1/Things(}. */
  private final Map<EntitySet, String> linkPrefixes = new EnumMap<>(EntitySet.class);

  StaWriter(String root, AnswerReader reader) {
    this.root = root;
    this.reader = reader;
    for (EntitySet set : EntitySet.values()) {
      linkPrefixes.put(set, JsonText.escaped(root + "/" + set.plural() + "("));
    }
  }

  /** What {@code $select} shows of a set's entities: the id or not, properties (by position), navigations. */
  private record Shown(boolean id, int[] properties, List<String> navigations) {

    static Shown of(EntitySet set, List<String> select) {
      List<String> all = set.properties();
      return new Shown(select == null || select.contains("id"),
          IntStream.range(0, all.size()).filter(p -> select == null || select.contains(all.get(p))).toArray(),
          set.navigations().stream().map(Navigation::name).filter(n -> select == null || select.contains(n))
              .toList());
    }
  }

  /** The last set and options written, and what they show: worked out once for a page, not for each entity. */
  private EntitySet shownSet;
  private Options shownOptions;
  private Shown shown;

  String selfLink(StaEntity entity) {
    return root + "/" + entity.set().plural() + "(" + entity.id() + ")";
  }

  /** How a collection is written. */
  enum Shape {
    /** The entities, as {@code $select} and {@code $expand} ask. */
    ENTITIES,
    /** Their self links only ({@code $ref}). */
    REFERENCES,
    /** Observations as the Data Array extension writes them ({@code $resultFormat=dataArray}). */
    DATA_ARRAY
  }

  /**
   * A page of the set within the scope, as {@code {"@iot.count", "value", "@iot.nextLink"}}, its entities written in
   * the shape asked for. {@code self} and {@code query}: the request, for the next link.
   */
  Future<JsonAnswer> collection(EntitySet set, Scope scope, Options options, String self,
      Map<String, String> query, Shape shape) {
    Checks.options(set, options);
    List<String> components = shape == Shape.DATA_ARRAY ? Checks.components(set, options) : null;
    return reader.page(set, scope, options).compose(page -> {
      String next = nextLink(page, set, scope, options, self, query);
      List<StaEntity> entities = page.entities();
      if (shape == Shape.REFERENCES) {
        String prefix = linkPrefixes.get(set);
        return Future.succeededFuture(JsonAnswer.collection(page.count(), entities.size(), (out, i) -> out
            .beginObject().name("@iot.selfLink").link(prefix, entities.get(i).id(), ")").endObject(), next));
      }
      if (shape == Shape.DATA_ARRAY) {
        // Collections of Observations are always read as columns.
        return Future.succeededFuture(DataArrayAnswer.of(page.count(), (Observations) entities, components,
            linkPrefixes.get(EntitySet.DATASTREAMS), next));
      }
      if (options.expand().isEmpty() && entities instanceof Observations observations) {
        // Written straight from the readings' columns: no entity for each of 10,000 readings.
        Shown fields = Shown.of(set, options.select());
        ObservationText text = ObservationText.objects(linkPrefixes.get(set), fields.id(),
            Arrays.stream(fields.properties()).mapToObj(set.properties()::get).toList(), fields.navigations());
        return Future.succeededFuture(JsonAnswer.collection(page.count(), observations.size(),
            (out, i) -> text.write(out.valueText(), observations.id(i), observations.time(i),
                observations.value(i)), next));
      }
      return reader.nodes(entities, options).map(nodes -> JsonAnswer.collection(page.count(), nodes.size(),
          (IntFunction<JsonAnswer>) i -> new NodeText(this::head, nodes.get(i)), next));
    });
  }

  Future<JsonAnswer> entity(StaEntity entity, Options options) {
    Checks.options(entity.set(), options);
    return reader.node(entity, options).map(node -> new NodeText(this::head, node));
  }

  /**
   * Opens the entity's object with its id, self link, properties and navigation links that {@code $select} asks for;
   * its expansions follow ({@link NodeText}).
   */
  private void head(JsonText out, Node node) {
    StaEntity entity = node.entity();
    if (entity.set() != shownSet || node.options() != shownOptions) {
      shownSet = entity.set();
      shownOptions = node.options();
      shown = Shown.of(shownSet, shownOptions.select());
    }
    Shown fields = shown;
    String prefix = linkPrefixes.get(entity.set());
    begin(out, prefix, entity.id(), fields);
    for (int property : fields.properties()) {
      out.name(entity.set().properties().get(property)).value(entity.values()[property]);
    }
    links(out, prefix, entity.id(), fields);
  }

  /** Opens an entity's object with its self link and id, if shown. */
  private static void begin(JsonText out, String prefix, long id, Shown fields) {
    out.beginObject();
    if (fields.id()) {
      out.name("@iot.selfLink").link(prefix, id, ")").name("@iot.id").number(id);
    }
  }

  /** An entity's navigation links that are shown. */
  private static void links(JsonText out, String prefix, long id, Shown fields) {
    for (String navigation : fields.navigations()) {
      out.navigationLink(prefix, id, navigation);
    }
  }

  /**
   * The request again past this page, or null on the last page: for one Datastream's Observations, from after the
   * page's last reading (so each page reads only its own blocks, however deep), otherwise with {@code $skip}.
   */
  private static String nextLink(Page page, EntitySet set, Scope scope, Options options, String self,
      Map<String, String> query) {
    if (!page.more() || options.top() == 0) {
      // $top=0 asks for no entity (a count alone): a next link would ask the same again.
      return null;
    }
    Map<String, String> next = new LinkedHashMap<>(query);
    next.putIfAbsent("$top", Integer.toString(options.top()));
    if (set == EntitySet.OBSERVATIONS && scope.ids() == null && scope.seriesIds() != null
        && scope.seriesIds().size() == 1) {
      Object last = page.entities().get(page.entities().size() - 1).property("phenomenonTime");
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
