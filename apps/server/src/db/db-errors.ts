import { ERROR } from '@aquasmart/domain';
import { ApiError } from '../lib/api-error';

/** The PostgreSQL error under a driver or Drizzle wrapper (both drivers put `code` on it). */
function pgError(error: unknown): { code?: string; constraint?: string; constraint_name?: string } | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate as never;
    current = candidate.cause;
  }
  return null;
}

/**
 * Maps the database's own refusals to answers, for the races that slip past the checks done
 * before a write: a unique key taken meanwhile is a 409 naming the field, a row still referenced
 * is a 409 "in use". Anything else is rethrown.
 */
export function rethrowConstraint(error: unknown, uniques: Record<string, { key: string; field: string }>): never {
  const found = pgError(error);
  if (found?.code === '23505') {
    const constraint = found.constraint ?? found.constraint_name ?? '';
    const known = uniques[constraint];
    if (known) throw new ApiError(409, known.key, `${known.field} is taken`, { [known.field]: known.key });
    throw ApiError.conflict('A unique value is taken');
  }
  if (found?.code === '23503') throw ApiError.conflict('Still referenced by other data', ERROR.inUse);
  throw error;
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
