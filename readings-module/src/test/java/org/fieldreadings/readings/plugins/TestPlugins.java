package org.fieldreadings.readings.plugins;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** The plugins tests load: the bundled jars the build copied, and folder plugins made of test classes. */
public final class TestPlugins {

  private TestPlugins() {}

  /** The folder where the build copied the five bundled plugin jars. */
  public static Path bundledJars() {
    return Path.of(System.getProperty("test.plugins.dir", "target/test-plugins"));
  }

  /** Copies the bundled jar of {@code artifactId} into {@code pluginsDir}. */
  public static void copyBundled(String artifactId, Path pluginsDir) throws IOException {
    try (var jars = Files.list(bundledJars())) {
      Path jar = jars.filter(p -> p.getFileName().toString().startsWith(artifactId + "-")).findFirst()
          .orElseThrow(() -> new IllegalStateException(artifactId + " not built into " + bundledJars()));
      Files.createDirectories(pluginsDir);
      Files.copy(jar, pluginsDir.resolve(jar.getFileName()));
    }
  }

  /**
   * Writes a plugin folder as PF4J loads it: {@code plugin.properties}, and under {@code classes/} the decoder's
   * class file and the {@code META-INF/extensions.idx} that names it.
   */
  public static void folderPlugin(Path pluginsDir, String pluginId, String requires, Class<?> decoder) throws IOException {
    Path root = Files.createDirectories(pluginsDir.resolve(pluginId));
    Files.writeString(root.resolve("plugin.properties"), String.join("\n",
        "plugin.id=" + pluginId, "plugin.version=1.0.0", "plugin.requires=" + requires, "plugin.provider=Tests", ""));
    Path classes = root.resolve("classes");
    String classFile = decoder.getName().replace('.', '/') + ".class";
    Path target = classes.resolve(classFile);
    Files.createDirectories(target.getParent());
    try (InputStream in = decoder.getClassLoader().getResourceAsStream(classFile)) {
      Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
    }
    Files.createDirectories(classes.resolve("META-INF"));
    Files.writeString(classes.resolve("META-INF/extensions.idx"), decoder.getName() + "\n");
  }
}
