package org.fieldreadings.plugin.api;

/**
 * The semantic version of this SPI. A minor version adds to it without breaking compiled plugins; a major
 * version breaks them. The host reports {@link #CURRENT} as PF4J's system version, and a plugin states which
 * versions it works with in its manifest's {@code Plugin-Requires}, normally {@link #PLUGIN_REQUIRES}. A plugin
 * whose requirement the host does not meet is loaded disabled and decodes nothing.
 */
public final class SpiVersion {

  /** The version of the SPI in this jar. */
  public static final String CURRENT = "1.2.0";

  /**
   * The {@code Plugin-Requires} of a plugin compiled against this SPI: any 1.x from 1.2.0 on, since such a plugin may
   * use what 1.2.0 added ({@link SupplierDecoder#claims()}). A plugin that uses only what 1.1.0 added (warnings,
   * {@link PluginSettings}, {@link Observation#part()}) may keep {@code ^1.1.0}, one that uses only 1.0.0
   * {@code ^1.0.0}.
   */
  public static final String PLUGIN_REQUIRES = "^1.2.0";

  private SpiVersion() {}
}
