package org.fieldreadings.sta;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import org.fieldreadings.core.http.ResponseText;

/**
 * An entity and its expansions written a slice at a time, however deep and large: the tree is walked with a stack
 * of the objects and arrays still open, so a Thing with 100,000 expanded Observations is written in pieces, as a
 * collection is, and never in one turn of the event loop.
 */
final class NodeText implements JsonAnswer {

  /** Writes an entity's object up to its expansions: opened, with its id, self link, properties and links. */
  private final BiConsumer<JsonText, Node> head;
  /** The open objects (their expansions still to write) and arrays (their entities still to write), innermost first. */
  private final Deque<Iterator<?>> open = new ArrayDeque<>();
  private final Node root;
  private boolean started;

  NodeText(BiConsumer<JsonText, Node> head, Node root) {
    this.head = head;
    this.root = root;
  }

  @Override
  public boolean writeSome(JsonText out) {
    if (!started) {
      enter(out, root);
      started = true;
    }
    while (!open.isEmpty() && out.length() < ResponseText.PIECE) {
      step(out, open.peek());
    }
    return !open.isEmpty();
  }

  private void step(JsonText out, Iterator<?> innermost) {
    boolean expansions = innermost instanceof ExpansionsOf;
    if (!innermost.hasNext()) {
      open.pop();
      if (expansions) {
        out.endObject();
      } else {
        out.endArray();
      }
    } else if (!expansions) {
      enter(out, (Node) innermost.next());
    } else {
      Map.Entry<?, ?> expansion = (Map.Entry<?, ?>) innermost.next();
      out.name((String) expansion.getKey());
      if (expansion.getValue() instanceof Node one) {
        enter(out, one);
      } else if (expansion.getValue() instanceof List<?> many) {
        out.beginArray();
        open.push(many.iterator());
      } else {
        out.value(null);
      }
    }
  }

  /** Opens a node's object and leaves it open for its expansions. */
  private void enter(JsonText out, Node node) {
    head.accept(out, node);
    open.push(new ExpansionsOf(node));
  }

  /** A node's expansions still to write, by navigation. */
  private static final class ExpansionsOf implements Iterator<Map.Entry<String, Object>> {
    private final Iterator<Map.Entry<String, Object>> entries;

    ExpansionsOf(Node node) {
      this.entries = node.inline().entrySet().iterator();
    }

    @Override
    public boolean hasNext() {
      return entries.hasNext();
    }

    @Override
    public Map.Entry<String, Object> next() {
      return entries.next();
    }
  }
}
