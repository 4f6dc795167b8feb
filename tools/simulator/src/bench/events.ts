import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Pool } from 'undici';
import { STREAMS_PER_USER } from '@aquasmart/domain';
import { parseDuration } from '../options';
import { CHIRPSTACK_PATH } from '../transport/http';
import { benchUpEvent } from './bench-uplink';
import { ChildServer } from './child-server';
import { createPostgresDatabase } from './postgres-database';
import type { TBenchReply, TBenchRequest } from './protocol';
import { formatMb, percentile } from './stats';

/**
 * `npm run bench:events`: the live change stream under load (docs/events.md). Starts the real
 * server (bench/server-process.ts, background workers on) on a fresh database, seeds devices over
 * customers, an administrator and a user per customer, opens N event streams (a few administrators,
 * the rest customers' users), sends ChirpStack `up` events at a fixed rate, and prints the latency
 * from an uplink's accepted answer to the `nodes` event on each stream that may see it (p50, p95),
 * deliveries missed, streams dropped, and the server's memory before, during and after. Prints
 * figures; not a test.
 */

const HELP = `Events benchmark: uplink accepted -> event received, with many open streams.

Usage: npm run bench:events -- [options]
  --database <postgres|pglite>   which database (default postgres)
  --streams <n>                  open event streams (default 1000)
  --admin-streams <n>            of which administrators' (they see every node; default 10)
  --customers <n>                customers the devices are spread over, one user each (default 20)
  --devices <n>                  seeded V2 devices (default 2000)
  --rate <n>                     uplinks per second (default 500)
  --duration <duration>          how long to send (default 20s)
  --settle <duration>            wait after the last uplink for the last events (default 5s)
  --idle <duration>              PostgreSQL: count the database's transactions this long without streams,
                                 then as long with the streams open and no uplinks (default 30s; 0 skips)
  --postgres-url <url>           server to create the benchmark database on
                                 (default postgres://postgres@127.0.0.1:5432/postgres)
  --help
`;

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVER_SCRIPT = path.join(here, 'server-process.ts');

interface TOptions {
  database: 'postgres' | 'pglite';
  streams: number;
  adminStreams: number;
  customers: number;
  devices: number;
  rate: number;
  durationMs: number;
  settleMs: number;
  idleMs: number;
  postgresUrl: string;
}

function parseOptions(): TOptions | null {
  const { values } = parseArgs({
    options: {
      database: { type: 'string', default: 'postgres' },
      streams: { type: 'string', default: '1000' },
      'admin-streams': { type: 'string', default: '10' },
      customers: { type: 'string', default: '20' },
      devices: { type: 'string', default: '2000' },
      rate: { type: 'string', default: '500' },
      duration: { type: 'string', default: '20s' },
      settle: { type: 'string', default: '5s' },
      idle: { type: 'string', default: '30s' },
      'postgres-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    return null;
  }
  const database = values.database;
  if (database !== 'postgres' && database !== 'pglite') throw new Error('--database must be postgres or pglite');
  const count = (text: string, name: string, min = 1) => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number of at least ${min}`);
    return n;
  };
  const options: TOptions = {
    database,
    streams: count(values.streams, '--streams'),
    adminStreams: count(values['admin-streams'], '--admin-streams', 0),
    customers: count(values.customers, '--customers'),
    devices: count(values.devices, '--devices'),
    rate: count(values.rate, '--rate'),
    durationMs: parseDuration(values.duration, '--duration'),
    settleMs: parseDuration(values.settle, '--settle'),
    idleMs: values.idle === '0' ? 0 : parseDuration(values.idle, '--idle'),
    postgresUrl: values['postgres-url'],
  };
  if (options.adminStreams > options.streams) throw new Error('--admin-streams must not be more than --streams');
  return options;
}

/** Every uplink sent: its device, when it was sent and when its accepted answer came (ms, performance.now()). */
interface TSent {
  sentAt: number;
  acceptedAt: number | null;
}

/** One open stream: which devices it may see, and per device how many of its uplinks it has seen. */
class BenchStream {
  status = 0;
  ended = false;
  events = 0;
  reloads = 0;
  bytes = 0;
  private buffer = '';
  private readonly seen = new Map<string, number>();
  private request: http.ClientRequest | null = null;

  constructor(
    readonly administrator: boolean,
    readonly customer: number,
    private readonly sentOf: Map<string, TSent[]>,
    private readonly latencies: number[],
  ) {}

  open(base: string, token: string): Promise<void> {
    return new Promise((resolve) => {
      this.request = http.get(`${base}/api/v1/events`, { headers: { 'x-access-token': token, accept: 'text/event-stream' }, agent: false }, (response) => {
        this.status = response.statusCode ?? 0;
        resolve();
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => this.take(chunk));
        const end = () => (this.ended = true);
        response.on('end', end);
        response.on('close', end);
        response.on('error', end);
      });
      this.request.on('error', () => {
        this.ended = true;
        resolve();
      });
    });
  }

  close(): void {
    this.request?.destroy();
  }

  /** Uplinks of the devices this stream may see that it has not seen (after the last one was sent). */
  missed(visible: (eui: string) => boolean): number {
    let missed = 0;
    for (const [eui, sent] of this.sentOf) if (visible(eui)) missed += sent.length - (this.seen.get(eui) ?? 0);
    return missed;
  }

  private take(chunk: string): void {
    this.bytes += chunk.length;
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      if (block.startsWith('event: nodes\n')) {
        const now = performance.now();
        this.events++;
        const data = block.split('\n').find((line) => line.startsWith('data: '))!.slice(6);
        const { nodes } = JSON.parse(data) as { nodes: { eui: string }[] };
        for (const { eui } of nodes) this.count(eui, now);
      } else if (block.startsWith('event: reload')) this.reloads++;
      else if (block.startsWith('event: ')) this.events++;
    }
  }

  /** Every uplink of the device sent before now and not seen yet: seen now. */
  private count(eui: string, now: number): void {
    const sent = this.sentOf.get(eui);
    if (!sent) return;
    let index = this.seen.get(eui) ?? 0;
    while (index < sent.length && sent[index].sentAt <= now) {
      const accepted = sent[index].acceptedAt;
      this.latencies.push(accepted === null ? 0 : Math.max(0, now - accepted));
      index++;
    }
    this.seen.set(eui, index);
  }
}

async function run(options: TOptions): Promise<number> {
  let cleanup: () => Promise<void>;
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0' };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  if (options.database === 'postgres') {
    const created = await createPostgresDatabase(options.postgresUrl);
    env.DATABASE_URL = created.url;
    cleanup = created.drop;
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquasmart-bench-events-'));
    env.DATA_DIR = dir;
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const { server, ready } = await ChildServer.start<TBenchRequest, TBenchReply>(SERVER_SCRIPT, env);
  const streams: BenchStream[] = [];
  try {
    const base = `http://127.0.0.1:${ready.port}`;
    // A user keeps at most STREAMS_PER_USER streams (docs/events.md, "Bounds"): enough users for the streams.
    const customerStreams = options.streams - options.adminStreams;
    const seeded = await server.ask(
      {
        type: 'seedEvents',
        devices: options.devices,
        customers: options.customers,
        administrators: Math.max(1, Math.ceil(options.adminStreams / STREAMS_PER_USER)),
        usersPerCustomer: Math.max(1, Math.ceil(Math.ceil(customerStreams / options.customers) / STREAMS_PER_USER)),
      },
      'seededEvents',
    );
    const customerOf = new Map(seeded.euis.map((eui, index) => [eui, seeded.customerOf[index]]));
    console.log(
      `\n== ${options.database}: ${options.devices} devices over ${options.customers} customers; ${options.streams} streams (${options.adminStreams} administrators'); ${options.rate} uplinks/s for ${options.durationMs / 1000} s ==`,
    );

    const sentOf = new Map<string, TSent[]>();
    const adminLatencies: number[] = [];
    const customerLatencies: number[] = [];
    const idle = await server.ask({ type: 'sample' }, 'sample');
    const idleRate = async () => {
      const before = await server.ask({ type: 'transactions' }, 'transactions');
      await new Promise((resolve) => setTimeout(resolve, options.idleMs));
      const after = await server.ask({ type: 'transactions' }, 'transactions');
      return ((after.transactions - before.transactions) / (after.at - before.at)) * 1000;
    };
    const measureIdle = options.database === 'postgres' && options.idleMs > 0;
    const withoutStreams = measureIdle ? await idleRate() : null;
    for (let index = 0; index < options.streams; index++) {
      const administrator = index < options.adminStreams;
      const customer = administrator ? -1 : (index - options.adminStreams) % options.customers;
      const stream = new BenchStream(administrator, customer, sentOf, administrator ? adminLatencies : customerLatencies);
      streams.push(stream);
      const token = administrator
        ? seeded.adminTokens[Math.floor(index / STREAMS_PER_USER)]
        : seeded.customerTokens[customer][Math.floor(Math.floor((index - options.adminStreams) / options.customers) / STREAMS_PER_USER)];
      await stream.open(base, token);
    }
    const refusedStreams = streams.filter((stream) => stream.status !== 200).length;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const opened = await server.ask({ type: 'sample' }, 'sample');
    console.log(`  streams open: ${streams.length - refusedStreams} of ${streams.length}; server RSS idle ${formatMb(idle.rss)}, with the streams ${formatMb(opened.rss)}`);
    if (withoutStreams !== null) {
      const withStreams = await idleRate();
      console.log(
        `  idle database        ${withoutStreams.toFixed(2)} transactions/s without streams, ${withStreams.toFixed(2)}/s with ${streams.length - refusedStreams} streams open (pg_stat_database, ${options.idleMs / 1000} s each)`,
      );
    }

    const pool = new Pool(base, { connections: 32, pipelining: 1, keepAliveTimeout: 60_000 });
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${seeded.secret}` };
    const counters = new Map<string, number>();
    let accepted = 0;
    let refused = 0;
    let firstError: string | undefined;
    const rss: number[] = [];
    const heap: number[] = [];
    const sampler = setInterval(() => {
      void server.ask({ type: 'sample' }, 'sample').then(
        (sample) => {
          rss.push(sample.rss);
          heap.push(sample.heapUsed ?? 0);
        },
        () => undefined,
      );
    }, 1000);
    const cpuBefore = (await server.ask({ type: 'sample' }, 'sample')).cpuMs;
    const started = performance.now();
    const inFlight = new Set<Promise<void>>();
    let next = 0;
    const send = (eui: string) => {
      const fCnt = (counters.get(eui) ?? 0) + 1;
      counters.set(eui, fCnt);
      const record: TSent = { sentAt: performance.now(), acceptedAt: null };
      const list = sentOf.get(eui) ?? [];
      list.push(record);
      sentOf.set(eui, list);
      const body = benchUpEvent(eui, fCnt, Date.now());
      const request = pool
        .request({ method: 'POST', path: `${CHIRPSTACK_PATH}?event=up`, headers, body })
        .then(async (response) => {
          const text = await response.body.text();
          if (response.statusCode >= 200 && response.statusCode < 300) {
            record.acceptedAt = performance.now();
            accepted++;
          } else {
            refused++;
            firstError ??= `${response.statusCode} ${text.slice(0, 200)}`;
          }
        })
        .catch((error: unknown) => {
          refused++;
          firstError ??= error instanceof Error ? error.message : String(error);
        })
        .finally(() => inFlight.delete(request));
      inFlight.add(request);
    };
    // A fixed rate: every 10 ms the uplinks due by now.
    while (performance.now() - started < options.durationMs) {
      const due = Math.floor(((performance.now() - started) / 1000) * options.rate);
      while (next < due) {
        send(seeded.euis[next % seeded.euis.length]);
        next++;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await Promise.all(inFlight);
    const sentFor = performance.now() - started;
    const cpuAfter = (await server.ask({ type: 'sample' }, 'sample')).cpuMs;
    await new Promise((resolve) => setTimeout(resolve, options.settleMs));
    clearInterval(sampler);
    await pool.close();
    const after = await server.ask({ type: 'sample' }, 'sample');

    const visibleTo = (stream: BenchStream) => (eui: string) => stream.administrator || customerOf.get(eui) === stream.customer;
    const missed = streams.reduce((sum, stream) => sum + (stream.status === 200 ? stream.missed(visibleTo(stream)) : 0), 0);
    const dropped = streams.filter((stream) => stream.status === 200 && stream.ended).length;
    const reloads = streams.reduce((sum, stream) => sum + stream.reloads, 0);
    const ms = (values: number[], share: number) => percentile(Float64Array.from(values).sort(), share).toFixed(0);
    const all = [...adminLatencies, ...customerLatencies];
    const steady = rss.slice(Math.floor(rss.length / 4));
    console.log(`  uplinks              sent ${next}, accepted ${accepted}, refused ${refused}${firstError ? ` (first: ${firstError})` : ''}; ${((accepted / sentFor) * 1000).toFixed(0)}/s`);
    console.log(`  uplink -> event      p50 ${ms(all, 0.5)} ms, p95 ${ms(all, 0.95)} ms, p99 ${ms(all, 0.99)} ms, max ${ms(all, 1)} ms over ${all.length} deliveries`);
    console.log(`    administrators     p50 ${ms(adminLatencies, 0.5)} ms, p95 ${ms(adminLatencies, 0.95)} ms (${adminLatencies.length} deliveries)`);
    console.log(`    customers' users   p50 ${ms(customerLatencies, 0.5)} ms, p95 ${ms(customerLatencies, 0.95)} ms (${customerLatencies.length} deliveries)`);
    console.log(`  missed deliveries    ${missed}; streams ended during the run ${dropped}; reload events ${reloads}; refused streams ${refusedStreams}`);
    console.log(
      `  server RSS           with the streams ${formatMb(opened.rss)}; under load min ${formatMb(Math.min(...steady))}, max ${formatMb(Math.max(...rss))} (first quarter left out of min); after ${formatMb(after.rss)}`,
    );
    console.log(`  server heap used     under load max ${formatMb(Math.max(...heap))}; after ${formatMb(after.heapUsed ?? 0)}`);
    console.log(`  server CPU           ${(((cpuAfter - cpuBefore) / sentFor) * 100).toFixed(0)} % of one core while sending; machine load average ${os.loadavg()[0].toFixed(1)}`);
    const p95 = percentile(Float64Array.from(all).sort(), 0.95);
    console.log(`target (p95 uplink -> event under 1 s, nothing missed): ${p95 < 1000 && missed === 0 ? 'met' : 'NOT met'}`);
    return 0;
  } finally {
    for (const stream of streams) stream.close();
    await server.ask({ type: 'stop' }, 'stopped').catch(() => server.child.kill('SIGKILL'));
    await cleanup();
  }
}

async function main(): Promise<number> {
  const options = parseOptions();
  if (!options) return 0;
  console.log(`events benchmark on ${os.cpus().length} CPU(s), ${formatMb(os.totalmem())} memory, Node ${process.version}`);
  return run(options);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('benchmark failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
