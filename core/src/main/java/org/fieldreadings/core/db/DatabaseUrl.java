package org.fieldreadings.core.db;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * Where the service's PostgreSQL is and how to reach it: parsed from
 * {@code postgresql://user:pass@host:port/db?sslmode=...} (configuration key {@code database.url}) or describing the
 * embedded server.
 */
public record DatabaseUrl(String host, int port, String database, String user, String password, DatabaseTls tls) {

  /** Parses the operator's URL; throws {@link IllegalArgumentException} saying what is wrong. */
  public static DatabaseUrl parse(String raw) {
    URI uri;
    try {
      uri = new URI(raw);
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("not a URL");
    }
    if (!"postgresql".equals(uri.getScheme()) && !"postgres".equals(uri.getScheme())) {
      throw new IllegalArgumentException("the scheme must be postgresql");
    }
    if (uri.getHost() == null) {
      throw new IllegalArgumentException("no host");
    }
    String database = uri.getPath() == null ? "" : uri.getPath().replaceFirst("^/", "");
    if (database.isEmpty()) {
      throw new IllegalArgumentException("no database name");
    }
    String user = "postgres";
    String password = "";
    if (uri.getRawUserInfo() != null) {
      String[] parts = uri.getRawUserInfo().split(":", 2);
      user = URLDecoder.decode(parts[0], StandardCharsets.UTF_8);
      password = parts.length > 1 ? URLDecoder.decode(parts[1], StandardCharsets.UTF_8) : "";
    }
    return new DatabaseUrl(uri.getHost(), uri.getPort() < 0 ? 5432 : uri.getPort(), database, user, password,
        DatabaseTls.fromQuery(uri.getRawQuery()));
  }

  /** The same database as a JDBC URL, TLS settings included, for every JDBC connection of the service. */
  public String jdbcUrl() {
    return "jdbc:postgresql://" + host + ":" + port + "/" + database + tls.query();
  }

  /** The URL form {@link #parse} reads, password included: for configuration, never for logs. */
  public String toConfigValue() {
    return "postgresql://" + URLEncoder.encode(user, StandardCharsets.UTF_8) + ":"
        + URLEncoder.encode(password, StandardCharsets.UTF_8) + "@" + host + ":" + port + "/" + database + tls.query();
  }

  /** Never prints the password. */
  @Override
  public String toString() {
    return "postgresql://" + user + "@" + host + ":" + port + "/" + database + tls.query();
  }
}
