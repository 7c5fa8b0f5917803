package org.fieldreadings.core.config;

/** A configuration value that is unknown or malformed; the message names the key and what is expected. */
public final class ConfigException extends RuntimeException {
  public ConfigException(String message) {
    super(message);
  }
}
