/** What PostgreSQL says of a failed statement (node-postgres and PGlite name some fields differently). */
export interface TPgError {
  code: string;
  message?: string;
  constraint?: string;
  constraint_name?: string;
  table?: string;
  table_name?: string;
}

/** The PostgreSQL error under a driver or Drizzle wrapper (both drivers put a five-character `code` on it). */
export function pgError(error: unknown): TPgError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate as TPgError;
    current = candidate.cause;
  }
  return null;
}

/** A write the database refused for a constraint: a unique key taken (which one), or a row still referenced. */
export type TConstraintViolation = { kind: 'unique'; constraint: string } | { kind: 'foreignKey' };

/**
 * Which constraint refused the statement, if one did. Answering it is the API layer's business
 * (`lib/constraint-error.ts`), so this layer stays below it.
 */
export function constraintViolation(error: unknown): TConstraintViolation | null {
  const found = pgError(error);
  if (found?.code === '23505') return { kind: 'unique', constraint: found.constraint ?? found.constraint_name ?? '' };
  if (found?.code === '23503') return { kind: 'foreignKey' };
  return null;
}

/**
 * The database cancelled the statement (57014 query_canceled): the API connections' statement
 * timeout, or an operator's pg_cancel_backend. Both mean "took too long, not the caller's
 * input as such", so both are answered the same way (503 errors.queryTimeout). The message
 * is not looked at: its language follows the server's lc_messages.
 */
export function isCanceledStatement(error: unknown): boolean {
  return pgError(error)?.code === '57014';
}

/** Socket failures of the driver's connection to the database server. */
const UNREACHABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** PostgreSQL's own "no connection": 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now. */
const UNREACHABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03']);

/**
 * node-postgres reports a lost or refused connection by message only (pg 8: client.js and
 * pg-pool). These texts are the driver's, in English whatever the server's locale.
 */
const UNREACHABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Connection terminated due to connection timeout',
];

/**
 * The database cannot be reached (docs/operations-limits.md, "Database outage"): the connection
 * was refused, reset or ended, a connection could not be had in time, or the server answers
 * with a connection exception (SQLSTATE class 08) or is shutting down or starting (57P01-57P03).
 * Such a request is answered 503 errors.unavailable, not 500: it is the same request that works
 * once the database is back. Looks through Drizzle's wrapper (`cause`) and Node's
 * AggregateError (one error per address tried).
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  const pending: unknown[] = [error];
  for (let seen = 0; pending.length > 0 && seen < 16; seen += 1) {
    const current = pending.shift();
    if (!current || typeof current !== 'object') continue;
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof candidate.code === 'string') {
      if (UNREACHABLE_SOCKET_CODES.has(candidate.code) || UNREACHABLE_SQLSTATES.has(candidate.code)) return true;
      if (/^08[0-9A-Z]{3}$/.test(candidate.code)) return true;
    }
    if (typeof candidate.message === 'string' && UNREACHABLE_MESSAGES.some((text) => (candidate.message as string).startsWith(text))) return true;
    pending.push(candidate.cause);
    if (Array.isArray(candidate.errors)) pending.push(...(candidate.errors as unknown[]));
  }
  return false;
}
