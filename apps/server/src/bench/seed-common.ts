/** What the seed:scale steps share: the bench's users, databases and places, and the step timer. */

export const BENCH_PASSWORD = 'Bench-scale-2026';
export const BENCH_ADMIN = 'bench-admin@example.com';
export const BENCH_CUSTOMER_USER = 'bench-customer@example.com';
export const DEFAULT_SCALE_URL = 'postgres://postgres@127.0.0.1:5432/aquasmart_scale';
export const DEFAULT_PGLITE_DIR = '/tmp/aquasmart-scale-pglite';

/** The location of the logbook benchmark (docs/logbook.md, "Speed"): 50 nodes with every reading of 12 months. */
export const LOGBOOK_BENCH_LOCATION = 'Logboek 50';
/** Its customer: the second one, whose ~250 other nodes get every reading of the previous month. */
export const LOGBOOK_BENCH_CUSTOMER_ID = 2;
export const LOGBOOK_BENCH_NODES = 50;

/** Runs one seed step, printing its label and how long it took. */
export async function step(label: string, run: () => Promise<unknown>): Promise<void> {
  const started = Date.now();
  process.stdout.write(`${label} ... `);
  await run();
  process.stdout.write(`${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
