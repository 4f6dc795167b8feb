import type { SQL } from 'drizzle-orm';
import { queryRows, type TDbOrTx } from './database';

/**
 * Long reads that share the database with requests take turns with them (docs/operations-limits.md,
 * "Heavy reports"). PGlite runs a statement on the event loop and serves its one connection in
 * arrival order, so a logbook report's statements issued back to back (or several at once) would
 * hold both the loop and the connection for the whole report. A statement run through `inTurn`:
 *
 * - waits for the statements of other long reads on the same handle that came before it: one at a
 *   time per handle, however many reports read at once (on PostgreSQL a report reads in a
 *   transaction of its own, so there the turns are per report);
 * - then for a turn of the event loop (setImmediate, after pending I/O): requests that arrived
 *   meanwhile are read and their statements queued before it.
 *
 * So on PGlite a request waits behind at most one statement of the long reads, and the loop is held
 * at most one statement at a time; how long that is depends on the statement, which is why the
 * reports read in pieces (modules/logbook/logbook-days.ts, `REPORT_READ_SIZE`). A statement inside
 * a transaction goes through the transaction's handle: the transaction itself takes one turn.
 */
const lanes = new WeakMap<object, Promise<unknown>>();

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function inTurn<T>(handle: object, work: () => Promise<T>): Promise<T> {
  const before = lanes.get(handle) ?? Promise.resolve();
  const run = before.then(nextTurn).then(work);
  // A failed statement fails its caller only; the next one takes its turn all the same.
  lanes.set(
    handle,
    run.catch(() => undefined),
  );
  return run;
}

/** `queryRows` in turn (above). */
export function rowsInTurn<T>(db: Pick<TDbOrTx, 'execute'>, query: SQL): Promise<T[]> {
  return inTurn(db, () => queryRows<T>(db, query));
}
