package org.fieldreadings.push.alert;

import static org.assertj.core.api.Assertions.assertThat;

import org.fieldreadings.push.alert.AlertJudge.Judged;
import org.fieldreadings.push.alert.AlertJudge.Transition;
import org.junit.jupiter.api.Test;

class AlertJudgeTest {

  private static final AlertState FRESH = new AlertState(null, null, false);

  @Test
  void belowTriggersAtTheFirstReadingUnderTheThresholdAndResolvesAtTheFirstNotUnder() {
    Judged judged = AlertJudge.judge(Condition.BELOW, 0.5, 0, FRESH, new long[] {1, 2, 3, 4},
        new double[] {1.0, 0.3, 0.2, 0.5});
    assertThat(judged.transitions()).containsExactly(new Transition(AlertEvent.TRIGGERED, 2, 0.3),
        new Transition(AlertEvent.RESOLVED, 4, 0.5));
    assertThat(judged.state()).isEqualTo(new AlertState(4L, null, false));
  }

  @Test
  void aboveMustHoldForItsDurationOnReadingTimestamps() {
    Judged judged = AlertJudge.judge(Condition.ABOVE, 30.0, 60, FRESH, new long[] {0, 30, 59, 60, 90},
        new double[] {31, 32, 33, 34, 35});
    assertThat(judged.transitions()).containsExactly(new Transition(AlertEvent.TRIGGERED, 60, 34.0));
    assertThat(judged.state()).isEqualTo(new AlertState(90L, 0L, true));
  }

  @Test
  void aBreakInTheConditionStartsItsDurationAgain() {
    Judged judged = AlertJudge.judge(Condition.ABOVE, 30.0, 60, FRESH, new long[] {0, 50, 70, 120, 125},
        new double[] {31, 29, 31, 31, 31});
    assertThat(judged.transitions()).isEmpty();
    assertThat(judged.state()).isEqualTo(new AlertState(125L, 70L, false));
  }

  @Test
  void readingsAtOrBeforeTheNewestJudgedChangeNothing() {
    AlertState judgedUpTo = new AlertState(100L, null, false);
    Judged judged = AlertJudge.judge(Condition.BELOW, 0.5, 0, judgedUpTo, new long[] {50, 100},
        new double[] {0.1, 0.1});
    assertThat(judged.transitions()).isEmpty();
    assertThat(judged.state()).isEqualTo(judgedUpTo);
  }

  @Test
  void theStateCarriesOverFromOneJudgementToTheNext() {
    Judged first = AlertJudge.judge(Condition.BELOW, 0.5, 10, FRESH, new long[] {0, 5}, new double[] {0.1, 0.2});
    assertThat(first.transitions()).isEmpty();
    Judged second = AlertJudge.judge(Condition.BELOW, 0.5, 10, first.state(), new long[] {5, 10},
        new double[] {0.2, 0.3});
    assertThat(second.transitions()).containsExactly(new Transition(AlertEvent.TRIGGERED, 10, 0.3));
  }

  @Test
  void aSilentRuleIsResolvedByTheFirstNewReadingAndOnlyWhenTriggered() {
    Judged quiet = AlertJudge.judge(Condition.SILENT, null, 1000, new AlertState(5L, null, false),
        new long[] {6}, new double[] {1});
    assertThat(quiet.transitions()).isEmpty();
    Judged resolved = AlertJudge.judge(Condition.SILENT, null, 1000, new AlertState(5L, null, true),
        new long[] {4, 7, 8}, new double[] {1, 2, 3});
    assertThat(resolved.transitions()).containsExactly(new Transition(AlertEvent.RESOLVED, 7, 2.0));
    assertThat(resolved.state()).isEqualTo(new AlertState(8L, null, false));
  }
}
