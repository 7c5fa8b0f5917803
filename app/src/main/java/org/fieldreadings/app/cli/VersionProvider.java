package org.fieldreadings.app.cli;

import picocli.CommandLine.IVersionProvider;

/** The version of the jar, from its manifest. */
final class VersionProvider implements IVersionProvider {
  @Override
  public String[] getVersion() {
    String version = VersionProvider.class.getPackage().getImplementationVersion();
    return new String[] {"field-readings " + (version == null ? "development build" : version)};
  }
}
