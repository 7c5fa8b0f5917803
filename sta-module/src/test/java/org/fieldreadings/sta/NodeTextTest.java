package org.fieldreadings.sta;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.fieldreadings.core.http.ResponseText;
import org.fieldreadings.sta.model.EntitySet;
import org.fieldreadings.sta.model.StaEntity;
import org.fieldreadings.sta.request.Options;
import org.junit.jupiter.api.Test;

class NodeTextTest {

  /** A Thing with three Datastreams of 2,000 Observations each, a Location and no HistoricalLocation. */
  private static Node thing() {
    Map<String, Object> inline = new LinkedHashMap<>();
    inline.put("Datastreams", IntStream.range(0, 3).mapToObj(d -> node(EntitySet.DATASTREAMS, d, Map.of(
        "Observations", IntStream.range(0, 2_000).mapToObj(o -> node(EntitySet.OBSERVATIONS, d * 10_000 + o,
            Map.of())).toList()))).toList());
    inline.put("Locations", List.of(node(EntitySet.LOCATIONS, 7, Map.of())));
    inline.put("HistoricalLocation", null);
    return node(EntitySet.THINGS, 1, inline);
  }

  private static Node node(EntitySet set, long id, Map<String, Object> inline) {
    return new Node(new StaEntity(set, id, new Object[set.properties().size()], Map.of()), Options.DEFAULT, inline);
  }

  /** Writes each entity's id only; the tree's shape is NodeText's. */
  private static void head(JsonText out, Node node) {
    out.beginObject().name("@iot.id").number(node.entity().id());
  }

  @Test
  void anEntityWithLargeExpansionsIsWrittenInSlicesOfAboutAPiece() {
    StringBuilder slice = new StringBuilder();
    JsonText out = new JsonText(slice);
    NodeText text = new NodeText(NodeTextTest::head, thing());
    List<String> slices = new ArrayList<>();
    boolean more = true;
    while (more) {
      more = text.writeSome(out);
      slices.add(slice.toString());
      slice.setLength(0);
    }
    assertThat(slices.size()).isGreaterThan(3);
    assertThat(slices).allSatisfy(written -> assertThat(written.length()).isLessThan(ResponseText.PIECE + 100));
    JsonObject thing = new JsonObject(String.join("", slices));
    assertThat(thing.fieldNames()).containsExactly("@iot.id", "Datastreams", "Locations", "HistoricalLocation");
    JsonArray datastreams = thing.getJsonArray("Datastreams");
    assertThat(datastreams).hasSize(3);
    assertThat(datastreams.getJsonObject(2).getJsonArray("Observations")).hasSize(2_000);
    assertThat(datastreams.getJsonObject(2).getJsonArray("Observations").getJsonObject(1999).getLong("@iot.id"))
        .isEqualTo(21_999);
    assertThat(thing.getJsonArray("Locations").getJsonObject(0)).isEqualTo(new JsonObject().put("@iot.id", 7));
    assertThat(thing.getValue("HistoricalLocation")).isNull();
  }

  @Test
  void aCollectionOfSuchEntitiesContinuesInsideTheEntityTheLastSliceEndedIn() {
    StringBuilder slice = new StringBuilder();
    JsonText out = new JsonText(slice);
    List<Node> things = List.of(thing(), thing());
    JsonAnswer answer = JsonAnswer.collection(2L, 2, i -> new NodeText(NodeTextTest::head, things.get(i)), null);
    StringBuilder all = new StringBuilder();
    int slices = 0;
    boolean more = true;
    while (more) {
      more = answer.writeSome(out);
      all.append(slice);
      slice.setLength(0);
      slices++;
    }
    assertThat(slices).isGreaterThan(6);
    JsonObject page = new JsonObject(all.toString());
    assertThat(page.getLong("@iot.count")).isEqualTo(2);
    assertThat(page.getJsonArray("value")).hasSize(2);
    assertThat(page.getJsonArray("value").getJsonObject(1).getJsonArray("Datastreams").getJsonObject(0)
        .getJsonArray("Observations")).hasSize(2_000);
  }
}
