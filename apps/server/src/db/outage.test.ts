import { describe, expect, it } from 'vitest';
import net from 'node:net';
import pg from 'pg';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { isDatabaseUnreachable } from './db-errors';

/** A real refusal: node-postgres connecting to a port nobody listens on. */
async function refusedConnectionError(): Promise<unknown> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'nobody', database: 'none' });
  return client.connect().then(
    () => new Error('connected to a closed port'),
    (error: unknown) => error,
  );
}

function withCode(code: string, message = 'pg error'): Error {
  return Object.assign(new Error(message), { code });
}

describe('isDatabaseUnreachable: which failures mean "the database cannot be reached"', () => {
  it('a refused connection (ECONNREFUSED from the driver itself)', async () => {
    expect(isDatabaseUnreachable(await refusedConnectionError())).toBe(true);
  });

  it.each([
    ['ECONNRESET', withCode('ECONNRESET', 'read ECONNRESET')],
    ['ETIMEDOUT', withCode('ETIMEDOUT', 'connect ETIMEDOUT')],
    ['connection terminated unexpectedly', new Error('Connection terminated unexpectedly')],
    ['connection terminated (pool ending)', new Error('Connection terminated')],
    ['connect timeout of the pool', new Error('Connection terminated due to connection timeout')],
    ['timeout acquiring a connection', new Error('timeout exceeded when trying to connect')],
    ['client broken after an error', new Error('Client has encountered a connection error and is not queryable')],
    ['08000 connection_exception', withCode('08000')],
    ['08003 connection_does_not_exist', withCode('08003')],
    ['08006 connection_failure', withCode('08006')],
    ['08P01 protocol_violation', withCode('08P01')],
    ['57P01 admin_shutdown', withCode('57P01', 'terminating connection due to administrator command')],
    ['57P02 crash_shutdown', withCode('57P02')],
    ['57P03 cannot_connect_now', withCode('57P03', 'the database system is starting up')],
    ['wrapped by Drizzle', new DrizzleQueryError('select 1', [], withCode('57P01'))],
    ['twice wrapped', new Error('outer', { cause: new DrizzleQueryError('select 1', [], new Error('Connection terminated unexpectedly')) })],
    ['one address of several refused (AggregateError)', Object.assign(new AggregateError([new Error('x'), withCode('ECONNREFUSED')], 'connect failed'))],
  ])('unreachable: %s', (_name, error) => {
    expect(isDatabaseUnreachable(error)).toBe(true);
  });

  it.each([
    ['23505 unique_violation', withCode('23505')],
    ['23503 foreign_key_violation', withCode('23503')],
    ['57014 query_canceled (statement timeout: errors.queryTimeout)', withCode('57014')],
    ['57P04 database_dropped (not one of 57P01-57P03)', withCode('57P04')],
    ['42P01 undefined_table', withCode('42P01')],
    ['07000 (class 07, next to 08)', withCode('07000')],
    ['09000 (class 09, next to 08)', withCode('09000')],
    ['a plain error', new Error('boom')],
    ['a message that only mentions a connection', new Error('the connection string is fine')],
    ['Drizzle wrapping a unique violation', new DrizzleQueryError('insert', [], withCode('23505'))],
    ['null', null],
    ['a string', 'ECONNREFUSED'],
  ])('not unreachable: %s', (_name, error) => {
    expect(isDatabaseUnreachable(error)).toBe(false);
  });
});

/**
 * A database outage through the API (docs/operations-limits.md, "Database outage"): the app's
 * pools reach PostgreSQL through a TCP proxy the test cuts and restores. PostgreSQL only: PGlite
 * runs inside the process and cannot be cut off.
 */
