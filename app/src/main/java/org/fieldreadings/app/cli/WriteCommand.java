package org.fieldreadings.app.cli;

import io.vertx.core.json.JsonObject;

/**
 * A command that writes readings through the running server, whose answer adds them up ({@code stored},
 * {@code duplicates}, {@code rejectedCount}).
 */
abstract class WriteCommand extends AdminCommand {

  /** 1 when the server rejected everything it was sent: nothing was stored, and a script must know. */
  @Override
  protected final int exitCode(Object answer) {
    JsonObject total = (JsonObject) answer;
    return total.getLong("stored") + total.getLong("duplicates") == 0 && total.getLong("rejectedCount") > 0 ? 1 : 0;
  }
}
