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
 * PostgreSQL only: PostgreSQL stops answering without refusing or ending the connections (a
 * network partition, a stuck failover): the test's TCP proxy keeps every socket open and forwards
 * nothing, new connections included (issue 35 item 1). Before the hang watch, the intake's INSERT,
 * `/readyz` and every API request waited for ever.
 */
describe('the portal while PostgreSQL hangs', () => {
  const SECRET = 'hang-test-secret-000001';
  const EUI = '70B3D5499D000099';
  const WAVE = 30;
  const spoolDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquasmart-hang-'));
  let proxy: TTcpProxy | undefined;
  const ctx = useTestContext({
    reset: 'never',
    intakeSpoolDir: spoolDir,
    database: { hangWatch: true },
    connectThrough: async (url) => {
      const proxied = await proxyInFrontOf(url);
      proxy = proxied.proxy;
      return proxied.url;
    },
  });
  afterAll(async () => {
    proxy?.restore();
    await proxy?.close();
    fs.rmSync(spoolDir, { recursive: true, force: true });
  });

  const now = Math.floor(Date.now() / 1000);
  /** An answer's status and how long it took; 0 when none came within 10 s (the test must not hang itself). */
  const timed = async (request: () => Promise<{ statusCode: number; json: () => unknown }>) => {
    const started = performance.now();
    const answer = await Promise.race([request(), new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000))]);
    return { status: answer?.statusCode ?? 0, ms: Math.round(performance.now() - started), body: answer?.json() };
  };
  const post = (fCnt: number) =>
    timed(() => postChirpstack(ctx.app, SECRET, 'up', chirpstackUp(EUI, fCnt, payload('V2', { kind: 'temperature', msgId: 42, timestamp: now - fCnt, temperatures: [60, 15, 30] }))));
  const wave = (first: number) => Promise.all(Array.from({ length: WAVE }, (_v, i) => post(first + i)));
  const health = () => timed(() => ctx.app.inject({ method: 'GET', url: '/readyz' }));
  const spooled = () => fs.readdirSync(spoolDir).filter((name) => name.startsWith('intake-spool'));

  it('answers the API and /readyz 503 within 2 s, spools the uplinks, and loses none once it answers again', { timeout: 60_000 }, async () => {
    const networkServerId = await seedNetworkServer(ctx.database.db, 'ChirpStack', 'chirpstack', SECRET);
    await seedDevice(ctx.database.db, EUI, 'V2', networkServerId);
    await ctx.database.db.insert(customers).values({ name: 'Gemeente Zwolle' });
    const { reader } = await ctx.signedInUsers({ reader: {} });
    const list = () => timed(() => ctx.app.inject({ method: 'GET', url: '/api/v1/customers', headers: { 'x-access-token': reader } }));
    expect((await post(1)).status).toBe(200);
    expect((await list()).status).toBe(200);
    expect((await health()).status).toBe(200);

    // Hung with requests on the way, and 3 s into the hang.
    proxy!.hang();
    const first = await Promise.all([wave(2), health(), list()]);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const later = await Promise.all([wave(2 + WAVE), health(), list()]);
    for (const [uplinks, healthz, api] of [first, later]) {
      expect(healthz).toMatchObject({ status: 503 });
      expect(healthz.ms).toBeLessThan(2_000);
      expect(api).toMatchObject({ status: 503, body: { key: ERROR.unavailable } });
      expect(api.ms).toBeLessThan(2_000);
      expect(uplinks.map((answer) => answer.status)).toEqual(Array(WAVE).fill(200));
      expect(Math.max(...uplinks.map((answer) => answer.ms))).toBeLessThan(2_000);
    }
    expect(spooled().length).toBeGreaterThan(0);
    console.info(
      `time to 503 during a hang: /readyz ${first[1].ms} ms then ${later[1].ms} ms, API ${first[2].ms} ms then ${later[2].ms} ms; uplinks spooled in at most ${Math.max(...first[0].map((a) => a.ms))} ms then ${Math.max(...later[0].map((a) => a.ms))} ms`,
    );

    proxy!.restore();
    const total = 1 + 2 * WAVE;
    const deadline = Date.now() + 20_000;
    while ((spooled().length || (await countOf(ctx.database.db, 'intake_events')) < total) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(spooled()).toEqual([]);
    expect(await countOf(ctx.database.db, 'intake_events')).toBe(total);
    while ((await processIntakeBatch(ctx.database.db)) > 0);
    expect(await countOf(ctx.database.db, 'device_data', sql`device_eui = ${EUI}`)).toBe(total);
    expect((await health()).status).toBe(200);
    expect((await list()).status).toBe(200);
  });
});
