package org.fieldreadings.sta.request;

/** A {@code $filter} condition. */
public record Filter(String text) {

  static Filter parse(String text) {
    throw StaException.badRequest("$filter is not supported yet");
  }
}
