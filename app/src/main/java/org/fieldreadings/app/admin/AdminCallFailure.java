package org.fieldreadings.app.admin;

/** An admin API call that failed: unreachable, refused or unreadable. The message is one line for an operator. */
public final class AdminCallFailure extends RuntimeException {
  AdminCallFailure(String message) {
    super(message, null, false, false);
  }
}
