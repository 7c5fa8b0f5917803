package org.fieldreadings.core.db;

import java.util.Arrays;
import java.util.Locale;

/**
 * libpq's {@code target_session_attrs} of {@code database.url}: which of the listed hosts a connection is for.
 * pg_auto_failover's URIs ask {@code read-write}, the primary wherever it is now.
 */
public enum SessionTarget {
  ANY("any"), READ_WRITE("primary"), PRIMARY("primary"), READ_ONLY("secondary"), STANDBY("secondary"),
  PREFER_STANDBY("preferSecondary");

  private final String jdbc;

  SessionTarget(String jdbc) {
    this.jdbc = jdbc;
  }

  /** The name in a URL: {@code read-write}. */
  public String value() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** pgjdbc's {@code targetServerType} for the same choice. */
  String jdbcServerType() {
    return jdbc;
  }

  /**
   * Whether a host serves this target, as libpq decides: {@code read-write} and {@code read-only} by
   * {@code transaction_read_only} (a standby just promoted by pg_auto_failover stays read-only for a while),
   * {@code primary} and {@code standby} by recovery; {@link #PREFER_STANDBY} takes any at last.
   */
  boolean accepts(boolean inRecovery, boolean readOnly) {
    return switch (this) {
      case ANY, PREFER_STANDBY -> true;
      case READ_WRITE -> !readOnly;
      case READ_ONLY -> readOnly;
      case PRIMARY -> !inRecovery;
      case STANDBY -> inRecovery;
    };
  }

  static SessionTarget of(String value) {
    return Arrays.stream(values()).filter(t -> t.value().equals(value)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("target_session_attrs must be one of any, read-write, "
            + "primary, read-only, standby, prefer-standby"));
  }
}
