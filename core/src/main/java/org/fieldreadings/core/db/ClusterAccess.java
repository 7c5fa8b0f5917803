package org.fieldreadings.core.db;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.fieldreadings.core.files.PrivateFiles;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Who may connect to the embedded cluster: the service alone, with a generated password (scram-sha-256) over
 * loopback. The library creates clusters with {@code trust} for everyone; before each start this replaces
 * {@code pg_hba.conf} and, when the cluster's password is not yet the one in the password file, sets it, so clusters
 * created by earlier versions are converted on their next start.
 */
final class ClusterAccess {

  private static final Logger LOG = LoggerFactory.getLogger(ClusterAccess.class);
  private static final SecureRandom RANDOM = new SecureRandom();
  static final String PG_HBA = """
      # Written by Field Readings at every start: only the service, with its password, over loopback.
      local all all scram-sha-256
      host  all all 127.0.0.1/32 scram-sha-256
      """;

  private final String password;
  private boolean passwordPending;

  private ClusterAccess(String password, boolean passwordPending) {
    this.password = password;
    this.passwordPending = passwordPending;
  }

  /** Reads the password file, generating it (0600) when absent. */
  static ClusterAccess load(Path passwordFile) {
    try {
      boolean generated = false;
      if (!Files.exists(passwordFile)) {
        byte[] secret = new byte[32];
        RANDOM.nextBytes(secret);
        PrivateFiles.write(passwordFile, Base64.getUrlEncoder().withoutPadding().encodeToString(secret)
            .getBytes(StandardCharsets.US_ASCII));
        LOG.info("generated the embedded PostgreSQL password into {}", passwordFile);
        generated = true;
      }
      PrivateFiles.tightenFile(passwordFile);
      String password = Files.readString(passwordFile, StandardCharsets.US_ASCII).trim();
      if (!password.matches("[A-Za-z0-9_-]{16,}")) {
        throw new IllegalStateException(passwordFile + " does not hold a generated password; delete it to have a new "
            + "one generated at the next start");
      }
      return new ClusterAccess(password, generated);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read or write " + passwordFile, e);
    }
  }

  String password() {
    return password;
  }

  /** Runs between the cluster's creation and its postmaster's start, while nothing can connect. */
  void apply(Path cluster) {
    Path hba = cluster.resolve("pg_hba.conf");
    try {
      boolean converted = !Files.readString(hba).equals(PG_HBA);
      if (passwordPending || converted) {
        setPassword(cluster);
        passwordPending = false;
      }
      if (converted) {
        PrivateFiles.write(hba, PG_HBA.getBytes(StandardCharsets.UTF_8));
        LOG.info("the embedded PostgreSQL in {} now accepts only password connections over loopback", cluster);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot secure the embedded PostgreSQL in " + cluster, e);
    }
  }

  /** Sets the superuser's password in single-user mode, where no connection (hence no authentication) exists. */
  private void setPassword(Path cluster) throws IOException {
    Process process = new ProcessBuilder(PostgresBinaries.command("postgres", List.of(
        "--single", "-D", cluster.toString(), "-c", "password_encryption=scram-sha-256", "postgres")))
        .redirectErrorStream(true)
        .start();
    // The password goes through standard input, never on a command line other users can list.
    try (var input = process.getOutputStream()) {
      input.write(("ALTER ROLE postgres WITH PASSWORD '" + password + "';\n").getBytes(StandardCharsets.US_ASCII));
    }
    try {
      // Its few lines of output fit in the pipe: read once it has exited, so a hung process cannot block start-up.
      boolean exited = process.waitFor(60, TimeUnit.SECONDS);
      if (!exited) {
        process.destroyForcibly();
        throw new IOException("setting the password did not finish within 60 s");
      }
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (process.exitValue() != 0 || output.contains("ERROR")) {
        throw new IOException("setting the password failed: " + output.strip());
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while setting the password", e);
    }
  }
}
