import { pgError } from '../db/db-errors';

/**
 * The one line `Failed to start:` (and `admin:reset-password`'s `Failed:`) prints. A failed
 * statement is named by PostgreSQL's code, its constraint or table and its own message, never by
 * Drizzle's message: that one carries the statement's parameters (`params: ...`), which at
 * start-up hold the first administrator's password hash and rights. Data-exception messages
 * (SQLSTATE class 22) quote the offending value, so they are left out as well.
 */
export function describeStartupError(error: unknown): string {
  const database = pgError(error);
  if (database) {
    const where = [database.constraint ?? database.constraint_name, database.table ?? database.table_name].filter(Boolean).join(', ');
    const said = database.code.startsWith('22') || !database.message ? '' : `: ${firstLine(database.message)}`;
    return `a database statement failed (SQLSTATE ${database.code}${where ? `, ${where}` : ''})${said}`;
  }
  return withoutParams(error);
}

function firstLine(text: string): string {
  return text.split('\n', 1)[0];
}

/**
 * A failed statement without a database code (a lost connection): the cause's message. Any other
 * message is cut before a `params:` line, should a wrapper other than Drizzle's print one.
 */
function withoutParams(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (message.startsWith('Failed query: ')) {
    const cause = (error as { cause?: unknown }).cause;
    return `a database statement failed${cause instanceof Error ? `: ${withoutParams(cause)}` : ''}`;
  }
  return message.split(/\n?params: /, 1)[0];
}
