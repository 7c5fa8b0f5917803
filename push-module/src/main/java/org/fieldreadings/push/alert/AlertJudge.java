package org.fieldreadings.push.alert;

import java.util.ArrayList;
import java.util.List;

/**
 * Judges a rule's new readings in timestamp order: each reading newer than the newest judged may start or end the
 * rule's condition, and a transition of the rule is an event. Pure: the caller holds the rule's row lock, so each
 * transition is produced once.
 */
final class AlertJudge {

  /** A transition: {@link AlertEvent#TRIGGERED} or {@link AlertEvent#RESOLVED}, at a reading. */
  record Transition(String type, long at, Double value) {}

  /** The state after the readings, and the transitions they made, oldest first. */
  record Judged(AlertState state, List<Transition> transitions) {}

  private AlertJudge() {}

  /**
   * Judges {@code timestamps[i]}/{@code values[i]} (ascending timestamps) against a rule of {@code condition} with
   * {@code threshold} (null for silent) that must hold {@code forMillis}.
   */
  static Judged judge(Condition condition, Double threshold, long forMillis, AlertState state, long[] timestamps,
      double[] values) {
    Long judged = state.judged();
    Long holdingSince = state.holdingSince();
    boolean triggered = state.triggered();
    List<Transition> transitions = new ArrayList<>();
    for (int i = 0; i < timestamps.length; i++) {
      long at = timestamps[i];
      if (judged != null && at <= judged) {
        continue;
      }
      judged = at;
      if (condition == Condition.SILENT) {
        // Any reading ends a silence; the silence itself is judged on the clock (SilenceWatch).
        if (triggered) {
          triggered = false;
          transitions.add(new Transition(AlertEvent.RESOLVED, at, values[i]));
        }
        continue;
      }
      if (condition.holds(values[i], threshold)) {
        if (holdingSince == null) {
          holdingSince = at;
        }
        if (!triggered && at - holdingSince >= forMillis) {
          triggered = true;
          transitions.add(new Transition(AlertEvent.TRIGGERED, at, values[i]));
        }
      } else {
        holdingSince = null;
        if (triggered) {
          triggered = false;
          transitions.add(new Transition(AlertEvent.RESOLVED, at, values[i]));
        }
      }
    }
    return new Judged(new AlertState(judged, holdingSince, triggered), transitions);
  }
}
