package org.fieldreadings.readings.plugins;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.fieldreadings.plugin.api.SpiVersion;
import org.pf4j.DefaultPluginManager;
import org.pf4j.InvalidPluginDescriptorException;
import org.pf4j.PluginDescriptor;
import org.pf4j.PluginDescriptorFinder;
import org.pf4j.PluginRuntimeException;
import org.pf4j.PluginWrapper;
import org.pf4j.RuntimeMode;

/**
 * PF4J's plugin manager as the {@link PluginHost} needs it: whatever a plugin jar holds, loading neither throws out
 * of start-up (PF4J lets an unparsable {@code Plugin-Requires} escape) nor drops the jar silently. A jar it cannot
 * load (no readable manifest, no {@code Plugin-Id} or {@code Plugin-Version}, a {@code Plugin-Requires} that is no
 * version constraint, {@code Plugin-Dependencies}) is kept in {@link #unloadable()} with the reason.
 */
final class GuardedPluginManager extends DefaultPluginManager {

  /** What is known of a jar that could not be loaded: its id and version if its manifest gave them, and why. */
  record Unloadable(String pluginId, String version, String reason) {}

  private final Map<Path, Unloadable> unloadable = new LinkedHashMap<>();

  GuardedPluginManager(Path pluginsDir) {
    super(pluginsDir);
    setSystemVersion(SpiVersion.CURRENT);
  }

  /** The plugin paths that could not be loaded, in the order they were tried. */
  Map<Path, Unloadable> unloadable() {
    return Collections.unmodifiableMap(unloadable);
  }

  /**
   * Whether the operator turned the plugin off: listed in the folder's {@code disabled.txt}, or not in its
   * {@code enabled.txt}.
   */
  boolean disabledByOperator(String pluginId) {
    return isPluginDisabled(pluginId);
  }

  @Override
  public RuntimeMode getRuntimeMode() {
    // Plugins are always packaged jars or folders here, whatever a stray pf4j.mode property says.
    return RuntimeMode.DEPLOYMENT;
  }

  @Override
  protected PluginDescriptorFinder createPluginDescriptorFinder() {
    PluginDescriptorFinder finders = super.createPluginDescriptorFinder();
    return new PluginDescriptorFinder() {
      @Override
      public boolean isApplicable(Path pluginPath) {
        return finders.isApplicable(pluginPath);
      }

      @Override
      public PluginDescriptor find(Path pluginPath) {
        try {
          return finders.find(pluginPath);
        } catch (PluginRuntimeException e) {
          throw new ManifestProblem(null, "it has no readable plugin manifest (META-INF/MANIFEST.MF with Plugin-Id, "
              + "Plugin-Version and Plugin-Requires)");
        }
      }
    };
  }

  @Override
  protected void validatePluginDescriptor(PluginDescriptor descriptor) {
    if (descriptor.getPluginId() == null || descriptor.getPluginId().isBlank()) {
      throw new ManifestProblem(descriptor, "its manifest has no Plugin-Id");
    }
    if (descriptor.getVersion() == null || descriptor.getVersion().isBlank()) {
      throw new ManifestProblem(descriptor, "its manifest has no Plugin-Version");
    }
    String requires = descriptor.getRequires().trim();
    try {
      getVersionManager().checkVersionConstraint(getSystemVersion(), requires);
    } catch (RuntimeException e) {
      throw new ManifestProblem(descriptor, "its Plugin-Requires '" + requires + "' is not a version constraint "
          + "such as '" + SpiVersion.PLUGIN_REQUIRES + "' (" + e.getMessage() + ")");
    }
    if (!descriptor.getDependencies().isEmpty()) {
      throw new ManifestProblem(descriptor,
          "it declares Plugin-Dependencies; a supplier plugin may depend on the plugin API only");
    }
  }

  @Override
  protected PluginWrapper loadPluginFromPath(Path pluginPath) {
    try {
      return super.loadPluginFromPath(pluginPath);
    } catch (ManifestProblem e) {
      unloadable.put(pluginPath, new Unloadable(e.pluginId, e.version, e.getMessage()));
    } catch (RuntimeException | LinkageError e) {
      unloadable.put(pluginPath, new Unloadable(null, null, "it cannot be loaded: " + PluginSet.describe(e)));
    }
    // PF4J's loadPlugins ignores the result, as it does for a zip it cannot expand.
    return null;
  }

  /** A manifest this host cannot use; its message is the reason an operator reads. */
  private static final class ManifestProblem extends InvalidPluginDescriptorException {

    private final String pluginId;
    private final String version;

    ManifestProblem(PluginDescriptor descriptor, String reason) {
      super(reason);
      this.pluginId = descriptor == null ? null : descriptor.getPluginId();
      this.version = descriptor == null ? null : descriptor.getVersion();
    }
  }
}
