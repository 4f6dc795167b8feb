import { ERROR } from '@aquasmart/domain';
import { constraintViolation } from '../db/db-errors';
import { ApiError } from './api-error';

/**
 * Maps the database's own refusals to answers, for the races that slip past the checks done
 * before a write: a unique key taken meanwhile is a 409 naming the field, a row still referenced
 * is a 409 "in use". Anything else is rethrown.
 */
export function rethrowConstraint(error: unknown, uniques: Record<string, { key: string; field: string }>): never {
  const violation = constraintViolation(error);
  if (violation?.kind === 'unique') {
    const known = uniques[violation.constraint];
    if (known) throw new ApiError(409, known.key, `${known.field} is taken`, { [known.field]: known.key });
    throw ApiError.conflict('A unique value is taken');
  }
  if (violation?.kind === 'foreignKey') throw ApiError.conflict('Still referenced by other data', ERROR.inUse);
  throw error;
}
