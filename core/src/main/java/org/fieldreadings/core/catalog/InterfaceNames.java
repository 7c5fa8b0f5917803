package org.fieldreadings.core.catalog;

import java.util.Collection;
import java.util.stream.Collectors;
import org.fieldreadings.plugin.api.InterfaceCatalog;
import org.fieldreadings.plugin.api.SensorInterface;

/** The one wording of a rejected interface name, for every request that names interfaces. */
public final class InterfaceNames {

  private InterfaceNames() {}

  /**
   * {@code unknown interface name(s): airtemp (did you mean AirTemp?), Foo; ...}: a name that differs from a catalog
   * name only in case gets that name as a hint, and the rest of the 88 names, too many for a message, are pointed to
   * in the API documentation, which clients have.
   */
  public static String unknown(Collection<String> names) {
    String listed = names.stream().map(InterfaceNames::withHint).collect(Collectors.joining(", "));
    return "unknown interface name(s): " + listed + "; names are case-sensitive, /api/docs lists them all";
  }

  private static String withHint(String name) {
    return InterfaceCatalog.all().stream().map(SensorInterface::name).filter(known -> known.equalsIgnoreCase(name))
        .findFirst().map(known -> name + " (did you mean " + known + "?)").orElse(name);
  }
}
