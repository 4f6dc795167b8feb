import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ERROR } from '@aquasmart/domain';
import { customers } from './schema';
import { useTestContext } from '../test/test-app';
import { proxyInFrontOf, type TTcpProxy } from '../test/tcp-proxy';
import { chirpstackUp, countOf, payload, postChirpstack, seedDevice, seedNetworkServer } from '../test/intake-fixtures';
import { processIntakeBatch } from '../modules/telemetry/intake-worker';

/**
 * PostgreSQL only (vitest.config.ts leaves *.postgres.test.ts out of the embedded-database run):
 * the test's own TCP proxy stands between the server and PostgreSQL and is cut and restored.
 * PGlite runs inside the process; there is no connection to cut.
 */
describe('the API while PostgreSQL cannot be reached', () => {
  let proxy: TTcpProxy | undefined;
  const ctx = useTestContext({
    reset: 'never',
    connectThrough: async (url) => {
      const proxied = await proxyInFrontOf(url);
      proxy = proxied.proxy;
      return proxied.url;
    },
  });
  afterAll(async () => proxy?.close());

  const list = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/v1/customers', headers: { 'x-access-token': token } });

  it('answers 503 errors.unavailable while cut, and 200 again by itself once restored', async () => {
    await ctx.database.db.insert(customers).values({ name: 'Gemeente Utrecht' });
    const { reader } = await ctx.signedInUsers({ reader: {} });
    const before = await list(reader);
    expect(before.statusCode).toBe(200);

    proxy!.cut();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const during = await list(reader);
      expect(during.statusCode).toBe(503);
      expect(during.json()).toMatchObject({ statusCode: 503, key: ERROR.unavailable });
    }
    const health = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(health.statusCode).toBe(503);

    proxy!.restore();
    const after = await list(reader);
    expect(after.statusCode).toBe(200);
    expect(after.json<{ items?: { name: string }[] }>()).toBeTruthy();
    expect(JSON.stringify(after.json())).toContain('Gemeente Utrecht');
  });
});

/**
 * The HTTP intake during an outage (docs/telemetry.md, "While the database is unreachable"):
 * answered uplinks go to the spool in DATA_DIR and are replayed once the database is back.
 */
describe('the HTTP intake while PostgreSQL cannot be reached', () => {
  const SECRET = 'outage-test-secret-0001';
  const EUI = '70B3D5499D000077';
  const WAVE = 40;
  const spoolDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquasmart-spool-'));
  let proxy: TTcpProxy | undefined;
  const ctx = useTestContext({
    reset: 'never',
    intakeSpoolDir: spoolDir,
    connectThrough: async (url) => {
      const proxied = await proxyInFrontOf(url);
      proxy = proxied.proxy;
      return proxied.url;
    },
  });
  afterAll(async () => {
    await proxy?.close();
    fs.rmSync(spoolDir, { recursive: true, force: true });
  });

  const now = Math.floor(Date.now() / 1000);
  const post = (fCnt: number) =>
    postChirpstack(ctx.app, SECRET, 'up', chirpstackUp(EUI, fCnt, payload('V2', { kind: 'temperature', msgId: 42, timestamp: now - fCnt, temperatures: [60, 15, 30] })));
  const wave = (first: number) => Array.from({ length: WAVE }, (_v, i) => post(first + i));
  const spooled = () => fs.readdirSync(spoolDir).filter((name) => name.startsWith('intake-spool'));

  it('every uplink answered during a burst with the database cut off is in the history exactly once', async () => {
    const networkServerId = await seedNetworkServer(ctx.database.db, 'ChirpStack', 'chirpstack', SECRET);
    await seedDevice(ctx.database.db, EUI, 'V2', networkServerId);
    expect((await post(1)).statusCode).toBe(200);

    // In flight when the cut comes, during the cut (past the network-server cache's freshness), and right after.
    const inFlight = wave(2);
    proxy!.cut();
    const duringCut = [...(await Promise.all(inFlight))];
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    duringCut.push(...(await Promise.all(wave(2 + WAVE))));
    expect(spooled().length).toBeGreaterThan(0); // the spool, and the copy a failed replay attempt moved aside
    const lines = spooled().reduce((sum, name) => sum + fs.readFileSync(path.join(spoolDir, name), 'utf8').split('\n').filter(Boolean).length, 0);
    expect(lines).toBe(2 * WAVE);
    const resent = await post(2 + WAVE); // a network server's retry of an uplink already spooled
    proxy!.restore();
    const afterRestore = await Promise.all(wave(2 + 2 * WAVE));
    const total = 1 + 3 * WAVE;
    expect([...duringCut, resent, ...afterRestore].map((answer) => answer.statusCode)).toEqual(Array(2 * WAVE + 1 + WAVE).fill(200));

    const deadline = Date.now() + 20_000;
    while ((spooled().length || (await countOf(ctx.database.db, 'intake_events')) < total) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(spooled()).toEqual([]);
    expect(await countOf(ctx.database.db, 'intake_events')).toBe(total);
    while ((await processIntakeBatch(ctx.database.db)) > 0);
    expect(await countOf(ctx.database.db, 'device_data', sql`device_eui = ${EUI}`)).toBe(total);
    expect(await countOf(ctx.database.db, 'intake_events', sql`processed_at IS NULL`)).toBe(0);
  });
});
