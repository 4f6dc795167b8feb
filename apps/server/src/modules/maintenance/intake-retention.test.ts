import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DAY_MS } from '@aquasmart/domain';
import { queryRows } from '../../db/database';
import { useTestContext } from '../../test/test-app';
import { createIntakeRetentionJob, deleteOldIntakeEvents, FAILED_INTAKE_EVENTS_KEPT_MS, INTAKE_EVENTS_KEPT_MS, RETENTION_CHUNK, RETENTION_KINDS } from './intake-retention';

const NOW = Date.parse('2026-11-24T12:00:00Z');

describe('retention of intake events', () => {
  const ctx = useTestContext({ reset: 'never' });
  const db = () => ctx.database.system;

  beforeEach(async () => {
    await db().execute(sql`DELETE FROM intake_events`);
  });

  const insert = async (key: string, ageMs: number, state: 'processed' | 'failed' | 'pending', count = 1) => {
    await db().execute(sql`INSERT INTO intake_events (event, dedupe_key, body, received_at, processed_at, last_error)
      SELECT 'up', ${key} || ':' || g, '{}'::jsonb, ${new Date(NOW - ageMs).toISOString()}::timestamptz,
        ${state === 'pending' ? null : new Date(NOW - ageMs + 1000).toISOString()}::timestamptz, ${state === 'failed' ? 'payload not understood' : null}
      FROM generate_series(1, ${count}) g`);
  };
  const remaining = async () => (await queryRows<{ key: string }>(db(), sql`SELECT split_part(dedupe_key, ':', 1) AS key FROM intake_events ORDER BY id`)).map((row) => row.key);
  const runToEnd = async () => {
    let deleted = 0;
    for (const kind of RETENTION_KINDS) {
      let afterId = 0;
      for (let round = 0; ; round++) {
        if (round === 100) throw new Error('retention did not finish');
        const step = await deleteOldIntakeEvents(db(), kind, afterId, NOW);
        deleted += step.deleted;
        afterId = step.nextAfterId;
        if (step.done) break;
      }
    }
    return deleted;
  };

  it.each<[string, number, 'processed' | 'failed' | 'pending', boolean]>([
    ['processed 40 days ago', 40 * DAY_MS, 'processed', true],
    ['processed a millisecond past the retention', INTAKE_EVENTS_KEPT_MS + 1, 'processed', true],
    ['processed exactly at the retention', INTAKE_EVENTS_KEPT_MS, 'processed', false],
    ['processed yesterday', DAY_MS, 'processed', false],
    ['failed 40 days ago (an intake error)', 40 * DAY_MS, 'failed', false],
    ['failed exactly at its retention of 90 days', FAILED_INTAKE_EVENTS_KEPT_MS, 'failed', false],
    ['failed a millisecond past its retention', FAILED_INTAKE_EVENTS_KEPT_MS + 1, 'failed', true],
    ['still unprocessed after 40 days', 40 * DAY_MS, 'pending', false],
  ])('%s: deleted %s', async (_name, ageMs, state, deleted) => {
    await insert('old', 60 * DAY_MS, 'processed');
    await insert('case', ageMs, state);
    await insert('new', 0, 'processed');
    expect(await runToEnd()).toBe(deleted ? 2 : 1);
    expect(await remaining()).toEqual(deleted ? ['new'] : ['case', 'new']);
  });

  it('works through more old events than one chunk holds, and passes kept ones over', async () => {
    await insert('oldfailed', 100 * DAY_MS, 'failed', 2);
    await insert('failed', 50 * DAY_MS, 'failed', 3);
    await insert('old', 45 * DAY_MS, 'processed', RETENTION_CHUNK * 2 + 17);
    await insert('recent', DAY_MS, 'processed', 5);
    expect(await runToEnd()).toBe(RETENTION_CHUNK * 2 + 17 + 2);
    expect(await remaining()).toEqual(['failed', 'failed', 'failed', 'recent', 'recent', 'recent', 'recent', 'recent']);
  });

  it('stops at the first chunk that reaches young events, and starts there again next time', async () => {
    await insert('old', 45 * DAY_MS, 'processed', 10);
    await insert('recent', DAY_MS, 'processed', 10);
    const step = await deleteOldIntakeEvents(db(), RETENTION_KINDS[0], 0, NOW);
    expect(step).toEqual({ deleted: 10, nextAfterId: 0, done: true });
  });

  it('the job works through a backlog of several chunks, one step at a time, and logs each kind once', async () => {
    await insert('old', 45 * DAY_MS, 'processed', RETENTION_CHUNK * 2 + 3);
    await insert('oldfailed', 100 * DAY_MS, 'failed', 4);
    await insert('recent', DAY_MS, 'processed', 2);
    const logged: { deleted: number; message: string }[] = [];
    const log = { info: (object: { deleted: number }, message: string) => logged.push({ deleted: object.deleted, message }), error: () => undefined };
    const job = createIntakeRetentionJob(db(), log as never, 3_600_000);
    job.start();
    try {
      for (let attempt = 0; attempt < 300 && (await remaining()).length > 2; attempt++) await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await job.stop();
    }
    expect(await remaining()).toEqual(['recent', 'recent']);
    expect(logged.map((entry) => entry.deleted).sort((a, b) => a - b)).toEqual([4, RETENTION_CHUNK * 2 + 3]);
  });
});
