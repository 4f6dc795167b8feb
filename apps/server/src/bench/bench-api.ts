import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DASHBOARD_LIST_NAMES, logbookPeriod, SAMPLE_RESULT_LIST_MAX_LIMIT } from '@aquasmart/domain';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { queryRows } from '../db/database';
import { sql } from 'drizzle-orm';
import { BENCH_ADMIN, BENCH_CUSTOMER_USER, BENCH_PASSWORD, DEFAULT_PGLITE_DIR, DEFAULT_SCALE_URL, LOGBOOK_BENCH_CUSTOMER_ID, LOGBOOK_BENCH_LOCATION } from './seed-scale';

/**
 * `npm run bench:api`: the read calls a planner's day starts with, against the fleet of
 * `npm run seed:scale` (docs/dashboard.md, "Speed"). The real app listens on a local port; each call
 * is made `--repeat` times one after the other (after `--warmup` calls) and its p50/p95/p99 are
 * printed. Not a test: figures for the docs and the issue notes.
 */
const HELP = `API benchmark on the seed:scale fleet.

Usage: npm run bench:api -- [options]
  --database <postgres|pglite>   (default postgres)
  --url <url>        PostgreSQL database seeded by seed:scale (default ${DEFAULT_SCALE_URL})
  --dir <dir>        PGlite data directory seeded by seed:scale (default ${DEFAULT_PGLITE_DIR})
  --repeat <n>       measured calls per route (default 50)
  --warmup <n>       unmeasured calls per route first (default 5)
  --only <text>      only the calls whose label contains this text
  --deep-repeat <n>  measured calls for the deep pages of the node list (default 10)
  --logbook-repeat <n>  measured calls per logbook report (default 3, after one warm-up call); --only logbook runs these only
`;

interface TCall {
  label: string;
  user: 'admin' | 'customer';
  url: string;
  /** Deep pages (fewer calls: a deep page of the node list once took seconds; docs/nodes.md, Deep pages). */
  deep?: boolean;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

const NODE_LIST_PROJECTION = 'eui name type version customer location gateway calibration lora channels sipp.parameters signal sync';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      database: { type: 'string', default: 'postgres' },
      url: { type: 'string', default: DEFAULT_SCALE_URL },
      dir: { type: 'string', default: DEFAULT_PGLITE_DIR },
      repeat: { type: 'string', default: '50' },
      warmup: { type: 'string', default: '5' },
      only: { type: 'string' },
      'deep-repeat': { type: 'string', default: '10' },
      'logbook-repeat': { type: 'string', default: '3' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }
  const repeat = Number(values.repeat);
  const warmup = Number(values.warmup);
  const pglite = values.database === 'pglite';
  const database = await openDatabase(pglite ? { dataDir: values.dir } : { databaseUrl: values.url });
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', DEMO: 'false', ...(pglite ? { DATA_DIR: values.dir } : { DATABASE_URL: values.url }) });
  const app = await buildApp({ config, database, logger: { level: 'warn' } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/v1`;
  try {
    const [fleet] = await queryRows<{ nodes: number; unassigned: number; history: number; customer: string; eui: string; search: string }>(
      database.db,
      sql`SELECT (SELECT count(*)::int FROM devices) AS nodes,
        (SELECT count(*)::int FROM devices WHERE customer_id IS NULL OR location_id IS NULL) AS unassigned, (SELECT reltuples::bigint FROM pg_class WHERE relname = 'device_data') AS history,
        (SELECT name FROM customers WHERE id = 1) AS customer, '70B3D54900000001' AS eui, '0042' AS search`,
    );
    const historyRows = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM device_data`);
    const pages = Math.ceil(fleet.nodes / 25);
    const token = async (email: string) => {
      const response = await fetch(`${base}/auth`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${email}:${BENCH_PASSWORD}`).toString('base64')}` } });
      if (!response.ok) throw new Error(`bench:api: sign-in of ${email} failed (${response.status}); run npm run seed:scale first`);
      return ((await response.json()) as { token: string }).token;
    };
    const tokens = { admin: await token(BENCH_ADMIN), customer: await token(BENCH_CUSTOMER_USER) };
    const unassignedPages = Math.max(1, Math.ceil(fleet.unassigned / 25));
    const nodeList = (page: number, extra = '', assigned = true) =>
      `/devices?page=${page}&limit=25&sort=name&assigned=${assigned}&projection=${encodeURIComponent(NODE_LIST_PROJECTION)}${extra}`;
    const now = Date.now();
    const chart = `/devices/${fleet.eui}/data?limit=10000&projection=value&conditions=${encodeURIComponent(
      JSON.stringify({ msgId: { $in: [42, 40, 50] }, 'value.timestamp': { $gte: Math.floor((now - 62 * 86_400_000) / 1000), $lte: Math.floor(now / 1000) } }),
    )}`;
    const allCalls: TCall[] = [
      { label: 'GET /dashboard (administrator)', user: 'admin', url: '/dashboard' },
      { label: `GET /dashboard (user of ${fleet.customer})`, user: 'customer', url: '/dashboard' },
      { label: `GET /dashboard?customer= (tab of ${fleet.customer})`, user: 'admin', url: `/dashboard?customer=${encodeURIComponent(fleet.customer)}` },
      { label: 'node list page 1 (25, by name)', user: 'admin', url: nodeList(1) },
      { label: `node list page 1, search "${fleet.search}"`, user: 'admin', url: nodeList(1, `&search=${fleet.search}`) },
      { label: 'node list page 100', user: 'admin', url: nodeList(100), deep: true },
      { label: `node list page ${Math.round(pages / 2)} (middle)`, user: 'admin', url: nodeList(Math.round(pages / 2)), deep: true },
      { label: `node list page ${pages} (last)`, user: 'admin', url: nodeList(pages), deep: true },
      { label: `node list page ${pages} (last), by name descending`, user: 'admin', url: nodeList(pages).replace('sort=name', 'sort=-name'), deep: true },
      { label: `node list page ${Math.round(pages / 2)}, by last seen`, user: 'admin', url: nodeList(Math.round(pages / 2)).replace('sort=name', 'sort=lastOnline'), deep: true },
      { label: `unassigned list page 1 (${fleet.unassigned} nodes)`, user: 'admin', url: nodeList(1, '', false) },
      { label: `unassigned list page ${unassignedPages} (last)`, user: 'admin', url: nodeList(unassignedPages, '', false), deep: true },
      ...DASHBOARD_LIST_NAMES.map((name): TCall => ({ label: `list ${name} page 1`, user: 'admin', url: `/dashboard/lists/${name}?page=1&limit=25` })),
      { label: `list nodes page ${Math.round(pages / 2)} (middle)`, user: 'admin', url: `/dashboard/lists/nodes?page=${Math.round(pages / 2)}&limit=25`, deep: true },
      { label: `list nodes page ${pages} (last)`, user: 'admin', url: `/dashboard/lists/nodes?page=${pages}&limit=25`, deep: true },
      { label: `list nodes page 1 (user of ${fleet.customer})`, user: 'customer', url: '/dashboard/lists/nodes?page=1&limit=25' },
      { label: 'list offlineNodes page 1, search', user: 'admin', url: `/dashboard/lists/offlineNodes?page=1&limit=25&search=${fleet.search}` },
      { label: 'GET /devices/byFlushAmount?min=1', user: 'admin', url: '/devices/byFlushAmount?min=1' },
      // Alarms (docs/alarms.md, "Speed"): the list, its filters and deep pages, the badge, a node's history.
      { label: 'alarms list page 1 (to handle, administrator)', user: 'admin', url: '/alarms?page=1&limit=25' },
      { label: `alarms list page 1 (user of ${fleet.customer})`, user: 'customer', url: '/alarms?page=1&limit=25' },
      { label: 'alarms list page 1, kind=offline', user: 'admin', url: '/alarms?page=1&limit=25&kind=offline' },
      { label: 'alarms list page 1, state=new, active', user: 'admin', url: '/alarms?page=1&limit=25&state=new&status=active' },
      { label: 'alarms list page 1, assignee=me', user: 'admin', url: '/alarms?page=1&limit=25&assignee=me' },
      { label: 'alarms list page 1, status=all', user: 'admin', url: '/alarms?page=1&limit=25&status=all' },
      { label: 'alarms list page 200 (to handle)', user: 'admin', url: '/alarms?page=200&limit=25', deep: true },
      { label: 'alarms count (badge, administrator)', user: 'admin', url: '/alarms/count' },
      { label: `alarms count (badge, user of ${fleet.customer})`, user: 'customer', url: '/alarms/count' },
      { label: 'one node, alarm history', user: 'admin', url: `/devices/${fleet.eui}/alarms?page=1&limit=25` },
      { label: 'customer list (administrator, every customer)', user: 'admin', url: '/customers' },
      { label: `locations of ${fleet.customer} (the large customer)`, user: 'admin', url: `/customers/${encodeURIComponent(fleet.customer)}/locations` },
      { label: 'one node, 62-day chart data', user: 'admin', url: chart },
    ];
    allCalls.push(...(await samplingCalls(database.db, fleet.customer)));
    allCalls.push(...(await outletCalls(database.db)));
    const calls = allCalls.filter((call) => !values.only || call.label.includes(values.only));

    process.stdout.write(
      `bench:api on ${values.database}: ${fleet.nodes.toLocaleString('en')} nodes, ${historyRows[0].n.toLocaleString('en')} history rows; ${repeat} calls each after ${warmup} warm-up calls, one at a time\n\n`,
    );
    const header = `${'call'.padEnd(58)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)}  rows/bytes`;
    process.stdout.write(`${header}\n${'-'.repeat(header.length)}\n`);
    for (const call of calls) {
      const times: number[] = [];
      let size = '';
      let failed = 0;
      const [callWarmup, callRepeat] = call.deep ? [1, Math.min(repeat, Number(values['deep-repeat']))] : [warmup, repeat];
      for (let index = 0; index < callWarmup + callRepeat; index++) {
        const started = performance.now();
        const response = await fetch(`${base}${call.url}`, { headers: { 'x-access-token': tokens[call.user] } });
        const text = await response.text();
        const elapsed = performance.now() - started;
        if (index >= callWarmup) times.push(elapsed);
        if (!response.ok) {
          // A call that fails (e.g. the statement timeout of a very deep page) is reported, not hidden.
          failed += 1;
          size = `HTTP ${response.status} ${text.slice(0, 60)}`;
          if (failed >= 3) break;
          continue;
        }
        const body = JSON.parse(text) as unknown;
        size = `${Array.isArray(body) ? `${body.length} rows` : 'object'}${response.headers.get('x-total-count') ? ` of ${response.headers.get('x-total-count')}` : ''}, ${text.length} B`;
      }
      times.sort((a, b) => a - b);
      const fixed = (value: number) => value.toFixed(1).padStart(8);
      const note = `${call.deep ? ` (${times.length} calls)` : ''}${failed ? `  FAILED ${failed}x: ${size}` : `  ${size}`}`;
      process.stdout.write(`${call.label.padEnd(58)} ${fixed(percentile(times, 50))} ${fixed(percentile(times, 95))} ${fixed(percentile(times, 99))}${note}\n`);
    }
    await benchLogbook(database.db, base, tokens.admin, Number(values['logbook-repeat']), values.only);
  } finally {
    await app.close();
    await database.close();
  }
}

/**
 * Sampling (docs/sampling.md, "Speed"; issue 40): a location's sample points, plan and results (the
 * Monstername tab's three reads) for the large customer's sampling location with the most points and
 * for "Logboek 50", by the administrator and the customer's user; the dashboard's samplings card for
 * every customer (administrator), one customer (?customer=, the customer's tab) and a customer's user.
 */
async function samplingCalls(db: Parameters<typeof queryRows>[0], largeCustomer: string): Promise<TCall[]> {
  const places = await queryRows<{ customer: string; location: string; points: number; results: number; mine: boolean }>(
    db,
    sql`(SELECT c.name AS customer, l.name AS location, count(DISTINCT p.id)::int AS points, count(r.id)::int AS results, c.id = 1 AS mine
           FROM sample_points p JOIN locations l ON l.id = p.location_id JOIN customers c ON c.id = l.customer_id LEFT JOIN sample_results r ON r.sample_point_id = p.id
          WHERE c.id = 1 GROUP BY c.id, c.name, l.id, l.name ORDER BY count(DISTINCT p.id) DESC, l.id LIMIT 1)
        UNION ALL
        (SELECT c.name, l.name, count(DISTINCT p.id)::int, count(r.id)::int, false
           FROM sample_points p JOIN locations l ON l.id = p.location_id JOIN customers c ON c.id = l.customer_id LEFT JOIN sample_results r ON r.sample_point_id = p.id
          WHERE l.name = ${LOGBOOK_BENCH_LOCATION} GROUP BY c.name, l.id, l.name)`,
  );
  const calls: TCall[] = [];
  for (const place of places) {
    const base = `/customers/${encodeURIComponent(place.customer)}/locations/${encodeURIComponent(place.location)}`;
    const what = `${place.location} (${place.points} points, ${place.results} results)`;
    calls.push(
      { label: `sampling: sample points of ${what}`, user: 'admin', url: `${base}/sample-points` },
      { label: `sampling: plan of ${place.location}`, user: 'admin', url: `${base}/sampling-plan` },
      { label: `sampling: results of ${place.location}, ${SAMPLE_RESULT_LIST_MAX_LIMIT} newest`, user: 'admin', url: `${base}/sample-results?limit=${SAMPLE_RESULT_LIST_MAX_LIMIT}` },
      { label: `sampling: results of ${place.location}, one point`, user: 'admin', url: `${base}/sample-results?limit=${SAMPLE_RESULT_LIST_MAX_LIMIT}&samplePointId=0` },
    );
    if (place.mine) calls.push({ label: `sampling: sample points of ${place.location} (user of ${place.customer})`, user: 'customer', url: `${base}/sample-points` });
  }
  // The one-point filter: the location's first point.
  for (const call of calls.filter((entry) => entry.url.endsWith('samplePointId=0'))) {
    const location = decodeURIComponent(call.url.split('/')[4]);
    const [point] = await queryRows<{ id: number }>(db, sql`SELECT p.id FROM sample_points p JOIN locations l ON l.id = p.location_id WHERE l.name = ${location} ORDER BY p.id LIMIT 1`);
    call.url = call.url.replace('samplePointId=0', `samplePointId=${point?.id ?? 0}`);
  }
  const [all] = await queryRows<{ points: number }>(db, sql`SELECT count(*)::int AS points FROM sample_points`);
  const [mine] = await queryRows<{ points: number }>(db, sql`SELECT count(*)::int AS points FROM sample_points p JOIN locations l ON l.id = p.location_id WHERE l.customer_id = 1`);
  calls.push(
    { label: `sampling: dashboard card (administrator, ${all.points} points)`, user: 'admin', url: '/dashboard/samplings' },
    { label: `sampling: dashboard card ?customer=${largeCustomer} (${mine.points} points)`, user: 'admin', url: `/dashboard/samplings?customer=${encodeURIComponent(largeCustomer)}` },
    { label: `sampling: dashboard card (user of ${largeCustomer})`, user: 'customer', url: '/dashboard/samplings' },
  );
  return calls;
}

/**
 * Outlets (docs/outlets.md, "Speed"; issue 41): the due checks of the customer with the 20,000
 * outlets (the dashboard card's GET /dashboard/checks, by the administrator with ?customer=, by the
 * customer's user, and over every customer), and of its largest location (due-checks, the outlet
 * list and its check history, the register tab's reads).
 */
async function outletCalls(db: Parameters<typeof queryRows>[0]): Promise<TCall[]> {
  const [place] = await queryRows<{ customer: string; location: string; outlets: number; total: number }>(
    db,
    sql`SELECT c.name AS customer, l.name AS location, count(*)::int AS outlets,
          (SELECT count(*)::int FROM outlets x JOIN locations y ON y.id = x.location_id WHERE y.customer_id = c.id) AS total
        FROM outlets o JOIN locations l ON l.id = o.location_id JOIN customers c ON c.id = l.customer_id
        GROUP BY c.id, c.name, l.id, l.name ORDER BY count(*) DESC, l.id LIMIT 1`,
  );
  if (!place) return [];
  const [all] = await queryRows<{ outlets: number }>(db, sql`SELECT count(*)::int AS outlets FROM outlets`);
  const base = `/customers/${encodeURIComponent(place.customer)}/locations/${encodeURIComponent(place.location)}`;
  return [
    { label: `outlets: due checks ?customer=${place.customer} (${place.total} outlets)`, user: 'admin', url: `/dashboard/checks?customer=${encodeURIComponent(place.customer)}` },
    { label: `outlets: due checks (user of ${place.customer})`, user: 'customer', url: '/dashboard/checks' },
    { label: `outlets: due checks (administrator, ${all.outlets} outlets)`, user: 'admin', url: '/dashboard/checks' },
    { label: `outlets: due-checks of ${place.location} (${place.outlets} outlets)`, user: 'admin', url: `${base}/due-checks` },
    { label: `outlets: due-checks of ${place.location}, overdue`, user: 'admin', url: `${base}/due-checks?state=overdue` },
    { label: `outlets: outlet list of ${place.location}`, user: 'admin', url: `${base}/outlets` },
    { label: `outlets: checks of ${place.location}, page 1`, user: 'admin', url: `${base}/checks?page=1&limit=25` },
  ];
}

const MB = 1024 * 1024;

/** The process's peak resident set since the last reset (Linux: VmHWM, reset by writing 5 to clear_refs); null elsewhere. */
function residentPeak(reset = false): number | null {
  try {
    if (reset) fs.writeFileSync('/proc/self/clear_refs', '5');
    const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * The logbook's reports (docs/logbook.md, "Speed"): the JSON and the PDF of the seeded location
 * "Logboek 50" over the last 12 full months and of the second customer (about 275 nodes) over the
 * previous month, each `repeat` times after one warm-up call. The app runs in this process, so its
 * memory is this process's: RSS and heap before each call and the peak while it runs (sampled
 * every 50 ms; the peak RSS also from the kernel's high-water mark, which sees inside long
 * synchronous stretches such as the PDF layout that the sampler cannot).
 */
async function benchLogbook(db: Parameters<typeof queryRows>[0], base: string, token: string, repeat: number, only: string | undefined): Promise<void> {
  const [subject] = await queryRows<{ customer: string | null; location: string | null; nodes: number; location_nodes: number }>(
    db,
    sql`SELECT c.name AS customer, l.name AS location, (SELECT count(*)::int FROM devices WHERE customer_id = c.id) AS nodes,
          (SELECT count(*)::int FROM devices WHERE location_id = l.id) AS location_nodes
        FROM customers c LEFT JOIN locations l ON l.customer_id = c.id AND l.name = ${LOGBOOK_BENCH_LOCATION} WHERE c.id = ${LOGBOOK_BENCH_CUSTOMER_ID}`,
  );
  if (!subject?.customer || !subject.location) {
    if (!only || 'logbook'.includes(only)) process.stdout.write(`\nlogbook: no location "${LOGBOOK_BENCH_LOCATION}"; run npm run seed:scale again\n`);
    return;
  }
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const lastMonth = logbookPeriod('month', today, 1);
  const year = { from: logbookPeriod('month', today, 12).from, to: lastMonth.to };
  const location = `/customers/${encodeURIComponent(subject.customer)}/locations/${encodeURIComponent(subject.location)}/logbook`;
  const customer = `/customers/${encodeURIComponent(subject.customer)}/logbook`;
  const query = (period: { from: string; to: string }, extra = '') => `?from=${period.from}&to=${period.to}${extra}`;
  const all: TCall[] = [
    { label: `logbook JSON, ${subject.location} (${subject.location_nodes} nodes), ${year.from}..${year.to}`, user: 'admin', url: `${location}${query(year)}` },
    { label: `logbook PDF, ${subject.location} (${subject.location_nodes} nodes), ${year.from}..${year.to}`, user: 'admin', url: `${location}/pdf${query(year, '&language=nl')}` },
    { label: `logbook JSON, ${subject.customer} (${subject.nodes} nodes), ${lastMonth.from}..${lastMonth.to}`, user: 'admin', url: `${customer}${query(lastMonth)}` },
    { label: `logbook PDF, ${subject.customer} (${subject.nodes} nodes), ${lastMonth.from}..${lastMonth.to}`, user: 'admin', url: `${customer}/pdf${query(lastMonth, '&language=nl')}` },
  ];
  const calls = all.filter((call) => !only || call.label.includes(only));
  if (calls.length === 0) return;
  process.stdout.write(`\nlogbook reports: ${repeat} calls each after 1 warm-up call, one at a time; memory of this process (the server runs in it)\n\n`);
  const header = `${'call'.padEnd(70)} ${'first s'.padStart(7)} ${'p50 s'.padStart(7)} ${'max s'.padStart(7)}  ${'RSS before/peak MB'.padStart(19)}  ${'heap before/peak MB'.padStart(20)}  size`;
  process.stdout.write(`${header}\n${'-'.repeat(header.length)}\n`);
  for (const call of calls) {
    const times: number[] = [];
    let rssBefore = Infinity;
    let heapBefore = Infinity;
    let rssPeak = 0;
    let heapPeak = 0;
    let size = '';
    let first = NaN;
    for (let index = 0; index < 1 + repeat; index++) {
      globalThis.gc?.();
      const before = process.memoryUsage();
      const hwmBefore = residentPeak(true);
      let rss = before.rss;
      let heap = before.heapUsed;
      const sampler = setInterval(() => {
        const now = process.memoryUsage();
        rss = Math.max(rss, now.rss);
        heap = Math.max(heap, now.heapUsed);
      }, 50);
      const started = performance.now();
      const response = await fetch(`${base}${call.url}`, { headers: { 'x-access-token': token } });
      const body = Buffer.from(await response.arrayBuffer());
      const elapsed = performance.now() - started;
      clearInterval(sampler);
      const hwm = residentPeak();
      if (!response.ok) {
        // A report that fails (e.g. the statement timeout of the API's connections) is reported with when it failed.
        size = `FAILED after ${(elapsed / 1000).toFixed(1)} s: HTTP ${response.status} ${body.toString('utf8').slice(0, 80)}`;
        break;
      }
      size = `${(body.length / 1024).toFixed(0)} kB${call.url.includes('/pdf') ? '' : `, ${(JSON.parse(body.toString('utf8')) as { locations: unknown[] }).locations.length} locations`}`;
      // The first call keeps the day summaries not kept yet (docs/logbook.md, "Speed"): after a fresh seed it is the cold report.
      if (index === 0) {
        first = elapsed;
        continue;
      }
      times.push(elapsed);
      rssBefore = Math.min(rssBefore, before.rss);
      heapBefore = Math.min(heapBefore, before.heapUsed);
      rssPeak = Math.max(rssPeak, rss, hwmBefore !== null && hwm !== null ? hwm : 0);
      heapPeak = Math.max(heapPeak, heap);
    }
    times.sort((a, b) => a - b);
    const seconds = (value: number) => (times.length ? (value / 1000).toFixed(2) : '-').padStart(7);
    const pair = (a: number, b: number, width: number) => (times.length ? `${(a / MB).toFixed(0)} / ${(b / MB).toFixed(0)}` : '-').padStart(width);
    process.stdout.write(
      `${call.label.padEnd(70)} ${(Number.isNaN(first) ? '-' : (first / 1000).toFixed(2)).padStart(7)} ${seconds(percentile(times, 50))} ${seconds(times[times.length - 1] ?? NaN)}  ${pair(rssBefore, rssPeak, 19)}  ${pair(heapBefore, heapPeak, 20)}  ${size}\n`,
    );
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}
