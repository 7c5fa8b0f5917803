package org.fieldreadings.plugin.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * The POM installed and published with this jar (written by the flatten plugin before the tests run) resolves in a
 * project outside this repository: it names no parent, which would not be published, and gives PF4J's version itself.
 */
class PublishedPomTest {

  @Test
  void thePublishedPomNamesNoParentAndPinsItsDependencies() throws Exception {
    Document pom = DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(Path.of(".flattened-pom.xml").toFile());
    Element project = pom.getDocumentElement();
    assertThat(project.getElementsByTagName("parent").getLength()).isZero();
    assertThat(text(project, "groupId") + ":" + text(project, "artifactId")).isEqualTo("org.fieldreadings:plugin-api");
    Element dependency = (Element) project.getElementsByTagName("dependency").item(0);
    assertThat(project.getElementsByTagName("dependency").getLength()).isEqualTo(1);
    assertThat(text(dependency, "groupId") + ":" + text(dependency, "artifactId") + " " + text(dependency, "scope"))
        .isEqualTo("org.pf4j:pf4j provided");
    assertThat(text(dependency, "version")).matches("\\d+\\.\\d+\\.\\d+");
  }

  private static String text(Element parent, String tag) {
    return parent.getElementsByTagName(tag).item(0).getTextContent().strip();
  }
}
