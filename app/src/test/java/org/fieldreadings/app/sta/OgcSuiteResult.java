package org.fieldreadings.app.sta;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * What one run of the OGC suite found, read from its TestNG report. A test is failed, passed or skipped; the suite
 * skips the classes above the level asked for (their set-up fails on purpose, which is not counted as a failure).
 *
 * @param log the suite's console output
 * @param results the folder with its reports (testng-results.xml, earl-results.rdf)
 */
public record OgcSuiteResult(int passed, List<Failure> failed, int skipped, Path log, Path results) {

  private static final String EARL = "http://www.w3.org/ns/earl#";
  private static final String DCTERMS = "http://purl.org/dc/terms/";

  /** A failed test (or set-up, or the whole run) and the suite's message, printed by assertions as it stands. */
  public record Failure(String test, String message) {
    @Override
    public String toString() {
      return test + ": " + message;
    }
  }

  static OgcSuiteResult read(Path results, int level, int exitCode, Path log) throws IOException {
    Path testng = results.resolve("testng-results.xml");
    if (!Files.exists(testng)) {
      // The suite checks the service root before any test; when that fails it writes only an EARL report.
      String why = abortReason(results.resolve("earl-results.rdf"));
      return new OgcSuiteResult(0, List.of(new Failure("suite", why + " (exit code " + exitCode + ", log " + log
          + ")")), 0, log, results);
    }
    int passed = 0;
    int skipped = 0;
    List<Failure> failed = new ArrayList<>();
    if (exitCode != 0) {
      failed.add(new Failure("suite", "exit code " + exitCode + ", log " + log));
    }
    NodeList tests = parse(testng).getElementsByTagName("test");
    for (int t = 0; t < tests.getLength(); t++) {
      Element test = (Element) tests.item(t);
      boolean asked = levelOf(test.getAttribute("name")) <= level;
      NodeList methods = test.getElementsByTagName("test-method");
      for (int m = 0; m < methods.getLength(); m++) {
        Element method = (Element) methods.item(m);
        String status = method.getAttribute("status");
        if ("true".equals(method.getAttribute("is-config"))) {
          // A failed set-up skips its class's tests: a failure when its level was asked for.
          if (asked && "FAIL".equals(status)) {
            failed.add(new Failure(name(method) + " (set-up)", message(method)));
          }
        } else if ("PASS".equals(status)) {
          passed++;
        } else if ("FAIL".equals(status)) {
          failed.add(new Failure(name(method), message(method)));
        } else {
          skipped++;
        }
      }
    }
    return new OgcSuiteResult(passed, List.copyOf(failed), skipped, log, results);
  }

  /** The level of a TestNG test named "Conformance Level 2"; a name without one counts as asked for. */
  private static int levelOf(String testName) {
    String last = testName.substring(testName.lastIndexOf(' ') + 1);
    return last.matches("\\d+") ? Integer.parseInt(last) : 0;
  }

  private static String name(Element method) {
    String className = ((Element) method.getParentNode()).getAttribute("name");
    String simple = className.substring(className.lastIndexOf('.') + 1);
    String description = method.getAttribute("description");
    return simple + "." + method.getAttribute("name") + (description.isEmpty() ? "" : " (" + description + ")");
  }

  private static String message(Element method) {
    NodeList messages = method.getElementsByTagName("message");
    if (messages.getLength() > 0) {
      return messages.item(0).getTextContent().strip();
    }
    NodeList exceptions = method.getElementsByTagName("exception");
    return exceptions.getLength() > 0 ? ((Element) exceptions.item(0)).getAttribute("class") : "no message";
  }

  private static String abortReason(Path earl) throws IOException {
    if (!Files.exists(earl)) {
      return "the suite wrote no results";
    }
    NodeList outcomes = parse(earl).getElementsByTagNameNS(EARL, "TestResult");
    for (int i = 0; i < outcomes.getLength(); i++) {
      NodeList descriptions = ((Element) outcomes.item(i)).getElementsByTagNameNS(DCTERMS, "description");
      if (descriptions.getLength() > 0) {
        return "the suite stopped before its tests: " + descriptions.item(0).getTextContent().strip();
      }
    }
    return "the suite stopped before its tests";
  }

  private static Document parse(Path file) throws IOException {
    try {
      DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
      factory.setNamespaceAware(true);
      factory.setExpandEntityReferences(false);
      return factory.newDocumentBuilder().parse(file.toFile());
    } catch (ParserConfigurationException | SAXException e) {
      throw new IOException("Unreadable suite report " + file, e);
    }
  }
}
