package org.fieldreadings.core.db;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Where the service's PostgreSQL is and how to reach it: parsed from
 * {@code postgresql://user:pass@host:port/db?sslmode=...} (configuration key {@code database.url}) or describing the
 * embedded server. As in libpq, several hosts may be listed ({@code host1:5432,host2:5433}, the form
 * {@code pg_autoctl show uri} prints) with {@code target_session_attrs} saying which of them a connection is for.
 *
 * @param hosts the hosts in the order they are tried, at least one
 */
public record DatabaseUrl(List<Host> hosts, String database, String user, String password, DatabaseTls tls,
    SessionTarget target) {

  /** One of the URL's hosts. */
  public record Host(String name, int port) {

    @Override
    public String toString() {
      return (name.contains(":") ? "[" + name + "]" : name) + ":" + port;
    }
  }

  private static final Pattern SCHEME = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*://");
  private static final Pattern URL =
      Pattern.compile("(?:postgres|postgresql)://(?:([^@/?]*)@)?([^/?]*)(/[^?]*)?(?:\\?(.*))?");
  private static final Pattern HOST = Pattern.compile("(\\[[0-9A-Fa-f:.]+]|[A-Za-z0-9._%-]+)(?::([0-9]{1,5}))?");
  private static final int DEFAULT_PORT = 5432;

  public DatabaseUrl {
    hosts = List.copyOf(hosts);
    if (hosts.isEmpty()) {
      throw new IllegalArgumentException("no host");
    }
  }

  /** A single host, as the embedded server and most installations have it. */
  public DatabaseUrl(String host, int port, String database, String user, String password, DatabaseTls tls) {
    this(List.of(new Host(host, port)), database, user, password, tls, SessionTarget.ANY);
  }

  /** Parses the operator's URL; throws {@link IllegalArgumentException} saying what is wrong. */
  public static DatabaseUrl parse(String raw) {
    Matcher url = URL.matcher(raw);
    if (!url.matches()) {
      throw new IllegalArgumentException(SCHEME.matcher(raw).lookingAt() && !raw.startsWith("postgres")
          ? "the scheme must be postgresql" : "not a URL");
    }
    List<Host> hosts = hosts(url.group(2));
    String database = url.group(3) == null ? "" : decode(url.group(3).substring(1));
    if (database.isEmpty()) {
      throw new IllegalArgumentException("no database name");
    }
    String user = "postgres";
    String password = "";
    if (url.group(1) != null) {
      String[] parts = url.group(1).split(":", 2);
      user = decode(parts[0]);
      password = parts.length > 1 ? decode(parts[1]) : "";
    }
    Map<String, String> parameters = parameters(url.group(4));
    SessionTarget target = SessionTarget.of(parameters.getOrDefault("target_session_attrs", "any"));
    return new DatabaseUrl(hosts, database, user, password, DatabaseTls.of(parameters), target);
  }

  private static List<Host> hosts(String list) {
    if (list.isEmpty()) {
      throw new IllegalArgumentException("no host");
    }
    List<Host> hosts = new ArrayList<>();
    for (String item : list.split(",", -1)) {
      Matcher host = HOST.matcher(item);
      if (!host.matches()) {
        throw new IllegalArgumentException(item.isEmpty() ? "no host" : "not a host[:port]: " + item);
      }
      String name = host.group(1).startsWith("[") ? host.group(1).substring(1, host.group(1).length() - 1)
          : decode(host.group(1));
      int port = host.group(2) == null ? DEFAULT_PORT : Integer.parseInt(host.group(2));
      if (port < 1 || port > 65535) {
        throw new IllegalArgumentException("port " + port + " is not from 1 to 65535");
      }
      hosts.add(new Host(name, port));
    }
    return hosts;
  }

  /**
   * The URL's query; any parameter but {@code sslmode}, {@code sslrootcert} and {@code target_session_attrs} is
   * refused, by name, rather than dropped.
   */
  private static Map<String, String> parameters(String rawQuery) {
    Map<String, String> parameters = new LinkedHashMap<>();
    for (String pair : rawQuery == null || rawQuery.isEmpty() ? new String[0] : rawQuery.split("&", -1)) {
      String[] parts = pair.split("=", 2);
      String name = decode(parts[0]);
      if (!name.equals("sslmode") && !name.equals("sslrootcert") && !name.equals("target_session_attrs")) {
        throw new IllegalArgumentException("unknown parameter '" + name + "' (the supported ones are sslmode, "
            + "sslrootcert and target_session_attrs)");
      }
      if (parameters.put(name, parts.length > 1 ? decode(parts[1]) : "") != null) {
        throw new IllegalArgumentException("parameter '" + name + "' given twice");
      }
    }
    return parameters;
  }

  private static String decode(String text) {
    return URLDecoder.decode(text, StandardCharsets.UTF_8);
  }

  /**
   * The same database as a JDBC URL, TLS settings and target included, for every JDBC connection of the service.
   * pgjdbc rechecks a host's role every two seconds instead of ten, so that it follows a failover as soon as the
   * reactive pool does.
   */
  public String jdbcUrl() {
    return "jdbc:postgresql://" + hostList() + "/" + database + tls.query()
        + (target == SessionTarget.ANY ? "" : "&targetServerType=" + target.jdbcServerType() + "&hostRecheckSeconds=2");
  }

  /** The URL form {@link #parse} reads, password included: for configuration, never for logs. */
  public String toConfigValue() {
    return "postgresql://" + URLEncoder.encode(user, StandardCharsets.UTF_8) + ":"
        + URLEncoder.encode(password, StandardCharsets.UTF_8) + "@" + hostList() + "/" + database + tls.query()
        + targetQuery();
  }

  private String hostList() {
    return hosts.stream().map(Host::toString).collect(Collectors.joining(","));
  }

  private String targetQuery() {
    return target == SessionTarget.ANY ? "" : "&target_session_attrs=" + target.value();
  }

  /** Never prints the password. */
  @Override
  public String toString() {
    return "postgresql://" + user + "@" + hostList() + "/" + database + tls.query() + targetQuery();
  }
}
