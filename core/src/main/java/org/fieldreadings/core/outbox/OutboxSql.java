package org.fieldreadings.core.outbox;

/**
 * The statements of one outbox table, which has an id, an attempt count (the token of the current claim), the
 * time its next attempt is due, and a way to tell pending rows from finished ones.
 *
 * @param claim claims the most overdue pending row for a lease of $1 milliseconds, counting an attempt; returns its
 *     id as the first column, {@code attempts}, {@code created_at}, and whatever the sender needs
 * @param renew extends the claim $2 on row $1 by $3 milliseconds while it is pending
 * @param sent finishes row $1 as delivered if claim $2 still holds it
 * @param retry makes row $1 due again in $3 milliseconds with error $4 if claim $2 still holds it
 * @param abandon finishes row $1 as undeliverable with error $3 if claim $2 still holds it; null for an outbox whose
 *     backoff never gives up
 * @param depth counts the pending rows
 */
public record OutboxSql(String claim, String renew, String sent, String retry, String abandon, String depth) {}
