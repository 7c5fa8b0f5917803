package org.fieldreadings.sta;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.fieldreadings.sta.model.EntitySet;
import org.fieldreadings.sta.model.EntitySet.Navigation;
import org.fieldreadings.sta.model.Scope;
import org.fieldreadings.sta.model.StaEntity;
import org.fieldreadings.sta.request.Options;
import org.fieldreadings.sta.request.Options.Expand;
import org.fieldreadings.sta.request.StaException;
import org.fieldreadings.sta.store.Page;
import org.fieldreadings.sta.store.Paging;
import org.fieldreadings.sta.store.StaStore;

/**
 * Reads what one answer shows: a page or an entity and the entities its {@code $expand}s show inline, a few reads
 * at a time and at most {@link #MAX_ENTITIES} in all. One reader serves one request, on its event loop.
 */
final class AnswerReader {

  /** Entities one answer may hold, expansions included: nested {@code $expand}s multiply what one request reads. */
  static final int MAX_ENTITIES = 100_000;
  /** Reads of expansions one request has under way at once: a page of 10,000 Things does not queue 10,000 queries. */
  private static final int EXPANSIONS_AT_ONCE = 8;

  private final StaStore store;
  /** Entities read so far, expansions waiting for a turn and those under way (on the request's event loop only). */
  private int read;
  private final Deque<Runnable> waiting = new ArrayDeque<>();
  private int underWay;

  AnswerReader(StaStore store) {
    this.store = store;
  }

  /** A page of the set within the scope, as the options ask. */
  Future<Page> page(EntitySet set, Scope scope, Options options) {
    return counted(store.page(set, scope, paging(set, options)));
  }

  Future<List<Node>> nodes(List<StaEntity> entities, Options options) {
    if (options.expand().isEmpty()) {
      // Nothing to wait for: a page of 10,000 Observations is read without a future each.
      return Future.succeededFuture(entities.stream().map(entity -> new Node(entity, options, Map.of())).toList());
    }
    List<Future<Node>> read = entities.stream().map(entity -> node(entity, options)).toList();
    return Future.all(read).map(all -> read.stream().map(Future::result).toList());
  }

  Future<Node> node(StaEntity entity, Options options) {
    Map<String, Future<Object>> expanded = new LinkedHashMap<>();
    for (Expand expand : options.expand()) {
      expanded.put(expand.path().get(0), expand(entity, expand));
    }
    return Future.all(new ArrayList<>(expanded.values())).map(done -> {
      Map<String, Object> inline = new LinkedHashMap<>();
      expanded.forEach((name, value) -> inline.put(name, value.result()));
      return new Node(entity, options, inline);
    });
  }

  /** The entities one navigation of {@code entity} leads to, each read with the expansion's own options. */
  private Future<Object> expand(StaEntity entity, Expand expand) {
    Navigation navigation = entity.set().navigation(expand.path().get(0)).orElseThrow();
    Options options = expand.path().size() == 1 ? expand.options()
        : new Options(Options.DEFAULT_TOP, 0, false, null,
            List.of(new Expand(expand.path().subList(1, expand.path().size()), expand.options())), List.of(), null);
    Scope scope = entity.links().get(navigation.name());
    Paging paging = navigation.single() ? Paging.first(1) : paging(navigation.target(), options);
    return inTurn(() -> counted(store.page(navigation.target(), scope, paging))).compose(page -> {
      if (!navigation.single()) {
        return nodes(page.entities(), options).map(nodes -> nodes);
      }
      return page.entities().isEmpty() ? Future.succeededFuture(null)
          : node(page.entities().get(0), options).map(o -> o);
    });
  }

  /** The page, counted against {@link #MAX_ENTITIES}. */
  private Future<Page> counted(Future<Page> page) {
    return page.map(read -> {
      this.read += read.entities().size();
      if (this.read > MAX_ENTITIES) {
        throw tooLargeAnswer();
      }
      return read;
    });
  }

  private static StaException tooLargeAnswer() {
    return StaException.badRequest("This answer would hold more than " + MAX_ENTITIES + " entities with its "
        + "expansions: ask for fewer ($top) or expand less");
  }

  /** Starts the read when fewer than {@link #EXPANSIONS_AT_ONCE} are under way, else when one of them ends. */
  private <T> Future<T> inTurn(Supplier<Future<T>> read) {
    Promise<T> done = Promise.promise();
    Runnable start = () -> {
      underWay++;
      Future<T> started;
      try {
        // Once the answer is too large, what still waits is not read.
        started = this.read > MAX_ENTITIES ? Future.failedFuture(tooLargeAnswer()) : read.get();
      } catch (RuntimeException e) {
        started = Future.failedFuture(e);
      }
      started.onComplete(result -> {
        underWay--;
        Runnable next = waiting.poll();
        if (next != null) {
          next.run();
        }
        done.handle(result);
      });
    };
    if (underWay < EXPANSIONS_AT_ONCE) {
      start.run();
    } else {
      waiting.add(start);
    }
    return done.future();
  }

  private static Paging paging(EntitySet set, Options options) {
    return new Paging(options.skip(), options.top(), options.count(), Checks.newestFirst(set, options),
        Checks.order(set, options), options.filter());
  }
}
