import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { queryRows } from '../db/database';
import { sql } from 'drizzle-orm';
import { inArray } from 'drizzle-orm';
import { RIGHT_FLAGS, USER_TYPE_ADMINISTRATOR } from '@aquasmart/domain';
import type { TDb } from '../db/database';
import { userCustomers, users as userTable } from '../db/schema';
import { issueToken } from '../identity/tokens';
import { DEFAULT_SCALE_URL } from './seed-common';

/**
 * `npm run bench:export`: the node list's CSV export (docs/exports.md, "Speed and memory") on the
 * seed:scale fleet: every node as an administrator (by name and by last online) and a customer's
 * nodes as its user. The real app listens on a local port in this process; the client reads the
 * stream as it comes and counts lines. Printed per export: rows, bytes, seconds, and this
 * process's peak RSS and heap above what they were before the export (sampled every 10 ms after a GC),
 * which stays flat whatever the fleet's size when the export is streamed in batches. Not a test.
 *
 * `--seed <n>`: first (re)create a database of its own (default aquasmart_export_bench, never the
 * seed:scale database) with n nodes and no history, and measure on that.
 */
const HELP = `Node export benchmark.

Usage: npm run bench:export -- [options]
  --url <url>     PostgreSQL database seeded by seed:scale (default ${DEFAULT_SCALE_URL})
  --seed <n>      seed a database of its own with n nodes first (--seed-url), and measure on it
  --seed-url <url>  (default postgres://postgres@127.0.0.1:5432/aquasmart_export_bench)
`;
const DEFAULT_SEED_URL = 'postgres://postgres@127.0.0.1:5432/aquasmart_export_bench';

const BENCH_EMAILS = ['bench-export-admin@example.com', 'bench-export-customer@example.com'];

/** An administrator and a user of the first customer, with tokens. */
async function benchUsers(db: TDb): Promise<{ tokens: Record<'admin' | 'customer', string> }> {
  await db.delete(userTable).where(inArray(userTable.email, BENCH_EMAILS));
  const make = async (email: string, administrator: boolean) => {
    const [row] = await db
      .insert(userTable)
      .values({
        email,
        firstName: 'Bench',
        lastName: 'Export',
        passwordHash: 'x',
        type: administrator ? USER_TYPE_ADMINISTRATOR : null,
        portalRights: administrator ? Object.fromEntries(RIGHT_FLAGS.map((flag) => [flag, true])) : { dashboard: true },
      })
      .returning({ id: userTable.id });
    return row.id;
  };
  const admin = await make(BENCH_EMAILS[0], true);
  const customer = await make(BENCH_EMAILS[1], false);
  await db.insert(userCustomers).values({ userId: customer, customerId: 1 });
  return { tokens: { admin: await issueToken(db, admin, 3600), customer: await issueToken(db, customer, 3600) } };
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: DEFAULT_SCALE_URL },
      seed: { type: 'string' },
      'seed-url': { type: 'string', default: DEFAULT_SEED_URL },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }
  let url = values.url;
  if (values.seed) {
    url = values['seed-url'];
    if (url === DEFAULT_SCALE_URL) throw new Error('bench:export: --seed never reseeds the seed:scale database; give another --seed-url');
    execFileSync('npx', ['tsx', 'apps/server/src/bench/seed-scale.ts', '--nodes', values.seed, '--history-rows', '0', '--url', url], { stdio: 'inherit' });
  }
  const database = await openDatabase({ databaseUrl: url });
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', DEMO: 'false', DATABASE_URL: url });
  const app = await buildApp({ config, database, logger: { level: 'warn' } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/v1`;
  try {
    const [fleet] = await queryRows<{ nodes: number; customer: string }>(database.db, sql`SELECT (SELECT count(*)::int FROM devices) AS nodes, (SELECT name FROM customers WHERE id = 1) AS customer`);
    process.stdout.write(`fleet: ${fleet.nodes} nodes (${url.replace(/\/\/[^@]*@/, '//')})\n`);
    // Two users of the bench's own, deleted afterwards: the seeded database is read, not changed.
    const users = await benchUsers(database.db);
    const calls = [
      { label: 'all nodes by name (admin)', user: 'admin' as const, url: '/devices/export.csv?assigned=true&sort=name' },
      { label: 'all nodes by last online, newest first (admin)', user: 'admin' as const, url: '/devices/export.csv?assigned=true&sort=-lastOnline' },
      { label: 'search "Node 01" (admin)', user: 'admin' as const, url: '/devices/export.csv?assigned=true&search=Node%2001' },
      { label: "a customer's nodes (its user)", user: 'customer' as const, url: '/devices/export.csv?assigned=true&sort=name' },
    ];
    const gc = (globalThis as { gc?: () => void }).gc;
    process.stdout.write(`${'export'.padEnd(48)} ${'rows'.padStart(8)} ${'MB'.padStart(6)} ${'s'.padStart(6)} ${'rows/s'.padStart(8)} ${'peak RSS +MB'.padStart(13)} ${'peak heap +MB'.padStart(14)}\n`);
    for (const call of calls) {
      gc?.();
      const before = process.memoryUsage();
      let peakRss = before.rss;
      let peakHeap = before.heapUsed;
      const sampler = setInterval(() => {
        const now = process.memoryUsage();
        peakRss = Math.max(peakRss, now.rss);
        peakHeap = Math.max(peakHeap, now.heapUsed);
      }, 10);
      const started = performance.now();
      const response = await fetch(`${base}${call.url}`, { headers: { 'x-access-token': users.tokens[call.user] } });
      if (!response.ok || !response.body) throw new Error(`${call.url}: ${response.status} ${await response.text()}`);
      let lines = 0;
      let bytes = 0;
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        for (const byte of chunk) if (byte === 10) lines++;
      }
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const rows = lines - 1;
      process.stdout.write(
        `${call.label.padEnd(48)} ${String(rows).padStart(8)} ${mb(bytes).padStart(6)} ${seconds.toFixed(2).padStart(6)} ${String(Math.round(rows / seconds)).padStart(8)} ${mb(peakRss - before.rss).padStart(13)} ${mb(peakHeap - before.heapUsed).padStart(14)}\n`,
      );
    }
    process.stdout.write(`process after: RSS ${mb(process.memoryUsage().rss)} MB, heap ${mb(process.memoryUsage().heapUsed)} MB${gc ? '' : ' (run with --expose-gc for a clean baseline)'}\n`);
  } finally {
    await database.db.delete(userTable).where(inArray(userTable.email, BENCH_EMAILS));
    await app.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
