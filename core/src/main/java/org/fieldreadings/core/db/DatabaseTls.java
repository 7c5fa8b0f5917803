package org.fieldreadings.core.db;

import io.vertx.core.net.ClientSSLOptions;
import io.vertx.core.net.PemTrustOptions;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.SslMode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;

/**
 * TLS to PostgreSQL, from the libpq parameters {@code sslmode} and {@code sslrootcert} of {@code database.url}, for
 * both clients of the service: the reactive pool and JDBC (migrations, bulk writes, backup). As in libpq,
 * {@code allow}, {@code prefer} (the default) and {@code require} encrypt without checking the server's certificate;
 * {@code verify-ca} checks it against {@code sslrootcert}, {@code verify-full} its host name too.
 *
 * @param rootCert the PEM file of the certificates that sign the server's; only with the verify modes
 */
public record DatabaseTls(Mode mode, Path rootCert) {

  /** The embedded server's: it listens on loopback only, without TLS. */
  public static final DatabaseTls DISABLED = new DatabaseTls(Mode.DISABLE, null);

  /** libpq's {@code sslmode}, each with the Vert.x mode it is. */
  public enum Mode {
    DISABLE(SslMode.DISABLE), ALLOW(SslMode.ALLOW), PREFER(SslMode.PREFER), REQUIRE(SslMode.REQUIRE),
    VERIFY_CA(SslMode.VERIFY_CA), VERIFY_FULL(SslMode.VERIFY_FULL);

    private final SslMode vertx;

    Mode(SslMode vertx) {
      this.vertx = vertx;
    }

    /** The name in a URL: {@code verify-full}. */
    public String value() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    boolean verifies() {
      return this == VERIFY_CA || this == VERIFY_FULL;
    }

    static Mode of(String value) {
      return Arrays.stream(values()).filter(m -> m.value().equals(value)).findFirst()
          .orElseThrow(() -> new IllegalArgumentException("sslmode must be one of disable, allow, prefer, require, "
              + "verify-ca, verify-full"));
    }
  }

  /** The TLS settings of a URL's parameters ({@code sslmode}, {@code sslrootcert}; both optional). */
  static DatabaseTls of(Map<String, String> parameters) {
    Mode mode = Mode.of(parameters.getOrDefault("sslmode", Mode.PREFER.value()));
    String rootCert = parameters.get("sslrootcert");
    if (mode.verifies() && rootCert == null) {
      throw new IllegalArgumentException("sslmode=" + mode.value() + " needs sslrootcert, the PEM file of the "
          + "certificates that sign the server's");
    }
    if (!mode.verifies() && rootCert != null) {
      throw new IllegalArgumentException("sslrootcert is used only with sslmode=verify-ca or verify-full");
    }
    if (rootCert != null && !Files.isReadable(Path.of(rootCert))) {
      throw new IllegalArgumentException("sslrootcert " + rootCert + " cannot be read");
    }
    return new DatabaseTls(mode, rootCert == null ? null : Path.of(rootCert));
  }

  /** The query string of a URL, {@code ?sslmode=...}, for pgjdbc and for {@link DatabaseUrl#parse}. */
  String query() {
    return "?sslmode=" + mode.value()
        + (rootCert == null ? "" : "&sslrootcert=" + URLEncoder.encode(rootCert.toString(), StandardCharsets.UTF_8));
  }

  /** The same settings for the reactive client. */
  void applyTo(PgConnectOptions options) {
    options.setSslMode(mode.vertx);
    if (mode == Mode.DISABLE) {
      return;
    }
    ClientSSLOptions ssl = new ClientSSLOptions();
    if (mode.verifies()) {
      ssl.setTrustOptions(new PemTrustOptions().addCertPath(rootCert.toString()))
          .setHostnameVerificationAlgorithm(mode == Mode.VERIFY_FULL ? "HTTPS" : "");
    } else {
      // libpq's allow, prefer and require encrypt without checking the certificate; so does pgjdbc.
      ssl.setTrustAll(true);
    }
    options.setSslOptions(ssl);
  }
}
