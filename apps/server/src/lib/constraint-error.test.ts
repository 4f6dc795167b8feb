import { ERROR } from '@aquasmart/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { rethrowConstraint } from './constraint-error';

const UNIQUES = { customers_name_unique: { key: 'validation.nameTaken', field: 'name' } };

function thrownBy(error: unknown): unknown {
  try {
    rethrowConstraint(error, UNIQUES);
  } catch (thrown) {
    return thrown;
  }
  throw new Error('rethrowConstraint returned');
}

/** Drizzle wraps the driver's error; node-postgres names the constraint `constraint`, PGlite `constraint_name`. */
const wrapped = (cause: object) => Object.assign(new Error('Failed query'), { cause });

describe('rethrowConstraint', () => {
  it.each([
    ['a known unique key (node-postgres)', wrapped({ code: '23505', constraint: 'customers_name_unique' }), 409, 'validation.nameTaken', { name: 'validation.nameTaken' }],
    ['a known unique key (PGlite)', wrapped({ code: '23505', constraint_name: 'customers_name_unique' }), 409, 'validation.nameTaken', { name: 'validation.nameTaken' }],
    ['an unknown unique key', wrapped({ code: '23505', constraint: 'other_unique' }), 409, ERROR.conflict, undefined],
    ['a row still referenced', wrapped({ code: '23503' }), 409, ERROR.inUse, undefined],
  ])('answers %s', (_case, error, statusCode, key, fields) => {
    const thrown = thrownBy(error);
    expect(thrown).toBeInstanceOf(ApiError);
    expect(thrown).toMatchObject({ statusCode, key, fields });
  });

  it('rethrows anything else as it came', () => {
    const other = wrapped({ code: '23502' });
    expect(thrownBy(other)).toBe(other);
  });
});
