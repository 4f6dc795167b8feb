import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { logbookPeriod } from '@aquasmart/domain';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { queryRows } from '../db/database';
import { BENCH_ADMIN, BENCH_PASSWORD, DEFAULT_PGLITE_DIR, DEFAULT_SCALE_URL, LOGBOOK_BENCH_CUSTOMER_ID, LOGBOOK_BENCH_LOCATION } from './seed-scale';

/**
 * `npm run bench:pdf`: does the portal keep answering while logbook PDFs render? (issue 35 item 4,
 * docs/operations-limits.md "Heavy reports"). On the fleet of `npm run seed:scale`, one user (the
 * seed's administrator: the fleet's customer user does not see "Logboek 50"; rights do not change the work) keeps `--pdfs` PDFs of "Logboek 50" in flight (a year of 50 nodes, or `--period month`) for
 * `--rounds` each, while a probe asks `/healthz` and a list (`GET /customers`) one after the other
 * every `--every` ms. Prints the probes' p50/p95/p99/max with no PDF and during the PDFs, and the
 * event loop's delay. The per-user bound is lifted to `--pdfs` (the total bound stays), so one user
 * can hold all of them. Not a test: figures for the docs and the issue notes.
 */
const HELP = `PDF stall benchmark on the seed:scale fleet.

Usage: npm run bench:pdf -- [options]
  --database <postgres|pglite>   (default postgres)
  --url <url>        PostgreSQL database seeded by seed:scale (default ${DEFAULT_SCALE_URL})
  --dir <dir>        PGlite data directory seeded by seed:scale (default ${DEFAULT_PGLITE_DIR})
  --pdfs <n>         PDFs in flight at once (default 8)
  --rounds <n>       PDFs each of them asks for one after the other (default 2)
  --period <year|month>  the report's period (default year)
  --every <ms>       pause between probes (default 20)
`;

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function timed(url: string, token?: string): Promise<{ ms: number; status: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers: token ? { 'x-access-token': token } : {} });
  const body = await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status, bytes: body.byteLength };
}

/** Probes /healthz and the list one after the other until `stop()` is true. */
async function probe(root: string, base: string, token: string, every: number, stop: () => boolean) {
  const samples = { health: [] as number[], list: [] as number[], failed: 0 };
  while (!stop()) {
    const health = await timed(`${root}/healthz`);
    const list = await timed(`${base}/customers`, token);
    samples.health.push(health.ms);
    samples.list.push(list.ms);
    if (health.status !== 200 || list.status !== 200) samples.failed += 1;
    await sleep(every);
  }
  return samples;
}

function line(label: string, values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const ms = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(0)).padStart(7);
  return `${label.padEnd(34)} ${String(sorted.length).padStart(6)} ${ms(percentile(sorted, 50))} ${ms(percentile(sorted, 95))} ${ms(percentile(sorted, 99))} ${ms(sorted.at(-1) ?? NaN)}\n`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      database: { type: 'string', default: 'postgres' },
      url: { type: 'string', default: DEFAULT_SCALE_URL },
      dir: { type: 'string', default: DEFAULT_PGLITE_DIR },
      pdfs: { type: 'string', default: '8' },
      rounds: { type: 'string', default: '2' },
      period: { type: 'string', default: 'year' },
      every: { type: 'string', default: '20' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }
  const pdfs = Number(values.pdfs);
  const rounds = Number(values.rounds);
  const every = Number(values.every);
  const pglite = values.database === 'pglite';
  const database = await openDatabase(pglite ? { dataDir: values.dir } : { databaseUrl: values.url });
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', DEMO: 'false', ...(pglite ? { DATA_DIR: values.dir } : { DATABASE_URL: values.url }) });
  const app = await buildApp({ config, database, logger: { level: 'warn' }, heavyRequests: { perUser: pdfs } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const root = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const base = `${root}/api/v1`;
  try {
    const [subject] = await queryRows<{ customer: string | null; location: string | null; nodes: number }>(
      database.db,
      sql`SELECT c.name AS customer, l.name AS location, (SELECT count(*)::int FROM devices WHERE location_id = l.id) AS nodes
        FROM customers c LEFT JOIN locations l ON l.customer_id = c.id AND l.name = ${LOGBOOK_BENCH_LOCATION} WHERE c.id = ${LOGBOOK_BENCH_CUSTOMER_ID}`,
    );
    if (!subject?.customer || !subject.location) throw new Error(`bench:pdf: no location "${LOGBOOK_BENCH_LOCATION}"; run npm run seed:scale first`);
    const signIn = await fetch(`${base}/auth`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${BENCH_ADMIN}:${BENCH_PASSWORD}`).toString('base64')}` } });
    if (!signIn.ok) throw new Error(`bench:pdf: sign-in of ${BENCH_ADMIN} failed (${signIn.status}); run npm run seed:scale first`);
    const token = ((await signIn.json()) as { token: string }).token;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
    const lastMonth = logbookPeriod('month', today, 1);
    const period = values.period === 'month' ? lastMonth : { from: logbookPeriod('month', today, 12).from, to: lastMonth.to };
    const pdfUrl = `${base}/customers/${encodeURIComponent(subject.customer)}/locations/${encodeURIComponent(subject.location)}/logbook/pdf?from=${period.from}&to=${period.to}&language=nl`;

    // Warm-up: the day summaries are kept and the render thread started, as on a portal in use.
    const warm = await timed(pdfUrl, token);
    if (warm.status !== 200) throw new Error(`bench:pdf: the warm-up PDF answered ${warm.status}`);
    process.stdout.write(
      `${values.database}: ${pdfs} PDFs at once x ${rounds} of ${subject.location} (${subject.nodes} nodes) ${period.from}..${period.to} (${(warm.bytes / 1024).toFixed(0)} kB, first ${(warm.ms / 1000).toFixed(1)} s); probes every ${every} ms\n\n`,
    );

    let idleUntil = performance.now() + 3000;
    const idle = await probe(root, base, token, every, () => performance.now() > idleUntil);
    idleUntil = 0;

    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    let rendering = true;
    const pdfTimes: number[] = [];
    const statuses = new Map<number, number>();
    const started = performance.now();
    const during = probe(root, base, token, every, () => !rendering);
    await Promise.all(
      Array.from({ length: pdfs }, async () => {
        for (let round = 0; round < rounds; round++) {
          const result = await timed(pdfUrl, token);
          pdfTimes.push(result.ms);
          statuses.set(result.status, (statuses.get(result.status) ?? 0) + 1);
        }
      }),
    );
    rendering = false;
    const elapsed = performance.now() - started;
    const busy = await during;
    loop.disable();

    const header = `${'probe'.padEnd(34)} ${'n'.padStart(6)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(7)}\n`;
    process.stdout.write(header + '-'.repeat(header.length - 1) + '\n');
    process.stdout.write(line('/healthz, no PDF', idle.health));
    process.stdout.write(line('GET /customers, no PDF', idle.list));
    process.stdout.write(line(`/healthz, ${pdfs} PDFs rendering`, busy.health));
    process.stdout.write(line(`GET /customers, ${pdfs} PDFs rendering`, busy.list));
    process.stdout.write(line('the PDFs themselves', pdfTimes));
    process.stdout.write(
      `\nPDF answers: ${[...statuses].map(([status, count]) => `${count} x ${status}`).join(', ')} in ${(elapsed / 1000).toFixed(1)} s; failed probes ${idle.failed + busy.failed}; ` +
        `event loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms, max ${(loop.max / 1e6).toFixed(0)} ms\n`,
    );
  } finally {
    await app.close();
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}
