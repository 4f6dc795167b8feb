import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { LOGBOOK_TABLE_ORDER, logbookPeriod, type TLogbookReport } from '@aquasmart/domain';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { queryRows } from '../db/database';
import { loadPdfMake } from '../lib/pdfmake';
import { logbookDocument, renderLogbookPdf } from '../modules/logbook/report-pdf';
import { BENCH_ADMIN, BENCH_PASSWORD, DEFAULT_SCALE_URL, LOGBOOK_BENCH_CUSTOMER_ID } from './seed-scale';

/**
 * `npx tsx apps/server/src/bench/bench-pdf-layout.ts`: where a logbook PDF's time goes (docs/logbook.md,
 * "Speed"). Reads the customer month report of the seed:scale fleet once as JSON (or `--report <file>`
 * saved by `--save <file>`), prints the rows of each table, then times building the document
 * definition and pdfmake's layout and writing, `--repeat` times, in this process (no server, no
 * database after the read). Run with `node --cpu-prof` (through tsx) for a profile. Not a test.
 */
const HELP = `Logbook PDF layout benchmark.

Usage: npx tsx apps/server/src/bench/bench-pdf-layout.ts [options]
  --url <url>        PostgreSQL database seeded by seed:scale (default ${DEFAULT_SCALE_URL})
  --report <file>    a report JSON saved before (no database)
  --save <file>      save the report JSON read
  --repeat <n>       renders with renderLogbookPdf (default 3)
  --plain            first one render as pdfmake lays it out by itself, counting the headings it moves
`;

async function readReport(url: string): Promise<{ report: TLogbookReport; seconds: number }> {
  const database = await openDatabase({ databaseUrl: url });
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', DEMO: 'false', DATABASE_URL: url });
  const app = await buildApp({ config, database, logger: { level: 'warn' } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/v1`;
  try {
    const auth = await fetch(`${base}/auth`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${BENCH_ADMIN}:${BENCH_PASSWORD}`).toString('base64')}` } });
    const { token } = (await auth.json()) as { token: string };
    const [customer] = await queryRows<{ name: string }>(database.db, sql`SELECT name FROM customers WHERE id = ${LOGBOOK_BENCH_CUSTOMER_ID}`);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
    const month = logbookPeriod('month', today, 1);
    const started = performance.now();
    const response = await fetch(`${base}/customers/${encodeURIComponent(customer.name)}/logbook?from=${month.from}&to=${month.to}`, { headers: { 'x-access-token': token } });
    const report = (await response.json()) as TLogbookReport;
    return { report, seconds: (performance.now() - started) / 1000 };
  } finally {
    await app.close();
    await database.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: DEFAULT_SCALE_URL },
      report: { type: 'string' },
      save: { type: 'string' },
      repeat: { type: 'string', default: '3' },
      plain: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }
  let report: TLogbookReport;
  if (values.report) report = JSON.parse(fs.readFileSync(values.report, 'utf8')) as TLogbookReport;
  else {
    const read = await readReport(values.url);
    report = read.report;
    process.stdout.write(`report JSON read in ${read.seconds.toFixed(2)} s\n`);
  }
  if (values.save) fs.writeFileSync(values.save, JSON.stringify(report));
  process.stdout.write(`${report.locations.length} locations; rows per table:\n`);
  for (const table of LOGBOOK_TABLE_ORDER) {
    const rows = report.locations.reduce((sum, section) => sum + (table.rows(section as never) as unknown[]).length, 0);
    process.stdout.write(`  ${table.id.padEnd(18)} ${String(rows).padStart(6)}\n`);
  }
  const pdfmake = await loadPdfMake();
  const pagesOf = (bytes: Buffer) => (bytes.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
  if (values.plain) {
    // pdfmake's own way: every heading it moves off a page's end makes it lay out the whole document again (its LayoutBuilder).
    const started = performance.now();
    const definition = logbookDocument(report, 'nl');
    let moved = 0;
    let asked = 0;
    const pageBreakBefore = definition.pageBreakBefore;
    if (pageBreakBefore) {
      definition.pageBreakBefore = (node, nodes) => {
        asked += node.headlineLevel ? 1 : 0;
        const before = pageBreakBefore(node, nodes);
        moved += before ? 1 : 0;
        return before;
      };
    }
    const built = performance.now();
    const bytes = await pdfmake.createPdf(definition).getBuffer();
    const done = performance.now();
    process.stdout.write(
      `plain pdfmake: definition ${((built - started) / 1000).toFixed(2)} s, layout and writing ${((done - built) / 1000).toFixed(2)} s, ${(bytes.length / 1024).toFixed(0)} kB, ${pagesOf(bytes)} pages; ${moved} headings moved of ${asked} (${moved + 1} layouts)\n`,
    );
  }
  for (let index = 0; index < Number(values.repeat); index++) {
    const started = performance.now();
    const bytes = await renderLogbookPdf(report, 'nl');
    process.stdout.write(`renderLogbookPdf ${index + 1}: ${((performance.now() - started) / 1000).toFixed(2)} s, ${(bytes.length / 1024).toFixed(0)} kB, ${pagesOf(bytes)} pages\n`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}
