package org.fieldreadings.app.cli;

import org.fieldreadings.app.server.BuildVersion;
import picocli.CommandLine.IVersionProvider;

/** {@code --version}: the version and the commit of the build. */
public final class VersionProvider implements IVersionProvider {

  @Override
  public String[] getVersion() {
    return new String[] {"field-readings " + BuildVersion.version() + " (commit " + BuildVersion.commit() + ")"};
  }
}
