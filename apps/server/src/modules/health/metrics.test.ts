import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
// @ts-expect-error: the parser ships no types; its output is described by TFamily below.
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { BackgroundLoop } from '../../lib/background-loop';
import { useTestContext } from '../../test/test-app';
import { chirpstackUp, payload, postChirpstack, seedDevice, seedNetworkServer } from '../../test/intake-fixtures';
import { listenLocally, openStream } from '../../test/sse-client';
import { processIntakeBatch } from '../telemetry/intake-worker';
import { addressList } from './metrics-routes';

/** The parser's output (prom2json's shape): one family per metric name; a histogram's sample holds count, sum and buckets. */
interface TSample {
  value?: string;
  count?: string;
  labels?: Record<string, string>;
}
interface TFamily {
  name: string;
  type: string;
  metrics: TSample[];
}

const TOKEN = 'metrics-token-0123456789abcdef0123456789';
const SECRET = 'cs-secret-0123456789';
const EUI = '70B3D5499A00E001';
const ctx = useTestContext({ reset: 'never', metrics: { METRICS_TOKEN: TOKEN } });
let admin: string;

beforeAll(async () => {
  ({ admin } = await ctx.signedInUsers({ admin: { administrator: true } }));
  const ns = await seedNetworkServer(ctx.database.db, 'ChirpStack', 'chirpstack', SECRET);
  await seedDevice(ctx.database.db, EUI, 'V2', ns);
});

async function scrape(app: FastifyInstance = ctx.app): Promise<Map<string, TFamily>> {
  const response = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.statusCode, response.body).toBe(200);
  const typed = parsePrometheusTextFormat(response.body) as TFamily[];
  expect(typed.find((family) => family.name === 'aquasmart_http_request_duration_seconds')?.type).toBe('HISTOGRAM');
  // The parser folds a histogram's labelled series into one (it was written for unlabelled ones), so the
  // series are read from the document without its HELP and TYPE lines: every line then stands as itself
  // (`x_count{…}`, `x_bucket{…}`), one family per run of lines of one name, merged here by name.
  const families = new Map<string, TFamily>();
  for (const family of parsePrometheusTextFormat(response.body.replace(/^# (HELP|TYPE) .*\n/gm, '')) as TFamily[]) {
    const known = families.get(family.name);
    if (known) known.metrics.push(...family.metrics);
    else families.set(family.name, family);
  }
  return families;
}

/** The value of one series (of a histogram: its count); 0 when the series is not there yet. */
function valueOf(families: Map<string, TFamily>, name: string, labels: Record<string, string> = {}): number {
  const family = families.get(name) ?? families.get(`${name}_count`);
  const sample = family?.metrics.find((candidate) => Object.entries(labels).every(([key, value]) => candidate.labels?.[key] === value));
  if (!sample) return 0;
  return Number(sample.count ?? sample.value);
}

const temperature = payload('V2', { kind: 'temperature', msgId: 42, timestamp: 1_795_000_000, temperatures: [58.2, 14.9, -102.4] });

describe('/metrics access', () => {
  it.each([
    ['no Authorization header', undefined, 401],
    ['a wrong token', `Bearer ${TOKEN.replace(/.$/, 'x')}`, 401],
    ['Basic instead of Bearer', `Basic ${TOKEN}`, 401],
    ['the token', `Bearer ${TOKEN}`, 200],
  ])('%s -> %i', async (_case, authorization, status) => {
    const response = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
    expect(response.statusCode).toBe(status);
    if (status === 200) expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    else expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
  });

  it('with an address list, a scrape from elsewhere is a 403 even with the token; off (404) when neither is set', async () => {
    const listed = await buildApp({ config: { TOKEN_TTL: 3600, WEB_DIST: '/nonexistent', LOG_LEVEL: 'silent', TRUST_PROXY: false, METRICS_TOKEN: TOKEN, METRICS_ALLOWED_ADDRESSES: '10.0.0.0/8' }, database: ctx.database });
    const off = await buildApp({ config: { TOKEN_TTL: 3600, WEB_DIST: '/nonexistent', LOG_LEVEL: 'silent', TRUST_PROXY: false }, database: ctx.database });
    try {
      const refused = await listed.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(refused.statusCode).toBe(403);
      const fromList = await listed.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(fromList.statusCode).toBe(200);
      expect((await listed.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3' })).statusCode).toBe(401);
      expect((await off.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
    } finally {
      await Promise.all([listed.close(), off.close()]);
    }
  });

  it.each([
    ['127.0.0.1', '127.0.0.1', true],
    ['127.0.0.1', '::ffff:127.0.0.1', true],
    ['10.0.0.0/8', '10.255.1.1', true],
    ['10.0.0.0/8', '11.0.0.1', false],
    ['10.0.0.0/8, ::1', '::1', true],
    ['fd00::/8', 'fd12::5', true],
    ['fd00::/8', 'fe80::1', false],
    ['127.0.0.1', 'not an address', false],
  ])('address list %s: %s -> %s', (list, address, expected) => {
    expect(addressList(list)(address)).toBe(expected);
  });
});

describe('each metric moves when its thing happens', () => {
  it('uplinks accepted (stored, duplicate), intake backlog and lag, uplinks processed', async () => {
    const before = await scrape();
    expect(valueOf(before, 'aquasmart_outbox_backlog', { kind: 'intake' })).toBe(0);
    expect(valueOf(before, 'aquasmart_intake_lag_seconds')).toBe(0);

    expect((await postChirpstack(ctx.app, SECRET, 'up', chirpstackUp(EUI, 11, temperature))).statusCode).toBe(200);
    expect((await postChirpstack(ctx.app, SECRET, 'up', chirpstackUp(EUI, 11, temperature))).statusCode).toBe(200);
    await ctx.database.system.execute(sql`UPDATE intake_events SET received_at = now() - interval '90 seconds' WHERE processed_at IS NULL`);
    const waiting = await scrape();
    expect(valueOf(waiting, 'aquasmart_uplinks_accepted_total', { outcome: 'stored' }) - valueOf(before, 'aquasmart_uplinks_accepted_total', { outcome: 'stored' })).toBe(1);
    expect(valueOf(waiting, 'aquasmart_uplinks_accepted_total', { outcome: 'duplicate' }) - valueOf(before, 'aquasmart_uplinks_accepted_total', { outcome: 'duplicate' })).toBe(1);
    expect(valueOf(waiting, 'aquasmart_outbox_backlog', { kind: 'intake' })).toBe(1);
    expect(valueOf(waiting, 'aquasmart_intake_lag_seconds')).toBeGreaterThanOrEqual(89);
    expect(valueOf(waiting, 'aquasmart_outbox_oldest_seconds', { kind: 'intake' })).toBeGreaterThanOrEqual(89);

    expect(await processIntakeBatch(ctx.database.system)).toBe(1);
    const processed = await scrape();
    expect(valueOf(processed, 'aquasmart_uplinks_processed_total', { result: 'ok' }) - valueOf(before, 'aquasmart_uplinks_processed_total', { result: 'ok' })).toBe(1);
    expect(valueOf(processed, 'aquasmart_outbox_backlog', { kind: 'intake' })).toBe(0);
    expect(valueOf(processed, 'aquasmart_intake_lag_seconds')).toBe(0);
  });

  it('outbox backlogs per kind: e-mails and downlinks waiting', async () => {
    const before = await scrape();
    await ctx.database.system.execute(sql`INSERT INTO mail_messages (kind, recipient, language, subject, text_body, html_body, message_id, created_at)
      VALUES ('test', 'someone@example.com', 'nl', 's', 't', 'h', '<m1@example.com>', now() - interval '10 minutes')`);
    await ctx.database.system.execute(sql`INSERT INTO downlinks (device_eui, f_port, payload) VALUES (${EUI}, 10, '\\x01'::bytea)`);
    const after = await scrape();
    expect(valueOf(after, 'aquasmart_outbox_backlog', { kind: 'mail' }) - valueOf(before, 'aquasmart_outbox_backlog', { kind: 'mail' })).toBe(1);
    expect(valueOf(after, 'aquasmart_outbox_oldest_seconds', { kind: 'mail' })).toBeGreaterThanOrEqual(599);
    expect(valueOf(after, 'aquasmart_outbox_backlog', { kind: 'downlinks' }) - valueOf(before, 'aquasmart_outbox_backlog', { kind: 'downlinks' })).toBe(1);
    // Every kind is reported, also when nothing waits in it.
    for (const kind of ['intake', 'downlinks', 'mail', 'alert_items', 'alarm_notifications', 'platforms', 'webhooks', 'alarm_channels']) {
      expect(after.get('aquasmart_outbox_backlog')?.metrics.some((sample) => sample.labels?.kind === kind), kind).toBe(true);
    }
    expect(valueOf(after, 'aquasmart_database_up')).toBe(1);
  });

  it('HTTP latency by route pattern, never the raw URL', async () => {
    const before = await scrape();
    const labels = { method: 'GET', route: '/api/v1/customers/:customer', status: '4xx' };
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/customers/no-such-customer-4711', headers: { 'x-access-token': admin } })).statusCode).toBe(404);
    const after = await scrape();
    expect(valueOf(after, 'aquasmart_http_request_duration_seconds', labels) - valueOf(before, 'aquasmart_http_request_duration_seconds', labels)).toBe(1);
    const routes = after.get('aquasmart_http_request_duration_seconds_count')!.metrics.map((sample) => sample.labels?.route ?? '');
    expect(routes.some((route) => route.includes('4711'))).toBe(false);
  });

  it('open streams: one while a live stream is open, none after', async () => {
    const base = await listenLocally(ctx.app);
    expect(base).toMatch(/^http/);
    const before = valueOf(await scrape(), 'aquasmart_open_streams');
    const stream = openStream(base, admin);
    try {
      await stream.opened();
      expect(valueOf(await scrape(), 'aquasmart_open_streams')).toBe(before + 1);
    } finally {
      stream.close();
    }
    await expect.poll(async () => valueOf(await scrape(), 'aquasmart_open_streams'), { timeout: 5_000 }).toBe(before);
  });

  it('job step durations and failures, by job', async () => {
    const before = await scrape();
    let steps = 0;
    const loop = new BackgroundLoop('metrics test job', async () => {
      steps += 1;
      if (steps === 2) throw new Error('the second step fails');
      return 1;
    }, { error: () => undefined }, 60_000);
    loop.start();
    // The first step finds work, the second fails (the loop then sleeps for its idle interval).
    await expect.poll(() => steps).toBe(2);
    await loop.stop();
    const after = await scrape();
    expect(valueOf(after, 'aquasmart_job_step_duration_seconds', { job: 'metrics test job' }) - valueOf(before, 'aquasmart_job_step_duration_seconds', { job: 'metrics test job' })).toBe(2);
    expect(valueOf(after, 'aquasmart_job_step_failures_total', { job: 'metrics test job' }) - valueOf(before, 'aquasmart_job_step_failures_total', { job: 'metrics test job' })).toBe(1);
  });

  it('database pools: connections in use on PostgreSQL; on the embedded database only its kind', async () => {
    const idle = await scrape();
    expect(valueOf(idle, 'aquasmart_database_info', { kind: ctx.database.kind })).toBe(1);
    if (ctx.database.kind === 'pglite') {
      expect(idle.has('aquasmart_db_pool_connections')).toBe(false);
      return;
    }
    expect(valueOf(idle, 'aquasmart_db_pool_max', { pool: 'api' })).toBeGreaterThan(0);
    expect(valueOf(idle, 'aquasmart_db_pool_max', { pool: 'system' })).toBeGreaterThan(0);
    const busyBefore = valueOf(idle, 'aquasmart_db_pool_connections', { pool: 'api', state: 'busy' });
    await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      expect(valueOf(await scrape(), 'aquasmart_db_pool_connections', { pool: 'api', state: 'busy' })).toBe(busyBefore + 1);
    });
  });

  it("the intake spool's size", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'metrics-spool-'));
    const app = await buildApp({
      config: { TOKEN_TTL: 3600, WEB_DIST: '/nonexistent', LOG_LEVEL: 'silent', TRUST_PROXY: false, METRICS_TOKEN: TOKEN },
      database: ctx.database,
      intakeSpoolDir: dir,
    });
    try {
      expect(valueOf(await scrape(app), 'aquasmart_intake_spool_bytes')).toBe(0);
      fs.writeFileSync(path.join(dir, 'intake-spool.ndjson'), '{"ns":null}\n');
      expect(valueOf(await scrape(app), 'aquasmart_intake_spool_bytes')).toBe(12);
    } finally {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the event loop's longest hold moves when the loop is held; the process's figures are there (prom-client's default metrics)", async () => {
    // A scrape reads the longest hold since the previous one and starts again, so this one starts from none.
    await scrape();
    const heldUntil = Date.now() + 300;
    while (Date.now() < heldUntil) {
      // The loop held, as a CPU-bound request would hold it.
    }
    // The probe's timer records the hold when it next runs, after the loop is free.
    await new Promise((resolve) => setTimeout(resolve, 30));
    const families = await scrape();
    expect(valueOf(families, 'aquasmart_event_loop_held_max_seconds')).toBeGreaterThanOrEqual(0.25);
    expect(valueOf(families, 'aquasmart_event_loop_held_max_seconds')).toBeLessThan(5);
    // Counted again from each scrape on: a quiet loop since shows no such hold.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(valueOf(await scrape(), 'aquasmart_event_loop_held_max_seconds')).toBeLessThan(0.25);
    for (const name of ['aquasmart_nodejs_eventloop_lag_p99_seconds', 'aquasmart_nodejs_eventloop_lag_max_seconds']) {
      expect(Number.isFinite(valueOf(families, name)), name).toBe(true);
    }
    expect(valueOf(families, 'aquasmart_process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
  });

});
