import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteDatabase } from './client';
import { inTurn, rowsInTurn } from './turns';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('inTurn', () => {
  it('runs one statement at a time per handle, in arrival order, each after a turn of the event loop', async () => {
    const handle = {};
    const events: string[] = [];
    let running = 0;
    let most = 0;
    const statement = (id: number) =>
      inTurn(handle, async () => {
        running += 1;
        most = Math.max(most, running);
        events.push(`start ${id}`);
        // A request read from a socket while the statement holds the loop (as PGlite's does): its callback waits for the next turn.
        if (id === 1) setImmediate(() => events.push('request'));
        await Promise.resolve();
        events.push(`end ${id}`);
        running -= 1;
        return id;
      });
    expect(await Promise.all([statement(1), statement(2), statement(3)])).toEqual([1, 2, 3]);
    expect(most).toBe(1);
    expect(events).toEqual(['start 1', 'end 1', 'request', 'start 2', 'end 2', 'start 3', 'end 3']);
  });

  it('lets other handles (another report on PostgreSQL, in its own transaction) go on, and a failure fails its caller only', async () => {
    const [a, b] = [{}, {}];
    const order: string[] = [];
    let releaseA!: () => void;
    const slow = inTurn(a, () => new Promise<void>((resolve) => (releaseA = resolve)).then(() => order.push('a1')));
    const failing = inTurn(a, () => Promise.reject(new Error('a2 failed')));
    const afterFailure = inTurn(a, async () => order.push('a3'));
    await inTurn(b, async () => order.push('b1'));
    expect(order).toEqual(['b1']);
    releaseA();
    await slow;
    await expect(failing).rejects.toThrow('a2 failed');
    await afterFailure;
    expect(order).toEqual(['b1', 'a1', 'a3']);
  });
});

describe('on PGlite: a request waits behind at most one statement of the long reads', () => {
  const client = new PGlite();
  const database = pgliteDatabase(client);
  afterAll(() => database.close());

  it('two long reads of 12 statements each, and requests between them', async () => {
    const db = database.db;
    let backgroundDone = 0;
    // A statement that keeps the WASM engine busy for a while (tens of ms here).
    const longRead = async () => {
      for (let index = 0; index < 12; index++) {
        await rowsInTurn(db, sql`SELECT count(*) FROM generate_series(1, 20000)`);
        backgroundDone += 1;
      }
    };
    const reads = Promise.all([longRead(), longRead()]);
    // Requests one after the other, a turn of the loop apart (as from sockets): how many background statements ran before each answer.
    const seenAtAnswer: number[] = [];
    while (backgroundDone < 24) {
      await nextTurn();
      await db.execute(sql`SELECT 1`);
      seenAtAnswer.push(backgroundDone);
    }
    await reads;
    expect(seenAtAnswer.length).toBeGreaterThanOrEqual(24);
    const between = seenAtAnswer.map((seen, index) => seen - (seenAtAnswer[index - 1] ?? 0));
    expect(Math.max(...between)).toBe(1);
  });
});
