package org.fieldreadings.sta.request;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fieldreadings.sta.model.EntitySet;

/**
 * The resource path of a request under the service root: an entity set, optionally one of its entities, then
 * navigation properties (each optionally with an id), and at the end a property (optionally its {@code $value}) or
 * {@code $ref}: {@code Things(1)/Datastreams}, {@code Datastreams(5)/Thing/name/$value}, {@code Things/$ref}.
 *
 * @param segments the entity set and the navigations, each with its id (null: none given)
 * @param property the property asked for, null for entities
 * @param value whether the property's raw value is asked for ({@code $value})
 * @param ref whether only the entities' links are asked for ({@code $ref})
 */
public record ResourcePath(List<Segment> segments, String property, boolean value, boolean ref) {

  /** A step of the path: {@code name} is the set's name for the first, a navigation property's after it. */
  public record Segment(String name, Long id) {}

  private static final Pattern SEGMENT = Pattern.compile("([A-Za-z]+)(?:\\((\\d{1,16})\\))?");

  /** {@code path}: what follows the service root, without its leading slash. */
  public static ResourcePath parse(String path) {
    String[] parts = path.split("/", -1);
    List<Segment> segments = new ArrayList<>();
    String property = null;
    boolean value = false;
    boolean ref = false;
    for (int i = 0; i < parts.length; i++) {
      String part = parts[i];
      if (part.equals("$ref") && i == parts.length - 1 && property == null) {
        ref = true;
      } else if (part.equals("$value") && i == parts.length - 1 && property != null) {
        value = true;
      } else if (property != null) {
        throw StaException.notFound("Nothing is under the property " + property + ": " + part);
      } else {
        Matcher matcher = SEGMENT.matcher(part);
        if (!matcher.matches()) {
          throw StaException.notFound("No such resource: " + part);
        }
        Long id = matcher.group(2) == null ? null : Long.parseLong(matcher.group(2));
        if (i > 0 && id == null && Character.isLowerCase(part.charAt(0))) {
          property = part;
        } else {
          segments.add(new Segment(matcher.group(1), id));
        }
      }
    }
    if (segments.isEmpty() || EntitySet.byPlural(segments.get(0).name()).isEmpty()) {
      throw StaException.notFound("No such entity set: " + parts[0]);
    }
    return new ResourcePath(List.copyOf(segments), property, value, ref);
  }
}
