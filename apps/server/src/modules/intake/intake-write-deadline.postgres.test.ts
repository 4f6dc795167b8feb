import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { IntakeSpool } from './intake-spool';
import { IntakeWriter } from './intake-writer';
import { useTestContext } from '../../test/test-app';
import { countOf } from '../../test/intake-fixtures';

/**
 * PostgreSQL only: an INSERT of the intake that waits (here on a lock someone holds on
 * intake_events) has its batch spooled and answered after the write deadline, so a store call
 * settles in bounded time whatever PostgreSQL does (the MQTT intake acknowledges after it).
 */
describe('the intake writer when its INSERT waits', () => {
  const ctx = useTestContext({ reset: 'never' });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquasmart-deadline-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('spools and answers the batch after the deadline, and stores each event once when the wait ends', { timeout: 30_000 }, async () => {
    let unlock: () => void = () => undefined;
    let locked: () => void = () => undefined;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE intake_events IN EXCLUSIVE MODE`);
      locked();
      await new Promise<void>((resolve) => (unlock = resolve));
    });
    await isLocked;
    const spool = new IntakeSpool(dir, { warn: () => undefined, error: () => undefined });
    const writer = new IntakeWriter(ctx.database.system, { spool, writeDeadlineMs: 300 });
    const event = (n: number) => ({ envelope: { kind: 'up' as const, eui: '70B3D5499D000002', fCnt: n, receivedAt: 1, fPort: 1, data: '' }, dedupeKey: `d-${n}` });

    const started = performance.now();
    const answers = await Promise.all([writer.submit(null, event(1)), writer.submit(null, event(2))]);
    const ms = performance.now() - started;
    expect(answers).toEqual([true, true]);
    expect(ms).toBeLessThan(2_000);
    expect(spool.hasPending()).toBe(true);
    // While the spool holds rows, the next one queues behind them without an INSERT.
    expect(await writer.submit(null, event(3))).toBe(true);

    unlock();
    await holder;
    await writer.replaySpool();
    await writer.close();
    expect(spool.hasPending()).toBe(false);
    expect(await countOf(ctx.database.system, 'intake_events')).toBe(3);
    expect(await countOf(ctx.database.system, 'intake_events', sql`dedupe_key IN ('null:d-1', 'null:d-2', 'null:d-3')`)).toBe(3);
  });
});
