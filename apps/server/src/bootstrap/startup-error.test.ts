import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { describeStartupError } from './startup-error';

const HASH = 'scrypt$16384$8$1$c2FsdA$aGFzaA';
const insert = 'insert into "users" ("email", "password_hash", "portal_rights") values ($1, $2, $3)';
const params = ['admin@example.com', HASH, '{"addNode":true}'];

/** A PostgreSQL error as node-postgres and PGlite raise it. */
function pgError(code: string, message: string, extra: Record<string, string> = {}): Error {
  return Object.assign(new Error(message), { code, ...extra });
}

describe('the start-up error line', () => {
  it('names a failed statement by its code, constraint and message, never its parameters', () => {
    const error = new DrizzleQueryError(insert, params, pgError('23505', 'duplicate key value violates unique constraint "users_email_key"', { constraint: 'users_email_key', table: 'users' }));
    expect(error.message).toContain(HASH);
    const line = describeStartupError(error);
    expect(line).toBe('a database statement failed (SQLSTATE 23505, users_email_key, users): duplicate key value violates unique constraint "users_email_key"');
    expect(line).not.toContain(HASH);
    expect(line).not.toContain('params');
  });

  it('leaves out a data exception message, which quotes the value', () => {
    const error = new DrizzleQueryError(insert, params, pgError('22P02', `invalid input syntax for type json: "${HASH}"`));
    expect(describeStartupError(error)).toBe('a database statement failed (SQLSTATE 22P02)');
  });

  it('gives a failed statement without a code its cause, without the parameters', () => {
    expect(describeStartupError(new DrizzleQueryError(insert, params, new Error('Connection terminated')))).toBe('a database statement failed: Connection terminated');
    expect(describeStartupError(new DrizzleQueryError(insert, params, undefined as never))).toBe('a database statement failed');
  });

  it('keeps any other message, cut before a params line', () => {
    expect(describeStartupError(new Error('DATA_DIR: cannot use "/sys" for the embedded database: the folder is not writable'))).toBe(
      'DATA_DIR: cannot use "/sys" for the embedded database: the folder is not writable',
    );
    expect(describeStartupError(new Error(`something failed\nparams: ${HASH}`))).toBe('something failed');
    expect(describeStartupError('plain')).toBe('plain');
  });
});
