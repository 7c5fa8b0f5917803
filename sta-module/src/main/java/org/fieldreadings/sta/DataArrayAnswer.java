package org.fieldreadings.sta;

import java.util.List;
import org.fieldreadings.core.http.ResponseText;
import org.fieldreadings.sta.store.Observations;

/**
 * A page of Observations as the Data Array extension writes them ({@code $resultFormat=dataArray}): in
 * {@code value}, one object per Datastream with its navigation link, the {@code components} and
 * {@code dataArray@iot.count}, and a row of those components per Observation, about a third of the text of the
 * same Observations written as entities. Written a slice at a time, as {@link JsonAnswer#collection} is.
 */
final class DataArrayAnswer implements JsonAnswer {

  private final Long count;
  private final Observations observations;
  private final List<String> components;
  private final ObservationText rows;
  /** The Datastreams' self links up to the id, escaped for JSON. */
  private final String datastreamPrefix;
  private final String nextLink;
  /** The next Observation to write, -1 before the answer opens. */
  private int next = -1;
  /** Where the run of the current Datastream's Observations ends. */
  private int runEnd;

  DataArrayAnswer(Long count, Observations observations, List<String> components, String datastreamPrefix,
      String nextLink) {
    this.count = count;
    this.observations = observations;
    this.components = components;
    this.rows = ObservationText.rows(components);
    this.datastreamPrefix = datastreamPrefix;
    this.nextLink = nextLink;
  }

  @Override
  public boolean writeSome(JsonText out) {
    if (next < 0) {
      out.beginObject();
      if (count != null) {
        out.name("@iot.count").number(count);
      }
      out.name("value").beginArray();
      next = 0;
    }
    int size = observations.size();
    while (next < size && out.length() < ResponseText.PIECE) {
      if (next == runEnd) {
        if (next > 0) {
          out.endArray().endObject();
        }
        runEnd = observations.runEnd(next);
        out.beginObject().name("Datastream@iot.navigationLink")
            .link(datastreamPrefix, observations.datastreamId(next), ")").name("components").beginArray();
        components.forEach(out::string);
        out.endArray().name("dataArray@iot.count").number(runEnd - next).name("dataArray").beginArray();
      }
      rows.write(out.valueText(), observations.id(next), observations.time(next), observations.value(next));
      next++;
    }
    if (next < size) {
      return true;
    }
    if (size > 0) {
      out.endArray().endObject();
    }
    out.endArray();
    if (nextLink != null) {
      out.name("@iot.nextLink").string(nextLink);
    }
    out.endObject();
    return false;
  }
}
