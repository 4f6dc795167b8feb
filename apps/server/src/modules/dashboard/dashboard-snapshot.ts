import { sql, type SQL } from 'drizzle-orm';
import { DASHBOARD_BUCKETS, OFFLINE_AFTER_MS, calibrationWindowMs } from '@aquasmart/domain';
import { queryRows, type TDb, type TDbOrTx } from '../../db/database';
import { column, rowShape, type TRowOf } from '../../db/rows';
import { ADVISORY_LOCKS } from '../../db/locks';
import { announceChange } from '../../lib/change-feed';
import { CALIBRATION_INTERVALS_COUNTED, DRIFT_SUSPECTED } from './dashboard-lists';
import { CHANNEL_ACTIVE, FLUSH_ENABLED } from './node-function-sql';
import { at, bucketNames, countColumns, epochBuckets, timeBuckets, weeklyFlushCountsSql } from './dashboard-sql';

/**
 * The counts of GET /dashboard that need the whole fleet (every node, its parameters, channels or
 * a week of history), kept per customer in `dashboard_counts` (docs/dashboard.md, "Speed").
 * A request answers from this summary when it is at most SNAPSHOT_FRESH_MS old; an older one is
 * answered as it is while it is made anew in the background, and a missing or very old one is
 * made before answering. Water detections are counted live (the menu badge and ending one must
 * agree at once).
 */
export const SNAPSHOT_FRESH_MS = 60_000;
/** Older than this, a request waits for a new summary instead of answering from the old one. */
export const SNAPSHOT_STALE_MS = 10 * 60_000;

type TTriple = [number, number, number];

/** What the summary holds per customer. */
export interface TCustomerCounts {
  nodes: number;
  flushers: number;
  sensors: TTriple;
  battery: TTriple;
  flushAlarm: TTriple;
  locations: TTriple;
  incorrect: number;
  calibration: Record<string, TTriple>;
  modes: TTriple;
  perWeek: TTriple;
  faulty: TTriple;
  sync: TTriple;
}

const ASSIGNED_ANY = sql`d.customer_id IS NOT NULL AND d.location_id IS NOT NULL`;

/** A customer's counts, one row per customer of a grouped statement. */
const countsPerCustomer = (names: readonly string[]) => rowShape(countColumns(['customer_id', ...names]));
type TRow = TRowOf<ReturnType<typeof countsPerCustomer>>;
const triple = (row: TRow | undefined, prefix: string): TTriple => [row?.[`${prefix}0`] ?? 0, row?.[`${prefix}1`] ?? 0, row?.[`${prefix}2`] ?? 0];

/**
 * Counts every customer's nodes at `now`, set-based: six grouped statements (weekly flushes and faulty
 * sensors read from dashboard_nodes, made first).
 */
export async function computeCustomerCounts(db: TDbOrTx, now: number, customerIds?: readonly number[]): Promise<Map<number, TCustomerCounts>> {
  const ASSIGNED = customerIds ? sql`${ASSIGNED_ANY} AND d.customer_id = ANY(${sql.param([...customerIds])})` : ASSIGNED_ANY;
  const offline = sql`(d.lora_ts IS NULL OR d.lora_ts < ${at(now - OFFLINE_AFTER_MS)})`;
  const calibration = CALIBRATION_INTERVALS_COUNTED.map((interval) => {
    const due = at(now - calibrationWindowMs(interval));
    const i = sql.raw(String(interval));
    return sql`count(*) FILTER (WHERE d.calibration_interval = ${interval} AND d.calibration_ts IS NULL) AS c${i}_0,
      count(*) FILTER (WHERE d.calibration_interval = ${interval} AND (d.calibration_ts < ${due} OR (d.calibration_ts >= ${due} AND ${DRIFT_SUSPECTED}))) AS c${i}_1,
      count(*) FILTER (WHERE d.calibration_interval = ${interval} AND d.calibration_ts >= ${due} AND NOT ${DRIFT_SUSPECTED}) AS c${i}_2`;
  });
  const perLocationColumns = ['nodes', 's0', 's1', 's2', 'b0', 'b1', 'b2', 'f0', 'f1', 'f2', 'incorrect', ...CALIBRATION_INTERVALS_COUNTED.flatMap((i) => [0, 1, 2].map((k) => `c${i}_${k}`))];
  const [loc1, loc2] = DASHBOARD_BUCKETS.twoDays.bounds;
  // A location is offline when its newest uplink is older than 6 hours (or it never had one).
  const perLocation = sql`SELECT d.customer_id, d.location_id, max(d.lora_ts) AS last_uplink, count(*) AS nodes,
      ${timeBuckets(sql`d.lora_ts`, 'month', now, offline, 's')},
      ${epochBuckets(sql`d.battery_alarm_ts`, 1000, 'month', now, 'b')},
      ${epochBuckets(sql`d.flush_alarm_ts`, 1, 'fiveDays', now, 'f')},
      count(*) FILTER (WHERE d.incorrect_settings) AS incorrect,
      ${sql.join(calibration, sql`, `)}
    FROM devices d WHERE ${ASSIGNED} GROUP BY d.customer_id, d.location_id`;
  // One after the other: inside the refresh's transaction they share one connection.
  const places = await countsPerCustomer([...perLocationColumns, ...bucketNames('l')]).read(
    db,
    sql`SELECT g.customer_id, ${sql.raw(perLocationColumns.map((column) => `sum(g.${column})::int AS ${column}`).join(', '))},
      count(*) FILTER (WHERE g.last_uplink >= ${at(now - loc1)} AND g.last_uplink < ${at(now - OFFLINE_AFTER_MS)})::int AS l0,
      count(*) FILTER (WHERE g.last_uplink < ${at(now - loc1)} AND g.last_uplink >= ${at(now - loc2)})::int AS l1,
      count(*) FILTER (WHERE g.last_uplink IS NULL OR g.last_uplink < ${at(now - loc2)})::int AS l2
    FROM (${perLocation}) g GROUP BY g.customer_id`,
  );
  const flushers = await countsPerCustomer(['n']).read(db, sql`SELECT d.customer_id, count(*)::int AS n FROM devices d WHERE ${ASSIGNED} AND ${FLUSH_ENABLED} GROUP BY d.customer_id`);
  const modes = await countsPerCustomer(bucketNames('k')).read(
    db,
    sql`SELECT d.customer_id, count(*) FILTER (WHERE c.custom ->> 'mode' = 'KW')::int AS k0, count(*) FILTER (WHERE c.custom ->> 'mode' = 'WW')::int AS k1,
        count(*) FILTER (WHERE c.custom ->> 'mode' = 'Meng/uittap')::int AS k2
      FROM device_channels c JOIN devices d ON d.eui = c.device_eui WHERE c.type = 'Temperatuur' AND ${ASSIGNED} GROUP BY d.customer_id`,
  );
  const weekly = await countsPerCustomer(bucketNames('w')).read(
    db,
    sql`SELECT d.customer_id, count(*) FILTER (WHERE w.weekly_flushes = 1)::int AS w0,
        count(*) FILTER (WHERE w.weekly_flushes BETWEEN 2 AND 7)::int AS w1, count(*) FILTER (WHERE w.weekly_flushes > 7)::int AS w2
      FROM dashboard_nodes w JOIN devices d ON d.eui = w.device_eui WHERE w.weekly_flushes > 0 AND ${ASSIGNED} GROUP BY d.customer_id`,
  );
  const faulty = await countsPerCustomer(bucketNames('e')).read(
    db,
    sql`SELECT d.customer_id, ${timeBuckets(sql`f.faulty_at`, 'month', now, sql`true`, 'e')}
      FROM dashboard_nodes f JOIN devices d ON d.eui = f.device_eui WHERE f.faulty AND ${ASSIGNED} GROUP BY d.customer_id`,
  );
  const sync = await countsPerCustomer(bucketNames('y')).read(
    db,
    sql`SELECT s.customer_id, ${timeBuckets(sql`s.since`, 'fiveDays', now, sql`true`, 'y')}
      FROM (SELECT d.customer_id, (SELECT min(p.updated_at) FROM device_parameters p WHERE p.device_eui = d.eui AND p.status <> 'saved') AS since
        FROM devices d WHERE ${ASSIGNED} AND d.sync = 0) s
      GROUP BY s.customer_id`,
  );
  const byCustomer = (rows: TRow[]) => new Map(rows.map((row) => [row.customer_id, row]));
  const flusherRows = byCustomer(flushers);
  const modeRows = byCustomer(modes);
  const weeklyRows = byCustomer(weekly);
  const faultyRows = byCustomer(faulty);
  const syncRows = byCustomer(sync);
  const counts = new Map<number, TCustomerCounts>();
  for (const row of places) {
    const id = row.customer_id;
    counts.set(id, {
      nodes: row.nodes,
      flushers: flusherRows.get(id)?.n ?? 0,
      sensors: triple(row, 's'),
      battery: triple(row, 'b'),
      flushAlarm: triple(row, 'f'),
      locations: triple(row, 'l'),
      incorrect: row.incorrect,
      calibration: Object.fromEntries(CALIBRATION_INTERVALS_COUNTED.map((interval) => [String(interval), triple(row, `c${interval}_`)])),
      modes: triple(modeRows.get(id), 'k'),
      perWeek: triple(weeklyRows.get(id), 'w'),
      faulty: triple(faultyRows.get(id), 'e'),
      sync: triple(syncRows.get(id), 'y'),
    });
  }
  return counts;
}

/**
 * The nodes with flushes in the last 7 days (their number) or a faulty active temperature channel
 * (the newest such channel's time), for the weekly-flush and faulty-sensor counts and lists.
 */
function rebuildDashboardNodes(now: number, customerIds?: readonly number[]): SQL {
  const only = (eui: SQL) =>
    customerIds ? sql`AND ${eui} IN (SELECT o.eui FROM devices o WHERE o.customer_id = ANY(${sql.param([...customerIds])}))` : sql``;
  return sql`INSERT INTO dashboard_nodes (device_eui, weekly_flushes, faulty, faulty_at)
    SELECT coalesce(w.eui, f.eui), coalesce(w.n, 0), f.eui IS NOT NULL, f.at
    FROM (${weeklyFlushCountsSql(now, only(sql`x.device_eui`))}) w
    FULL OUTER JOIN (SELECT c.device_eui AS eui, max(c.ts) AS at FROM device_channels c
        CROSS JOIN LATERAL (SELECT * FROM devices d WHERE d.eui = c.device_eui OFFSET 0) d
        WHERE c.type = 'Temperatuur' AND c.value <= -100 AND ${CHANNEL_ACTIVE} ${only(sql`c.device_eui`)} GROUP BY c.device_eui) f ON f.eui = w.eui`;
}

/**
 * Makes the summary anew in one transaction: dashboard_nodes, then every customer's counts. Server
 * copies take turns (an advisory lock); a copy that waited while another one made it keeps that one.
 */
export async function refreshSnapshot(db: TDb, now = Date.now()): Promise<void> {
  await db.transaction(async (tx) => {
    const madeAt = sql`SELECT (extract(epoch FROM computed_at) * 1000)::float8 AS at FROM dashboard_counts_state WHERE id = 1`;
    const [before] = await queryRows<{ at: number }>(tx, madeAt);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.dashboardSummary})`);
    const [after] = await queryRows<{ at: number }>(tx, madeAt);
    if (after && after.at !== before?.at) return;
    await tx.execute(sql`DELETE FROM dashboard_nodes`);
    await tx.execute(rebuildDashboardNodes(now));
    const counts = await computeCustomerCounts(tx, now);
    const rows = [...counts.entries()].map(([customerId, value]) => ({ customerId, value }));
    await tx.execute(sql`DELETE FROM dashboard_counts`);
    if (rows.length) {
      await tx.execute(sql`INSERT INTO dashboard_counts (customer_id, computed_at, counts)
        SELECT (r ->> 'customerId')::int, ${at(now)}, r -> 'value' FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) r
        WHERE EXISTS (SELECT 1 FROM customers c WHERE c.id = (r ->> 'customerId')::int)`);
    }
    await tx.execute(sql`INSERT INTO dashboard_counts_state (id, computed_at) VALUES (1, ${at(now)})
      ON CONFLICT (id) DO UPDATE SET computed_at = excluded.computed_at`);
  });
}

/**
 * The summary of these customers made anew (their nodes' weekly flushes and faulty sensors, then
 * their counts) and announced (`dashboard` to the users who see them), in one transaction, when no
 * other copy is making the summary: answers false then (that copy heard the same changes).
 */
export async function refreshCustomerCounts(db: TDb, customerIds: readonly number[], now = Date.now()): Promise<boolean> {
  if (customerIds.length === 0) return true;
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(tx, sql`SELECT pg_try_advisory_xact_lock(${ADVISORY_LOCKS.dashboardSummary}) AS locked`);
    if (!lock.locked) return false;
    const ids = sql.param([...customerIds]);
    await tx.execute(sql`DELETE FROM dashboard_nodes w WHERE w.device_eui IN (SELECT o.eui FROM devices o WHERE o.customer_id = ANY(${ids}))`);
    await tx.execute(rebuildDashboardNodes(now, customerIds));
    const counts = await computeCustomerCounts(tx, now, customerIds);
    const rows = [...counts.entries()].map(([customerId, value]) => ({ customerId, value }));
    await tx.execute(sql`DELETE FROM dashboard_counts WHERE customer_id = ANY(${ids})`);
    if (rows.length) {
      await tx.execute(sql`INSERT INTO dashboard_counts (customer_id, computed_at, counts)
        SELECT (r ->> 'customerId')::int, ${at(now)}, r -> 'value' FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) r
        WHERE EXISTS (SELECT 1 FROM customers c WHERE c.id = (r ->> 'customerId')::int)`);
    }
    await announceChange(tx, { t: 'd', x: [...customerIds] });
    return true;
  });
}

const inFlight = new WeakMap<object, Promise<void>>();

/** One refresh at a time per database handle; a second caller waits for the running one. */
function refreshOnce(db: TDb): Promise<void> {
  const running = inFlight.get(db);
  if (running) return running;
  const started = refreshSnapshot(db).finally(() => inFlight.delete(db));
  inFlight.set(db, started);
  return started;
}

/**
 * Makes sure the summary is fresh enough: made now when missing or older than SNAPSHOT_STALE_MS;
 * made anew in the background (answering from the current one) when older than SNAPSHOT_FRESH_MS.
 */
export async function ensureFreshSnapshot(db: TDb, onBackgroundError: (error: unknown) => void): Promise<void> {
  const [state] = await queryRows<{ age_ms: number | null }>(
    db,
    sql`SELECT (extract(epoch FROM now() - computed_at) * 1000)::float8 AS age_ms FROM dashboard_counts_state WHERE id = 1`,
  );
  const age = state?.age_ms ?? null;
  if (age === null || age > SNAPSHOT_STALE_MS) await refreshOnce(db);
  else if (age > SNAPSHOT_FRESH_MS) refreshOnce(db).catch(onBackgroundError);
}

const countsRow = rowShape({ counts: column.json<TCustomerCounts>() });

/** The summary rows of the scope's customers (null: all), fresh enough. */
export async function readSnapshot(db: TDb, customerIds: number[] | null, onBackgroundError: (error: unknown) => void): Promise<TCustomerCounts[]> {
  await ensureFreshSnapshot(db, onBackgroundError);
  if (customerIds !== null && customerIds.length === 0) return [];
  const where = customerIds === null ? sql`true` : sql`customer_id IN (${sql.join(customerIds.map((id) => sql`${id}`), sql`, `)})`;
  const rows = await countsRow.read(db, sql`SELECT counts FROM dashboard_counts WHERE ${where}`);
  return rows.map((row) => row.counts);
}

/** Forgets the summary, so that the next request counts anew (tests that change the fleet between requests). */
export async function dropSnapshot(db: TDb): Promise<void> {
  await db.execute(sql`DELETE FROM dashboard_counts_state`);
}
