import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { IntakeSpool, IntakeSpoolFullError, type TIntakeRow } from './intake-spool';
import { IntakeWriter } from './intake-writer';
import { useTestContext } from '../../test/test-app';
import { countOf } from '../../test/intake-fixtures';
import { queryRows } from '../../db/database';

/**
 * The intake spool (docs/telemetry.md, "While the database is unreachable"). The outage itself,
 * through a proxy the test cuts, is in db/outage.test.ts (PostgreSQL); these run on both databases.
 */
let dir: string;
let logged: { level: string; message: string }[];
const log = {
  warn: (_object: object, message: string) => logged.push({ level: 'warn', message }),
  error: (_object: object, message: string) => logged.push({ level: 'error', message }),
};
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquasmart-spool-unit-'));
  logged = [];
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const row = (n: number): TIntakeRow => ({ ns: null, event: 'up', key: `null:k-${n}`, body: { kind: 'up', eui: '70B3D5499D000001', fCnt: n, receivedAt: 1, fPort: 1, data: '' } });
const keys = (rows: TIntakeRow[]) => rows.map((one) => one.key);

describe('IntakeSpool', () => {
  it('creates its file readable and writable by the server alone (0600), also under a loose umask', () => {
    const before = process.umask(0o000);
    try {
      const spool = new IntakeSpool(path.join(dir, 'intake-spool'), log);
      spool.append([row(1)]);
      expect(fs.statSync(spool.file).mode & 0o777).toBe(0o600);
    } finally {
      process.umask(before);
    }
  });

  it('replays appended rows in order, in chunks, and then holds nothing', async () => {
    const spool = new IntakeSpool(path.join(dir, 'intake-spool'), log);
    expect(spool.hasPending()).toBe(false);
    spool.append([row(1), row(2)]);
    spool.append([row(3)]);
    expect(spool.hasPending()).toBe(true);
    const chunks: string[][] = [];
    expect(await spool.replay(async (rows) => void chunks.push(keys(rows)), 2)).toBe(3);
    expect(chunks).toEqual([['null:k-1', 'null:k-2'], ['null:k-3']]);
    expect(spool.hasPending()).toBe(false);
    expect(await spool.replay(async () => Promise.reject(new Error('not called')))).toBe(0);
  });

  it('a failed replay keeps every row, and rows appended meanwhile come after them', async () => {
    const spool = new IntakeSpool(dir, log);
    spool.append([row(1), row(2)]);
    await expect(spool.replay(async () => Promise.reject(new Error('Connection terminated unexpectedly')))).rejects.toThrow('Connection terminated');
    spool.append([row(3)]);
    const seen: string[] = [];
    expect(await spool.replay(async (rows) => void seen.push(...keys(rows)))).toBe(2);
    expect(await spool.replay(async (rows) => void seen.push(...keys(rows)))).toBe(1);
    expect(seen).toEqual(['null:k-1', 'null:k-2', 'null:k-3']);
  });

  it('is bounded: past the limit an append is refused with one error log line, not written', () => {
    const one = Buffer.byteLength(`${JSON.stringify(row(1))}\n`);
    const spool = new IntakeSpool(dir, log, one * 2);
    spool.append([row(1), row(2)]);
    expect(() => spool.append([row(3)])).toThrow(IntakeSpoolFullError);
    expect(() => spool.append([row(4)])).toThrow(IntakeSpoolFullError);
    expect(logged.filter((entry) => entry.level === 'error')).toHaveLength(1);
    expect(logged[0].message).toContain('intake spool full');
    expect(fs.readFileSync(spool.file, 'utf8').split('\n').filter(Boolean)).toHaveLength(2);
  });

  it('leaves out a torn last line (a crash during its append: that request was never answered)', async () => {
    const spool = new IntakeSpool(dir, log);
    spool.append([row(1)]);
    fs.appendFileSync(spool.file, '{"ns":null,"event":"up","key":"null:k-');
    const seen: string[] = [];
    expect(await spool.replay(async (rows) => void seen.push(...keys(rows)))).toBe(1);
    expect(seen).toEqual(['null:k-1']);
  });

  it('an append that cannot be written is logged and thrown (the request gets a 503)', () => {
    const spool = new IntakeSpool(dir, log);
    fs.rmSync(dir, { recursive: true });
    expect(() => spool.append([row(1)])).toThrow(/ENOENT/);
    expect(logged.map((entry) => entry.message)).toEqual(['intake spool: cannot append; uplinks are refused (503) until the database is back']);
  });

  it('refuses a DATA_DIR it cannot write, naming it', () => {
    expect(() => new IntakeSpool('/proc/nope/intake-spool', log)).toThrow(/DATA_DIR.*\/proc\/nope/);
  });
});

describe('IntakeWriter with a spool left by an earlier run', () => {
  const ctx = useTestContext();

  it('replays it into intake_events, each row once: a row already stored is not written again', async () => {
    const spool = new IntakeSpool(dir, log);
    const writer = new IntakeWriter(ctx.database.system, { spool });
    const event = (n: number) => ({ envelope: { kind: 'up' as const, eui: '70B3D5499D000001', fCnt: n, receivedAt: 1, fPort: 1, data: '' }, dedupeKey: `k-${n}` });
    expect(await writer.submit(null, event(2))).toBe(true);
    spool.append([row(1), row(2), row(3)]);
    // Rows wait in the spool: a new event queues behind them, answered as stored once appended.
    expect(await writer.submit(null, event(4))).toBe(true);
    expect(await countOf(ctx.database.system, 'intake_events')).toBe(1);
    await writer.replaySpool();
    await writer.close();
    expect(spool.hasPending()).toBe(false);
    const stored = await queryRows<{ dedupe_key: string }>(ctx.database.system, sql`SELECT dedupe_key FROM intake_events ORDER BY id`);
    expect(stored.map((one) => one.dedupe_key)).toEqual(['null:k-2', 'null:k-1', 'null:k-3', 'null:k-4']);
  });

  it('a spooled row the database refuses is logged and left out; the others are stored', async () => {
    const spool = new IntakeSpool(dir, log);
    const refused: string[] = [];
    const writer = new IntakeWriter(ctx.database.system, { spool, onReplayError: (_error, one) => one && refused.push(one.key) });
    spool.append([row(1), { ...row(2), ns: 999_999 }, row(3)]); // no network server 999999: a foreign-key refusal
    await writer.replaySpool();
    await writer.close();
    expect(refused).toEqual(['null:k-2']);
    expect(await countOf(ctx.database.system, 'intake_events')).toBe(2);
  });
});
