package org.fieldreadings.sta;

import java.util.List;
import org.fieldreadings.sta.store.Observations;

/**
 * A page of Observations as the Data Array extension writes them ({@code $resultFormat=dataArray}): in
 * {@code value}, one object per Datastream with its navigation link, the {@code components} and
 * {@code dataArray@iot.count}, and a row of those components per Observation: a sixth of the text of the same
 * Observations written as entities, a fourteenth with only phenomenonTime and result. Written a slice at a time, as
 * any collection.
 */
final class DataArrayAnswer {

  private final Observations observations;
  private final List<String> components;
  private final ObservationText rows;
  /** The Datastreams' self links up to the id, escaped for JSON. */
  private final String datastreamPrefix;
  /** Where the run of the Observations of the Datastream being written ends. */
  private int runEnd;

  private DataArrayAnswer(Observations observations, List<String> components, String datastreamPrefix) {
    this.observations = observations;
    this.components = components;
    this.rows = ObservationText.rows(components);
    this.datastreamPrefix = datastreamPrefix;
  }

  static JsonAnswer of(Long count, Observations observations, List<String> components, String datastreamPrefix,
      String nextLink) {
    DataArrayAnswer answer = new DataArrayAnswer(observations, components, datastreamPrefix);
    return JsonAnswer.collection(count, observations.size(), answer::row, answer::close, nextLink);
  }

  /** The i-th Observation's row, after the object of its Datastream if it is the first of it. */
  private void row(JsonText out, int i) {
    if (i == runEnd) {
      if (i > 0) {
        out.endArray().endObject();
      }
      runEnd = observations.runEnd(i);
      out.beginObject().name("Datastream@iot.navigationLink")
          .link(datastreamPrefix, observations.datastreamId(i), ")").name("components").beginArray();
      components.forEach(out::string);
      out.endArray().name("dataArray@iot.count").number(runEnd - i).name("dataArray").beginArray();
    }
    rows.write(out.valueText(), observations.id(i), observations.time(i), observations.value(i));
  }

  private void close(JsonText out) {
    if (observations.size() > 0) {
      out.endArray().endObject();
    }
  }
}
