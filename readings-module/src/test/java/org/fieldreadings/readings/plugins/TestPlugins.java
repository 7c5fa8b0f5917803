package org.fieldreadings.readings.plugins;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

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

  /**
   * Writes a plugin jar as a supplier would ship it: a manifest of these attributes (e.g. {@code Plugin-Id},
   * {@code Plugin-Version}, {@code Plugin-Requires}; none for a jar without manifest), the decoder's class file and
   * the {@code META-INF/extensions.idx} that names it.
   */
  public static Path jarPlugin(Path pluginsDir, String fileName, Map<String, String> manifest, Class<?> decoder)
      throws IOException {
    return jarPlugin(pluginsDir, fileName, manifest, true, decoder);
  }

  /**
   * A plugin jar as above, packaged the way a supplier may get it wrong: without {@code META-INF/extensions.idx}
   * (built without PF4J's annotation processor) or with {@code bundled} classes (e.g. of the plugin API) beside the
   * decoder.
   */
  public static Path jarPlugin(Path pluginsDir, String fileName, Map<String, String> manifest,
      boolean extensionsIndex, Class<?> decoder, Class<?>... bundled) throws IOException {
    Files.createDirectories(pluginsDir);
    Path jar = pluginsDir.resolve(fileName);
    try (JarOutputStream out = manifest.isEmpty()
        ? new JarOutputStream(Files.newOutputStream(jar))
        : new JarOutputStream(Files.newOutputStream(jar), manifestOf(manifest))) {
      addClass(out, decoder);
      for (Class<?> type : bundled) {
        addClass(out, type);
      }
      if (extensionsIndex) {
        out.putNextEntry(new JarEntry("META-INF/extensions.idx"));
        out.write((decoder.getName() + "\n").getBytes(StandardCharsets.UTF_8));
      }
    }
    return jar;
  }

  private static void addClass(JarOutputStream out, Class<?> type) throws IOException {
    String classFile = type.getName().replace('.', '/') + ".class";
    out.putNextEntry(new JarEntry(classFile));
    try (InputStream in = type.getClassLoader().getResourceAsStream(classFile)) {
      in.transferTo(out);
    }
  }

  private static Manifest manifestOf(Map<String, String> attributes) {
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    attributes.forEach((name, value) -> manifest.getMainAttributes().putValue(name, value));
    return manifest;
  }
}
