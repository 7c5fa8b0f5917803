package org.fieldreadings.readings.write;

/** A stable sort of reading indexes by their time, on primitive arrays (no boxed index a reading). */
final class TimeOrder {

  private TimeOrder() {}

  /**
   * Sorts {@code order[from, to)}, indexes of {@code columns}, by time, equal times keeping their order; does nothing
   * to a range already in order. {@code spare} is scratch of at least {@code to} elements.
   */
  static void sort(int[] order, int from, int to, ReadingColumns columns, int[] spare) {
    if (isSorted(order, from, to, columns)) {
      return;
    }
    int middle = (from + to) >>> 1;
    sort(order, from, middle, columns, spare);
    sort(order, middle, to, columns, spare);
    System.arraycopy(order, from, spare, from, to - from);
    int left = from;
    int right = middle;
    for (int i = from; i < to; i++) {
      if (right == to || left < middle && columns.timestamp(spare[left]) <= columns.timestamp(spare[right])) {
        order[i] = spare[left++];
      } else {
        order[i] = spare[right++];
      }
    }
  }

  private static boolean isSorted(int[] order, int from, int to, ReadingColumns columns) {
    for (int i = from + 1; i < to; i++) {
      if (columns.timestamp(order[i - 1]) > columns.timestamp(order[i])) {
        return false;
      }
    }
    return true;
  }
}
