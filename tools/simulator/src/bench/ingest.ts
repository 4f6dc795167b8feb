import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Pool } from 'undici';
import { parseDuration } from '../options';
import { CHIRPSTACK_PATH } from '../transport/http';
import { benchUpEvent } from './bench-uplink';
import { ChildServer } from './child-server';
import { createPostgresDatabase } from './postgres-database';
import type { TBenchReply, TBenchRequest } from './protocol';
import { percentile, formatMb } from './stats';

/**
 * `npm run bench:ingest`: the portal's HTTP intake under load. For each database it starts the
 * real server (bench/server-process.ts) on a fresh database, seeds a network server and N V2
 * devices, sends ChirpStack v4 `up` events at a fixed concurrency for a duration or a count,
 * and prints accepted uplinks per second, latency, how far processing lags behind, the
 * server's peak memory, and history rows against accepted events. Prints figures; not a test.
 */

const HELP = `Ingest benchmark: ChirpStack up events through the portal's HTTP intake.

Usage: npm run bench:ingest -- [options]
  --database <pglite|postgres|both>   which database(s) (default both)
  --concurrency <n>                   requests in flight (default 32)
  --duration <duration>               how long to send, e.g. 20s (default 20s)
  --count <n>                         send exactly this many instead of for a duration (measured
                                      from the first request: no warm-up, so lower figures)
  --devices <n>                       seeded V2 devices the uplinks spread over (default 1000)
  --warmup <duration>                 sending before measuring (default 2s)
  --drain-timeout <duration>          longest wait for processing to catch up (default 120s)
  --locations <n>                     spread the devices over n locations (default 0: unassigned)
  --platform                          each of those locations delivers to an external platform (XIC, a
                                      receiver on 127.0.0.1 this benchmark starts; docs/platforms.md)
  --crash                             SIGKILL the server right after the last answer, start it again on
                                      the same database, then count: accepted uplinks must all be there
  --postgres-url <url>                server to create the benchmark database on
                                      (default postgres://postgres@127.0.0.1:5432/postgres)
  --help
`;

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVER_SCRIPT = path.join(here, 'server-process.ts');

interface TBenchOptions {
  databases: ('pglite' | 'postgres')[];
  concurrency: number;
  durationMs: number;
  count?: number;
  devices: number;
  warmupMs: number;
  drainTimeoutMs: number;
  postgresUrl: string;
  crash: boolean;
  locations: number;
  platform: boolean;
}

/** --platform: a receiver on 127.0.0.1 that answers 200 and counts the requests and items it got. */
async function startPlatformReceiver(): Promise<{ url: string; requests: number; items: number; close: () => Promise<void> }> {
  const receiver = { url: '', requests: 0, items: 0, close: async () => {} };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      receiver.requests += 1;
      receiver.items += (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { items: unknown[] }).items.length;
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/bench`;
  receiver.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return receiver;
}

interface TResult {
  database: string;
  sent: number;
  accepted: number;
  refused: number;
  errors: number;
  measuredMs: number;
  acceptedPerSecond: number;
  latency: { p50: number; p90: number; p99: number; max: number };
  maxBacklog: number;
  drainMs: number | null;
  processedPerSecond: number | null;
  history: number;
  expectedHistory: number;
  failedEvents: number;
  peakRss: number;
  /** Highest RSS sampled while uplinks came in (every 0.5 s): the running portal, without its start. */
  rssUnderLoad: number;
  /** CPU time of the server process and of this load generator over the measured time, in % of one core. */
  serverCpu: number;
  clientCpu: number;
  /**
   * CPU time of the server process (user + system) per uplink it processed, in microseconds: from
   * the start of the measured time until everything is processed, over the history rows written
   * in that span (intake and processing together; null with --crash). Shifts less with other work
   * on the machine than uplinks per second do.
   */
  serverCpuPerUplinkUs: number | null;
  /** Machine load average when the run started (other work on the machine skews the figures). */
  load: number;
  firstError?: string;
  /** --crash: how long the restart took (the drain includes it). */
  restartMs?: number;
}

function parseOptions(): TBenchOptions | null {
  const { values } = parseArgs({
    options: {
      database: { type: 'string', default: 'both' },
      concurrency: { type: 'string', default: '32' },
      duration: { type: 'string', default: '20s' },
      count: { type: 'string' },
      devices: { type: 'string', default: '1000' },
      warmup: { type: 'string', default: '2s' },
      'drain-timeout': { type: 'string', default: '120s' },
      crash: { type: 'boolean', default: false },
      locations: { type: 'string', default: '0' },
      platform: { type: 'boolean', default: false },
      'postgres-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    return null;
  }
  const database = values.database;
  if (!['pglite', 'postgres', 'both'].includes(database)) throw new Error('--database must be pglite, postgres or both');
  const positive = (text: string, name: string) => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of at least 1`);
    return n;
  };
  return {
    databases: database === 'both' ? ['pglite', 'postgres'] : [database as 'pglite' | 'postgres'],
    concurrency: positive(values.concurrency, '--concurrency'),
    durationMs: parseDuration(values.duration, '--duration'),
    count: values.count === undefined ? undefined : positive(values.count, '--count'),
    devices: positive(values.devices, '--devices'),
    warmupMs: parseDuration(values.warmup, '--warmup'),
    drainTimeoutMs: parseDuration(values['drain-timeout'], '--drain-timeout'),
    postgresUrl: values['postgres-url'],
    crash: values.crash,
    locations: Number(values.locations),
    platform: values.platform,
  };
}

type ServerProcess = ChildServer<TBenchRequest, TBenchReply>;
const startServer = async (env: NodeJS.ProcessEnv) => {
  const { server, ready } = await ChildServer.start<TBenchRequest, TBenchReply>(SERVER_SCRIPT, env);
  return { server, port: ready.port };
};

async function runOne(database: 'pglite' | 'postgres', options: TBenchOptions): Promise<TResult> {
  let cleanup: () => Promise<void>;
  const platform: { receiver: Awaited<ReturnType<typeof startPlatformReceiver>> | null } = { receiver: null };
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0' };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  if (database === 'postgres') {
    const created = await createPostgresDatabase(options.postgresUrl);
    env.DATABASE_URL = created.url;
    cleanup = created.drop;
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquasmart-bench-'));
    env.DATA_DIR = dir;
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  let server: ServerProcess | null = null;
  try {
    const started = await startServer(env);
    server = started.server;
    const receiver = options.platform ? await startPlatformReceiver() : null;
    platform.receiver = receiver;
    const { secret, euis } = await server.ask({ type: 'seed', devices: options.devices, locations: options.locations, platformUrl: receiver?.url ?? null }, 'seeded');
    console.log(`\n== ${database}: server on port ${started.port}, ${euis.length} devices seeded; concurrency ${options.concurrency}, ${options.count ? `${options.count} uplinks` : `${options.durationMs / 1000} s`} ==`);

    const pool = new Pool(`http://127.0.0.1:${started.port}`, { connections: options.concurrency, pipelining: 1, keepAliveTimeout: 60_000 });
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${secret}` };
    const counters = new Map<string, number>();
    let next = 0;
    let sent = 0;
    let accepted = 0;
    let refused = 0;
    let errors = 0;
    let firstError: string | undefined;
    const latencies: number[] = [];
    let measuring = false;
    let measuredAccepted = 0;

    const deadline = { warmupEnd: 0, end: 0 };
    const limitReached = () => (options.count !== undefined ? next >= options.count : performance.now() >= deadline.end);
    const worker = async () => {
      while (!limitReached()) {
        const eui = euis[next % euis.length];
        next += 1;
        const fCnt = (counters.get(eui) ?? 0) + 1;
        counters.set(eui, fCnt);
        const body = benchUpEvent(eui, fCnt, Date.now());
        const t0 = performance.now();
        const measured = measuring;
        sent += 1;
        try {
          const response = await pool.request({ method: 'POST', path: `${CHIRPSTACK_PATH}?event=up`, headers, body });
          const text = await response.body.text();
          const ms = performance.now() - t0;
          if (response.statusCode >= 200 && response.statusCode < 300) {
            accepted += 1;
            if (measured) {
              measuredAccepted += 1;
              latencies.push(ms);
            }
          } else {
            refused += 1;
            firstError ??= `${response.statusCode} ${text.slice(0, 200)}`;
          }
        } catch (error) {
          errors += 1;
          firstError ??= error instanceof Error ? error.message : String(error);
        }
      }
    };

    let maxBacklog = 0;
    let sampledRss = 0;
    const sampler = setInterval(() => {
      void server!.ask({ type: 'sample' }, 'sample').then(
        (s) => {
          maxBacklog = Math.max(maxBacklog, s.unprocessed);
          sampledRss = Math.max(sampledRss, s.rss);
        },
        () => undefined,
      );
    }, 500);

    const load = os.loadavg()[0];
    const begin = performance.now();
    deadline.warmupEnd = begin + (options.count !== undefined ? 0 : options.warmupMs);
    deadline.end = deadline.warmupEnd + options.durationMs;
    measuring = options.count !== undefined || options.warmupMs === 0;
    let cpuAtStart = { server: 0, client: process.cpuUsage() };
    let historyAtStart = 0;
    let startSampled: Promise<unknown> = Promise.resolve();
    const markStart = () => {
      measuring = true;
      cpuAtStart = { server: 0, client: process.cpuUsage() };
      startSampled = Promise.all([
        server!.ask({ type: 'sample' }, 'sample').then((s) => (cpuAtStart.server = s.cpuMs)),
        server!.ask({ type: 'count' }, 'count').then((c) => (historyAtStart = c.history)),
      ]);
    };
    if (measuring) markStart();
    const warmupTimer = measuring ? null : setTimeout(markStart, options.warmupMs);
    let measureStart = measuring ? begin : deadline.warmupEnd;
    await Promise.all(Array.from({ length: options.concurrency }, worker));
    const lastAnswer = performance.now();
    if (warmupTimer) clearTimeout(warmupTimer);
    if (options.count !== undefined) measureStart = begin;
    const measuredMs = lastAnswer - measureStart;
    const clientCpu = process.cpuUsage(cpuAtStart.client);
    await startSampled;
    const serverCpuMs = (await server.ask({ type: 'sample' }, 'sample')).cpuMs - cpuAtStart.server;
    await pool.close();

    let restartMs: number | undefined;
    if (options.crash) {
      // Every answered event must survive a crash: kill without warning, start again, count.
      clearInterval(sampler);
      await server.kill();
      server = null;
      const restartedAt = performance.now();
      server = (await startServer(env)).server;
      restartMs = performance.now() - restartedAt;
      console.log(`  server killed (SIGKILL) right after the last answer; started again in ${(restartMs / 1000).toFixed(1)} s`);
    }

    // Processing catches up: no unprocessed event left and the history rows are there.
    let drainMs: number | null = null;
    for (;;) {
      const s = await server.ask({ type: 'sample' }, 'sample');
      maxBacklog = Math.max(maxBacklog, s.unprocessed);
      if (s.unprocessed === 0) {
        const counted = await server.ask({ type: 'count' }, 'count');
        if (counted.history >= accepted) {
          drainMs = performance.now() - lastAnswer;
          break;
        }
      }
      if (performance.now() - lastAnswer > options.drainTimeoutMs) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    clearInterval(sampler);
    const final = await server.ask({ type: 'sample' }, 'sample');
    const counted = await server.ask({ type: 'count' }, 'count');
    const processedInSpan = counted.history - historyAtStart;
    const serverCpuPerUplinkUs = options.crash || processedInSpan <= 0 ? null : ((final.cpuMs - cpuAtStart.server) / processedInSpan) * 1000;
    const stopped = await server.ask({ type: 'stop' }, 'stopped');
    server = null;
    const peakRss = options.crash ? Math.max(sampledRss, stopped.maxRss) : stopped.maxRss;
    const sorted = Float64Array.from(latencies).sort();
    return {
      database,
      sent,
      accepted,
      refused,
      errors,
      measuredMs,
      acceptedPerSecond: (measuredAccepted / measuredMs) * 1000,
      latency: { p50: percentile(sorted, 0.5), p90: percentile(sorted, 0.9), p99: percentile(sorted, 0.99), max: sorted.at(-1) ?? NaN },
      maxBacklog,
      drainMs,
      processedPerSecond: drainMs === null ? null : (measuredAccepted / (measuredMs + drainMs)) * 1000,
      history: counted.history,
      expectedHistory: accepted,
      failedEvents: final.failed,
      peakRss,
      rssUnderLoad: sampledRss,
      restartMs,
      serverCpu: (serverCpuMs / measuredMs) * 100,
      clientCpu: ((clientCpu.user + clientCpu.system) / 1000 / measuredMs) * 100,
      serverCpuPerUplinkUs,
      load,
      firstError,
    };
  } finally {
    if (server) server.child.kill('SIGKILL');
    await cleanup();
    if (platform.receiver) {
      console.log(`platform receiver    ${platform.receiver.requests} requests, ${platform.receiver.items} items (${options.locations} endpoints)`);
      await platform.receiver.close();
    }
  }
}

function report(result: TResult): void {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const lines = [
    `sent ${result.sent}: accepted ${result.accepted}, refused ${result.refused}, errors ${result.errors}${result.firstError ? ` (first: ${result.firstError})` : ''}`,
    `accepted uplinks/s   ${result.acceptedPerSecond.toFixed(0)}  (measured over ${(result.measuredMs / 1000).toFixed(1)} s)`,
    `latency              p50 ${ms(result.latency.p50)}, p90 ${ms(result.latency.p90)}, p99 ${ms(result.latency.p99)}, max ${ms(result.latency.max)}`,
    `processing lag       backlog up to ${result.maxBacklog} events; ${result.drainMs === null ? 'NOT caught up within the drain timeout' : `all processed ${(result.drainMs / 1000).toFixed(1)} s after the last answer`}`,
    `processed uplinks/s  ${result.processedPerSecond === null ? '-' : result.processedPerSecond.toFixed(0)}  (accepted in the measured time / that time plus the drain)`,
    `history rows         ${result.history} for ${result.expectedHistory} accepted${result.restartMs === undefined ? '' : ' (after SIGKILL and restart)'}: ${result.history === result.expectedHistory ? 'nothing lost' : `${result.expectedHistory - result.history} MISSING`}; events with a processing error: ${result.failedEvents}`,
    `server peak RSS      ${formatMb(result.peakRss)} over the process's life (start included); ${formatMb(result.rssUnderLoad)} highest sampled under load`,
    `server CPU/uplink    ${result.serverCpuPerUplinkUs === null ? '-' : `${result.serverCpuPerUplinkUs.toFixed(0)} µs`}  (server process CPU from the measured start until all is processed / uplinks processed in that span)`,
    `CPU (% of one core)  server process ${result.serverCpu.toFixed(0)} %, load generator ${result.clientCpu.toFixed(0)} %; machine load average ${result.load.toFixed(1)} at the start`,
  ];
  for (const line of lines) console.log(`  ${line}`);
}

async function main(): Promise<number> {
  const options = parseOptions();
  if (!options) return 0;
  console.log(`ingest benchmark on ${os.cpus().length} CPU(s), ${formatMb(os.totalmem())} memory, Node ${process.version}`);
  const results: TResult[] = [];
  for (const database of options.databases) {
    try {
      const result = await runOne(database, options);
      report(result);
      results.push(result);
    } catch (error) {
      console.error(`  ${database}: benchmark failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  console.log('\n== summary ==');
  console.log('database   accepted/s  processed/s  p50 ms  p99 ms  drain s  peak RSS  under load  CPU µs/uplink  history/accepted');
  for (const r of results) {
    console.log(
      `${r.database.padEnd(10)} ${r.acceptedPerSecond.toFixed(0).padStart(10)}  ${(r.processedPerSecond?.toFixed(0) ?? '-').padStart(11)}  ${r.latency.p50.toFixed(1).padStart(6)}  ${r.latency.p99.toFixed(1).padStart(6)}  ${(r.drainMs === null ? '-' : (r.drainMs / 1000).toFixed(1)).padStart(7)}  ${formatMb(r.peakRss).padStart(8)}  ${formatMb(r.rssUnderLoad).padStart(10)}  ${(r.serverCpuPerUplinkUs === null ? '-' : r.serverCpuPerUplinkUs.toFixed(0)).padStart(13)}  ${r.history}/${r.expectedHistory}`,
    );
  }
  const postgres = results.find((r) => r.database === 'postgres');
  if (postgres && options.crash) console.log('target not judged in a --crash run (its drain includes the restart)');
  else if (postgres) {
    const met = postgres.acceptedPerSecond >= 3000 && (postgres.processedPerSecond ?? 0) >= 3000 && postgres.latency.p99 < 100 && postgres.history === postgres.expectedHistory;
    console.log(`target (PostgreSQL: >= 3000 uplinks/s accepted and processed, p99 < 100 ms, nothing lost): ${met ? 'met' : 'NOT met'}`);
  }
  return results.length === options.databases.length ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('benchmark failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
