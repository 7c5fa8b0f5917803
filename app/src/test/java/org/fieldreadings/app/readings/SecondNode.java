package org.fieldreadings.app.readings;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.fieldreadings.app.server.FieldReadingsServer;
import org.fieldreadings.app.server.TestServers;
import org.fieldreadings.core.testing.TestHttp;
import org.fieldreadings.core.testing.TestHttp.Answer;

/** Another node on the database of a {@link ReadingsFixture} started with the same variables. */
final class SecondNode implements AutoCloseable {

  private final FieldReadingsServer server;
  private final TestHttp admin;
  private final String adminToken;

  private SecondNode(FieldReadingsServer server, TestHttp admin, String adminToken) {
    this.server = server;
    this.admin = admin;
    this.adminToken = adminToken;
  }

  static SecondNode start(Path dataDir, Map<String, String> env) throws Exception {
    FieldReadingsServer server = FieldReadingsServer.start(TestServers.config(dataDir, env));
    return new SecondNode(server, new TestHttp(server.adminPort()), Files.readString(dataDir.resolve("admin.token")));
  }

  /** Imports canonical CSV rows (the header is added) through this node; the import must succeed. */
  void importCsv(String rows) {
    Answer answer = admin.post("/admin/readings", "profile,serial,connectorId,interface,timestamp,value\n" + rows,
        "Authorization", "Bearer " + adminToken, "Content-Type", "text/csv");
    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
  }

  /** This node's Prometheus metrics. */
  String metrics() {
    return admin.get("/metrics").body();
  }

  @Override
  public void close() {
    server.close();
  }
}
