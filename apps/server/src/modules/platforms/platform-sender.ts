import { sql } from 'drizzle-orm';
import { backoffSeconds, deliveryVerdict, PLATFORM_BACKLOG_DAYS, PLATFORM_PROBLEM_ERRORS, platformProblemOf, PLATFORM_BATCH_ITEMS, type TEndpointValue, type TPlatformBatch, type TPlatformItem } from '@aquasmart/domain';
import { queryRows, type TDb, type TDbOrTx } from '../../db/database';
import { BackgroundLoop, type TLoopLog } from '../../lib/background-loop';
import { readEndpoint } from '../places/place-endpoint';
import type { TEndpoint as TStoredEndpoint } from '../../db/schema';
import { adapterFor, type TAdapterSettings } from './adapters';
import type { AddressPolicy } from '../../lib/address-policy';
import { postJson, RefusedTarget, type TPostResult } from '../../lib/outbound-http';
import { loadItems } from './platform-items';
import { signBody, SIGNATURE_HEADER } from './platform-signature';

export interface TSenderSettings extends TAdapterSettings {
  /** N: at most one request per endpoint every N seconds (PLATFORM_BATCH_INTERVAL). */
  batchSeconds: number;
  policy: AddressPolicy;
  /** Items per request at most. */
  batchItems?: number;
  connectTimeoutMs?: number;
  answerTimeoutMs?: number;
}

/** While a request is out the endpoint is leased this long, so another server copy leaves it alone. */
const LEASE_SECONDS = 120;

/** An endpoint row with its place's stored configuration. */
export interface TEndpointRow {
  id: number;
  fingerprint: string;
  attempts: number;
  endpoint: TStoredEndpoint;
}

/** The endpoint's configuration now, read from its customer or location. */
export const ENDPOINT_CONFIG = sql`(CASE e.place WHEN 'customer' THEN (SELECT c.endpoint FROM customers c WHERE c.id = e.place_id)
  ELSE (SELECT l.endpoint FROM locations l WHERE l.id = e.place_id) END)`;

/** Leases due endpoints that have a backlog and are not parked. */
async function claimEndpoints(db: TDb, limit: number): Promise<TEndpointRow[]> {
  return queryRows<TEndpointRow>(
    db,
    sql`UPDATE platform_endpoints e SET next_attempt_at = now() + ${sql.raw(`interval '${LEASE_SECONDS} seconds'`)}, last_attempt_at = now()
      WHERE e.id IN (SELECT p.id FROM platform_endpoints p
        WHERE p.state <> 'parked' AND p.next_attempt_at <= now() AND EXISTS (SELECT 1 FROM platform_items i WHERE i.endpoint_id = p.id)
        ORDER BY p.next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING e.id, e.fingerprint, e.attempts, ${ENDPOINT_CONFIG} AS endpoint`,
  );
}

/**
 * Sends one request with `items` to an endpoint (docs/platforms.md, "Format"): the adapter decides
 * the URL, extra headers and what each item carries; the body is signed with the token.
 */
export async function sendBatch(endpoint: TEndpointValue, items: TPlatformItem[], settings: TSenderSettings, test = false): Promise<TPostResult> {
  const started = Date.now();
  const refused = (error: string): TPostResult => ({ status: null, answer: null, error, durationMs: Date.now() - started });
  const adapter = adapterFor(endpoint.platform);
  if (!adapter) return refused(PLATFORM_PROBLEM_ERRORS.noPlatform);
  if (!endpoint.token) return refused(PLATFORM_PROBLEM_ERRORS.noToken);
  const target = adapter.target(endpoint, settings);
  if ('problem' in target) return refused(target.problem);
  const batch: TPlatformBatch = { version: 1, sentAt: new Date().toISOString(), ...(test ? { test: true } : {}), items: items.map((item) => adapter.item(item, endpoint)) };
  const body = JSON.stringify(batch);
  const headers = {
    authorization: `Bearer ${endpoint.token}`,
    [SIGNATURE_HEADER]: signBody(endpoint.token, body, Math.floor(Date.now() / 1000)),
    ...adapter.headers(endpoint.token),
  };
  try {
    return await postJson(target.url, body, headers, settings);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // A refused target (forbidden address, bad URL) parks: trying again would not help. A name that does not resolve is retried.
    return { status: error instanceof RefusedTarget ? 0 : null, answer: null, error: message, durationMs: Date.now() - started };
  }
}

/** Status 0 marks a refusal before sending (it parks like a 4xx); shown as no status. */
const verdictOf = (result: TPostResult) => (result.status === 0 || (result.status === null && isConfigProblem(result.error)) ? 'park' : deliveryVerdict(result.status));
const isConfigProblem = (error: string | null) => platformProblemOf(error) !== null;

/** Delivers the oldest part of one endpoint's backlog and records the outcome. */
async function deliverEndpoint(db: TDb, row: TEndpointRow, settings: TSenderSettings): Promise<void> {
  const items = await loadItems(db, row.id, Math.min(settings.batchItems ?? PLATFORM_BATCH_ITEMS, PLATFORM_BATCH_ITEMS));
  if (items.length === 0) return;
  const result = await sendBatch(readEndpoint(row.endpoint), items, settings);
  await recordOutcome(db, row, items, result, settings.batchSeconds);
}

async function recordOutcome(db: TDb, row: TEndpointRow, items: TPlatformItem[], result: TPostResult, batchSeconds: number): Promise<void> {
  const verdict = verdictOf(result);
  const status = result.status === 0 ? null : result.status;
  await db.transaction(async (tx) => {
    if (verdict === 'delivered') {
      await tx.execute(sql`DELETE FROM platform_items WHERE endpoint_id = ${row.id} AND id = ANY(${sql.param(items.map((item) => Number(item.id)))}::bigint[])`);
      await tx.execute(sql`UPDATE platform_endpoints SET state = 'delivering', attempts = 0, last_delivered_at = now(), delivered = delivered + ${items.length},
          next_attempt_at = now() + ${sql.raw(`interval '${batchSeconds} seconds'`)}, last_status = ${status}, last_error = NULL, last_answer = NULL, updated_at = now()
        WHERE id = ${row.id} AND fingerprint = ${row.fingerprint}`);
      return;
    }
    // An edit of the endpoint meanwhile (another fingerprint) reset the state: this outcome is for the old one.
    const attempts = row.attempts + 1;
    const wait = backoffSeconds(attempts, batchSeconds);
    await tx.execute(sql`UPDATE platform_endpoints SET state = ${verdict === 'park' ? 'parked' : 'retrying'}, attempts = ${attempts},
        next_attempt_at = now() + ${sql.raw(`interval '${wait} seconds'`)}, last_status = ${status},
        last_error = ${result.error}, last_answer = ${result.answer}, updated_at = now()
      WHERE id = ${row.id} AND fingerprint = ${row.fingerprint}`);
  });
}

/**
 * One round of the sender (docs/platforms.md, "Delivery"): leases up to `limit` due endpoints
 * and sends each one request. Answers how many endpoints it took.
 */
export async function deliverDue(db: TDb, settings: TSenderSettings, limit = 8): Promise<number> {
  await dropStaleItems(db);
  const claimed = await claimEndpoints(db, limit);
  await Promise.all(claimed.map((row) => deliverEndpoint(db, row, settings)));
  return claimed.length;
}

/** How often the sender looks for due endpoints when idle. */
export const PLATFORM_SENDER_IDLE_MS = 2000;

/** The background loop of the deliveries: looks for due endpoints every few seconds, at once when woken. */
export function createPlatformSender(db: TDb, settings: TSenderSettings, log: TLoopLog, idleMs = PLATFORM_SENDER_IDLE_MS): BackgroundLoop {
  return new BackgroundLoop('platform deliveries', () => deliverDue(db, settings), log, idleMs);
}

 /** When the last sweep for stale items ran (per process; several copies each sweep, harmlessly). */
let lastSweep = 0;
const SWEEP_EVERY_MS = 60_000;

/**
 * Items older than PLATFORM_BACKLOG_DAYS are dropped and counted on their endpoint (`dropped`,
 * shown on its page), so an endpoint that stays stopped cannot grow its backlog without end.
 */
export async function dropStaleItems(db: TDbOrTx, now = Date.now()): Promise<void> {
  if (now - lastSweep < SWEEP_EVERY_MS) return;
  lastSweep = now;
  await db.execute(sql`WITH gone AS (
      DELETE FROM platform_items WHERE created_at < now() - ${sql.raw(`interval '${PLATFORM_BACKLOG_DAYS} days'`)} RETURNING endpoint_id
    )
    UPDATE platform_endpoints e SET dropped = e.dropped + g.n, updated_at = now()
    FROM (SELECT endpoint_id, count(*) AS n FROM gone GROUP BY endpoint_id) g WHERE e.id = g.endpoint_id`);
}

/** "Retry now": a parked or waiting endpoint is due again at once. */
export async function retryNow(tx: TDbOrTx, endpointId: number): Promise<void> {
  await tx.execute(sql`UPDATE platform_endpoints SET state = CASE WHEN state = 'parked' THEN 'retrying' ELSE state END, next_attempt_at = now(), updated_at = now()
    WHERE id = ${endpointId}`);
}
