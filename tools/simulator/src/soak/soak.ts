import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ChildServer } from '../bench/child-server';
import { createPostgresDatabase } from '../bench/postgres-database';
import { formatMb, percentile } from '../bench/stats';
import { simulatedClock } from '../clock';
import { syntheticFleet } from '../model/fleet';
import { DEFAULT_BEHAVIOUR } from '../model/types';
import { parseDuration } from '../options';
import { SeededRandom } from '../random';
import { Simulator } from '../simulator';
import { createHttpTransport } from '../transport/http';
import type { TTransport } from '../transport/types';
import { DEFAULT_CHIRPSTACK_APPLICATION } from '../wire/chirpstack';
import { DEFAULT_TTS_APPLICATION } from '../wire/tts';
import { DEMO_NETWORK_SERVER } from '@aquasmart/server/demo';
import { browse, emptyLog, type TBrowser, type TRequestLog } from './browsers';
import type { TSoakReply, TSoakRequest } from './protocol';
import { soakVerdict } from './verdict';

/**
 * `npm run soak`: the portal as `npm start` runs it, for an hour or more, under a fleet reporting
 * at a steady rate and people browsing lists and dashboards at the same time. Every report
 * interval it prints what went in and came out, latency, the server's memory and the database
 * size; at the end a verdict (docs/simulator.md, "Soak test"). Prints figures; not a test.
 */

const HELP = `Soak test: the fleet simulator and browsing users against the portal, for a long time.

Usage: npm run soak -- [options]
  --duration <duration>        how long (default 10m; the issue's run is 60m)
  --rate <n>                   temperature reports per second of the whole fleet (default 500); the fleet has
                               rate x interval nodes, each also sending battery and flush reports
  --interval <duration>        temperature report interval of each node (default 60s)
  --database <postgres|pglite> (default postgres)
  --users <n>                  people browsing at the same time (default 6)
  --think <duration>           pause between one person's clicks (default 2s)
  --warmup <duration>          memory is judged after this (default a tenth of the duration, 1 to 10 min)
  --report-every <duration>    one line per this much time (default 60s)
  --concurrency <n>            uplinks in flight (default 32)
  --postgres-url <url>         server to create the soak database on (default postgres://postgres@127.0.0.1:5432/postgres)
  --keep                       keep the database (its URL or folder is printed) instead of dropping it
  --help
`;

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVER_SCRIPT = path.join(here, 'soak-server.ts');
const ADMIN = { email: 'soak-admin@example.com', password: 'Soak-admin-2026-portal' };
const DEMO_PASSWORD = 'Soak-demo-2026-portal';

interface TSoakOptions {
  durationMs: number;
  rate: number;
  intervalMs: number;
  database: 'postgres' | 'pglite';
  users: number;
  thinkMs: number;
  warmupMs: number;
  reportEveryMs: number;
  concurrency: number;
  postgresUrl: string;
  keep: boolean;
}

function parseOptions(): TSoakOptions | null {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '10m' },
      rate: { type: 'string', default: '500' },
      interval: { type: 'string', default: '60s' },
      database: { type: 'string', default: 'postgres' },
      users: { type: 'string', default: '6' },
      think: { type: 'string', default: '2s' },
      warmup: { type: 'string' },
      'report-every': { type: 'string', default: '60s' },
      concurrency: { type: 'string', default: '32' },
      'postgres-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    return null;
  }
  if (values.database !== 'postgres' && values.database !== 'pglite') throw new Error('--database must be postgres or pglite');
  const positive = (text: string, name: string) => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of at least 1`);
    return n;
  };
  const durationMs = parseDuration(values.duration, '--duration');
  return {
    durationMs,
    rate: positive(values.rate, '--rate'),
    intervalMs: parseDuration(values.interval, '--interval'),
    database: values.database,
    users: positive(values.users, '--users'),
    thinkMs: parseDuration(values.think, '--think'),
    warmupMs: values.warmup === undefined ? Math.min(600_000, Math.max(60_000, durationMs / 10)) : parseDuration(values.warmup, '--warmup'),
    reportEveryMs: parseDuration(values['report-every'], '--report-every'),
    concurrency: positive(values.concurrency, '--concurrency'),
    postgresUrl: values['postgres-url'],
    keep: values.keep,
  };
}

/** Uplink answers of one report interval, counted as the transport delivers them. */
interface TUplinkLog {
  latencies: number[];
  accepted: number;
  serverErrors: number;
  refused: number;
  noAnswer: number;
  lastProblem?: string;
}

const emptyUplinkLog = (): TUplinkLog => ({ latencies: [], accepted: 0, serverErrors: 0, refused: 0, noAnswer: 0 });

/** The transport, timing every delivery into the current interval's log. */
function timedTransport(inner: TTransport, current: () => TUplinkLog): TTransport {
  return {
    ...inner,
    async deliver(event, eui, body) {
      const started = performance.now();
      const result = await inner.deliver(event, eui, body);
      const log = current();
      if (event === 'up') log.latencies.push(performance.now() - started);
      if (result.ok) {
        if (event === 'up') log.accepted += 1;
      } else if (result.status === undefined) {
        log.noAnswer += 1;
        log.lastProblem = `no answer: ${result.error}`;
      } else if (result.status >= 500) {
        log.serverErrors += 1;
        log.lastProblem = `${result.status} ${result.error}`;
      } else {
        log.refused += 1;
        log.lastProblem = `${result.status} ${result.error}`;
      }
      return result;
    },
  };
}

/** Adds one report interval's counts and latencies to the run's totals. */
function addInto(totals: { uplinks: TUplinkLog; requests: TRequestLog }, window: { uplinks: TUplinkLog; requests: TRequestLog }): void {
  for (const key of ['accepted', 'serverErrors', 'refused', 'noAnswer'] as const) totals.uplinks[key] += window.uplinks[key];
  for (const key of ['requests', 'serverErrors', 'clientErrors', 'noAnswer'] as const) totals.requests[key] += window.requests[key];
  for (const value of window.uplinks.latencies) totals.uplinks.latencies.push(value);
  for (const value of window.requests.latencies) totals.requests.latencies.push(value);
  for (const [page, values] of window.requests.byPage) totals.requests.byPage.set(page, [...(totals.requests.byPage.get(page) ?? []), ...values]);
}

const p99 = (values: number[]) => percentile(Float64Array.from(values).sort(), 0.99);
const ms = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(0));

async function main(): Promise<number> {
  const options = parseOptions();
  if (!options) return 0;
  const nodes = Math.round((options.rate * options.intervalMs) / 1000);
  console.log(
    `soak on ${os.cpus().length} CPU(s), ${formatMb(os.totalmem())}, Node ${process.version}: ${options.database}, ${options.durationMs / 60_000} min, ` +
      `${nodes} nodes reporting every ${options.intervalMs / 1000} s (~${options.rate} uplinks/s), ${options.users} people browsing, warm-up ${options.warmupMs / 60_000} min`,
  );

  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', LOG_LEVEL: 'warn', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, DEMO_PASSWORD };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquasmart-soak-'));
  env.DATA_DIR = dataDir;
  let dropDatabase: (() => Promise<void>) | null = null;
  let where = dataDir;
  if (options.database === 'postgres') {
    const created = await createPostgresDatabase(options.postgresUrl, 'aquasmart_soak');
    env.DATABASE_URL = created.url;
    dropDatabase = created.drop;
    where = created.url;
  }

  let server: ChildServer<TSoakRequest, TSoakReply> | null = null;
  const aborter = new AbortController();
  try {
    const started = await ChildServer.start<TSoakRequest, TSoakReply>(SERVER_SCRIPT, env);
    server = started.server;
    const origin = `http://127.0.0.1:${started.ready.port}`;
    const fleet = syntheticFleet({ nodes, seed: 16, types: ['V1', 'V2', 'V3'] }).map((spec) => ({ ...spec, announceVersion: false }));
    const seededAt = performance.now();
    let seedPauseMs = 0;
    for (let i = 0; i < fleet.length; i += 5000) {
      const seeded = await server.ask({ type: 'seed-fleet', nodes: fleet.slice(i, i + 5000).map(({ eui, type, name }) => ({ eui, type, name })) }, 'seeded');
      seedPauseMs = Math.max(seedPauseMs, seeded.loopPauseMs);
    }
    console.log(
      `portal on ${origin} (${started.ready.kind}, ${where}); fleet of ${fleet.length} registered in ${((performance.now() - seededAt) / 1000).toFixed(1)} s, longest event-loop pause ${ms(seedPauseMs)} ms`,
    );

    let uplinks = emptyUplinkLog();
    let requests: TRequestLog = emptyLog();
    const totals = { uplinks: emptyUplinkLog(), requests: emptyLog(), rssAfterWarmup: [] as number[], heapAfterWarmup: [] as number[] };
    const transport = timedTransport(createHttpTransport({ format: 'chirpstack', target: origin, secret: DEMO_NETWORK_SERVER.secret, connections: options.concurrency }), () => uplinks);
    const simulator = new Simulator({
      fleet,
      behaviour: { ...DEFAULT_BEHAVIOUR, intervalMs: options.intervalMs },
      seed: 16,
      clock: simulatedClock({ startMs: Date.now(), speed: 1 }),
      transport,
      chirpstack: DEFAULT_CHIRPSTACK_APPLICATION,
      tts: DEFAULT_TTS_APPLICATION,
      downlinkDelayMs: 2000,
      concurrency: options.concurrency,
      log: () => undefined,
    });
    // An administrator (the whole fleet), a planner and a customer's user of the demo, in turn.
    const people: TBrowser[] = [ADMIN, { email: 'planner@example.com', password: DEMO_PASSWORD }, { email: 'klant@example.com', password: DEMO_PASSWORD }];
    const browsers = Array.from({ length: options.users }, (_v, i) => people[i % people.length]);
    const browsing = browse(
      { origin, browsers, thinkMs: options.thinkMs, nodes: fleet.length + 60, rng: new SeededRandom(16), log: () => requests },
      aborter.signal,
    );
    // A person who cannot sign in ends the run at once, with the clean-up below.
    let browsingFailed: unknown = null;
    browsing.catch((error: unknown) => {
      browsingFailed = error;
      aborter.abort();
    });

    console.log(
      `\n${'min'.padStart(5)} ${'sent/s'.padStart(7)} ${'acc/s'.padStart(6)} ${'proc/s'.padStart(7)} ${'up p99'.padStart(7)} ${'waiting'.padStart(8)} ${'backlog'.padStart(8)}` +
        ` ${'api n'.padStart(6)} ${'api p99'.padStart(8)} ${'5xx'.padStart(4)} ${'RSS'.padStart(7)} ${'heap'.padStart(7)} ${'db'.padStart(8)}`,
    );
    const begin = performance.now();
    simulator.start();
    // Memory every 10 s after the warm-up: the verdict averages the first and the last tenth.
    const memorySampler = setInterval(() => {
      if (performance.now() - begin < options.warmupMs) return;
      void server?.ask({ type: 'sample' }, 'sample').then(
        (sample) => {
          totals.rssAfterWarmup.push(sample.rss);
          totals.heapAfterWarmup.push(sample.heapUsed);
        },
        () => undefined,
      );
    }, 10_000);
    let lastSent = 0;
    const first = await server.ask({ type: 'sample', window: true }, 'sample');
    let longestPauseMs = 0;
    let lastUnprocessed = first.unprocessed;
    let lastAt = begin;
    let lastCpu = first.cpuMs;
    const rows: string[] = [];
    while (performance.now() - begin < options.durationMs && !browsingFailed) {
      const waitMs = Math.min(options.reportEveryMs, options.durationMs - (performance.now() - begin));
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      const sample = await server.ask({ type: 'sample', window: true }, 'sample');
      longestPauseMs = Math.max(longestPauseMs, sample.loopPauseMs);
      const now = performance.now();
      const seconds = (now - lastAt) / 1000;
      const window = { uplinks, requests };
      uplinks = emptyUplinkLog();
      requests = emptyLog();
      const sent = simulator.stats.uplinks;
      const processed = window.uplinks.accepted - (sample.unprocessed - lastUnprocessed);
      const minute = (now - begin) / 60_000;
      const row =
        `${minute.toFixed(1).padStart(5)} ${((sent - lastSent) / seconds).toFixed(0).padStart(7)} ${(window.uplinks.accepted / seconds).toFixed(0).padStart(6)} ${(processed / seconds).toFixed(0).padStart(7)}` +
        ` ${ms(p99(window.uplinks.latencies)).padStart(7)} ${String(simulator.backlog).padStart(8)} ${String(sample.unprocessed).padStart(8)}` +
        ` ${String(window.requests.requests).padStart(6)} ${ms(p99(window.requests.latencies)).padStart(8)} ${String(window.uplinks.serverErrors + window.requests.serverErrors).padStart(4)}` +
        ` ${formatMb(sample.rss).padStart(7)} ${formatMb(sample.heapUsed).padStart(7)} ${formatMb(sample.databaseBytes).padStart(8)}` +
        `  cpu ${(((sample.cpuMs - lastCpu) / (now - lastAt)) * 100).toFixed(0)} %, loop pause ${ms(sample.loopPauseMs)} ms`;
      rows.push(row);
      console.log(row);
      for (const problem of [window.uplinks.lastProblem, window.requests.lastProblem]) if (problem) console.log(`      last problem: ${problem.slice(0, 300)}`);
      addInto(totals, window);
      lastSent = sent;
      lastUnprocessed = sample.unprocessed;
      lastAt = now;
      lastCpu = sample.cpuMs;
    }

    // Stop sending, let the people finish their clicks, and wait until every stored uplink is processed.
    clearInterval(memorySampler);
    aborter.abort();
    const acceptedInRun = totals.uplinks.accepted;
    await simulator.stop();
    await browsing.catch(() => undefined);
    if (browsingFailed) throw browsingFailed;
    await transport.close();
    // What was still on its way when sending stopped counts for the totals, not for the rate.
    addInto(totals, { uplinks, requests });
    const drainStart = performance.now();
    let count = await server.ask({ type: 'count', afterEventId: started.ready.lastEventId }, 'count');
    while (count.unprocessed > 0 && performance.now() - drainStart < 300_000) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      count = await server.ask({ type: 'count', afterEventId: started.ready.lastEventId }, 'count');
    }
    const drainMs = performance.now() - drainStart;
    const final = await server.ask({ type: 'sample' }, 'sample');
    const stopped = await server.ask({ type: 'stop' }, 'stopped');
    server = null;

    const verdict = soakVerdict({
      rssAfterWarmup: totals.rssAfterWarmup,
      serverErrors: totals.uplinks.serverErrors + totals.requests.serverErrors,
      noAnswer: totals.uplinks.noAnswer + totals.requests.noAnswer,
      acceptedUplinks: totals.uplinks.accepted,
      storedUplinks: count.upEvents,
      unprocessed: count.unprocessed,
      failedEvents: count.failed,
    });
    const heapGrowth = totals.heapAfterWarmup.length ? Math.max(...totals.heapAfterWarmup) / totals.heapAfterWarmup[0] - 1 : NaN;
    const minutes = (options.durationMs / 60_000).toFixed(0);
    console.log(`\n== ${options.database}, ${minutes} min ==`);
    console.log(`uplinks      sent ${simulator.stats.uplinks}, accepted ${totals.uplinks.accepted} (${(acceptedInRun / (options.durationMs / 1000)).toFixed(0)}/s), refused ${totals.uplinks.refused}, 5xx ${totals.uplinks.serverErrors}, no answer ${totals.uplinks.noAnswer}; p99 ${ms(p99(totals.uplinks.latencies))} ms`);
    console.log(`stored       ${count.upEvents} up events for ${totals.uplinks.accepted} accepted; unprocessed ${count.unprocessed} after a drain of ${(drainMs / 1000).toFixed(1)} s; failed ${count.failed}`);
    console.log(`browsing     ${totals.requests.requests} requests by ${options.users} people, p99 ${ms(p99(totals.requests.latencies))} ms, 5xx ${totals.requests.serverErrors}, other refusals ${totals.requests.clientErrors}, no answer ${totals.requests.noAnswer}`);
    const pages = [...totals.requests.byPage].map(([page, values]) => ({ page, n: values.length, p50: percentile(Float64Array.from(values).sort(), 0.5), p99: p99(values) }));
    for (const page of pages.sort((a, b) => b.p99 - a.p99)) console.log(`  ${page.page.padEnd(48)} ${String(page.n).padStart(6)} calls, p50 ${ms(page.p50).padStart(5)} ms, p99 ${ms(page.p99).padStart(5)} ms`);
    console.log(`memory       RSS ${totals.rssAfterWarmup.length} samples after the warm-up: first ${formatMb(totals.rssAfterWarmup[0] ?? NaN)}, lowest ${formatMb(Math.min(...totals.rssAfterWarmup))}, highest ${formatMb(Math.max(...totals.rssAfterWarmup))}, last ${formatMb(totals.rssAfterWarmup.at(-1) ?? NaN)}; last tenth against first tenth ${(verdict.memoryGrowth * 100).toFixed(1)} %, peak ${formatMb(stopped.maxRss)}; heap used after the warm-up ${formatMb(totals.heapAfterWarmup[0] ?? NaN)} -> highest ${formatMb(Math.max(...totals.heapAfterWarmup))} (${(heapGrowth * 100).toFixed(1)} %)`);
    console.log(`database     ${formatMb(final.databaseBytes)} at the end`);
    console.log(`event loop   longest pause ${ms(longestPauseMs)} ms while sending (the fleet's registration: ${ms(seedPauseMs)} ms)`);
    console.log(`verdict      ${verdict.ok ? 'PASSED' : `FAILED: ${verdict.reasons.join('; ')}`}`);
    return verdict.ok ? 0 : 1;
  } finally {
    aborter.abort();
    if (server) await server.kill();
    if (options.keep) console.log(`kept: ${where}`);
    else {
      await dropDatabase?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('soak failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
