package org.fieldreadings.push.alert;

/**
 * Where a rule's evaluation stands.
 *
 * @param judged the newest reading timestamp judged (epoch ms), null before the first: a reading at or before it
 *     never changes the state, so backfills and old imports never fire
 * @param holdingSince the timestamp of the reading from which a below or above condition has held, null when it
 *     does not hold
 * @param triggered whether the rule is triggered now
 */
record AlertState(Long judged, Long holdingSince, boolean triggered) {}
