package org.fieldreadings.readings.plugins;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Why a plugin jar (or plugin folder) yields no decoder, from what it holds: the two packaging mistakes that PF4J
 * reports only as "no extension".
 */
final class PluginJarContents {

  private static final String API_PACKAGE = "org/fieldreadings/plugin/api/";
  private static final String EXTENSIONS_INDEX = "META-INF/extensions.idx";

  private PluginJarContents() {}

  /** The packaging mistake of a plugin without decoder, fit for an operator; null when it has neither. Blocking. */
  static String packagingMistake(Path plugin) {
    List<String> entries = entries(plugin);
    if (entries == null) {
      return null;
    }
    if (entries.stream().anyMatch(entry -> entry.startsWith(API_PACKAGE) && entry.endsWith(".class"))) {
      return "it bundles plugin-api (it holds " + API_PACKAGE + " classes, so its decoder implements its own copy "
          + "of SupplierDecoder, not the host's): declare plugin-api <scope>provided</scope> and rebuild";
    }
    if (entries.stream().noneMatch(entry -> entry.endsWith(EXTENSIONS_INDEX))) {
      return "it was built without the PF4J annotation processor (it has no " + EXTENSIONS_INDEX + " naming its "
          + "@Extension decoder): add org.pf4j:pf4j to the compiler's annotationProcessorPaths with processor "
          + "org.pf4j.processor.ExtensionAnnotationProcessor and rebuild";
    }
    return null;
  }

  /** The entry names of a jar, or the relative file paths of a plugin folder; null when unreadable. */
  private static List<String> entries(Path plugin) {
    try {
      if (Files.isDirectory(plugin)) {
        try (Stream<Path> walk = Files.walk(plugin)) {
          return walk.filter(Files::isRegularFile).map(p -> plugin.relativize(p).toString().replace('\\', '/'))
              .map(PluginJarContents::withoutFolderPrefix).toList();
        }
      }
      try (ZipFile jar = new ZipFile(plugin.toFile())) {
        return jar.stream().map(ZipEntry::getName).toList();
      }
    } catch (IOException | RuntimeException e) {
      return null; // unreadable now: no claim about what it holds
    }
  }

  /** {@code classes/org/...} of a plugin folder as in a jar: {@code org/...}. */
  private static String withoutFolderPrefix(String path) {
    return path.startsWith("classes/") ? path.substring("classes/".length()) : path;
  }
}
