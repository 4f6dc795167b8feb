import { sql } from 'drizzle-orm';
import { CUSTOMER_PLATFORM, platformProblemOf, type TEndpointValue, type TPlatformProblem, type TPlatformState, type TPlatformTestResult } from '@aquasmart/domain';
import { queryRows, type TDb } from '../../db/database';
import { column, rowShape, type TRowOf } from '../../db/rows';
import type { TEndpoint as TStoredEndpoint } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { readEndpoint } from '../places/place-endpoint';
import { adapterFor } from './adapters';
import { sampleItem } from './platform-items';
import { retryNow, sendBatch, type TSenderSettings } from './platform-sender';

/** The place whose endpoint a customer's or location's page shows: its own, or for a location that follows its customer, the customer's. */
interface TEffectivePlace {
  place: 'customer' | 'location';
  placeId: number;
  endpoint: TStoredEndpoint;
  via: string | null;
}

async function effectivePlace(db: TDb, customer: string, location?: string): Promise<TEffectivePlace> {
  const [row] = await queryRows<{ customer_id: number; customer_endpoint: TStoredEndpoint; location_id: number | null; location_endpoint: TStoredEndpoint | null }>(
    db,
    location === undefined
      ? sql`SELECT c.id AS customer_id, c.endpoint AS customer_endpoint, NULL AS location_id, NULL AS location_endpoint FROM customers c WHERE c.name = ${customer}`
      : sql`SELECT c.id AS customer_id, c.endpoint AS customer_endpoint, l.id AS location_id, l.endpoint AS location_endpoint
          FROM customers c JOIN locations l ON l.customer_id = c.id WHERE c.name = ${customer} AND l.name = ${location}`,
  );
  if (!row) throw ApiError.notFound(location === undefined ? 'Customer not found' : 'Location not found');
  if (row.location_id === null) return { place: 'customer', placeId: row.customer_id, endpoint: row.customer_endpoint, via: null };
  if (row.location_endpoint?.platform === CUSTOMER_PLATFORM) return { place: 'customer', placeId: row.customer_id, endpoint: row.customer_endpoint, via: customer };
  return { place: 'location', placeId: row.location_id, endpoint: row.location_endpoint ?? {}, via: null };
}

const stateRow = rowShape({
  id: column.as<number>(),
  state: column.as<'delivering' | 'retrying' | 'parked'>(),
  attempts: column.as<number>(),
  next_attempt_at: column.iso,
  last_attempt_at: column.nullable(column.iso),
  last_delivered_at: column.nullable(column.iso),
  delivered: column.number,
  dropped: column.number,
  last_status: column.as<number | null>(),
  last_error: column.as<string | null>(),
  last_answer: column.as<string | null>(),
  backlog: column.number,
  waiting_since: column.nullable(column.iso),
});

async function endpointRow(db: TDb, place: TEffectivePlace): Promise<TRowOf<typeof stateRow> | undefined> {
  const [row] = await stateRow.read(
    db,
    sql`SELECT e.*, (SELECT count(*) FROM platform_items i WHERE i.endpoint_id = e.id) AS backlog,
        (SELECT min(i.created_at) FROM platform_items i WHERE i.endpoint_id = e.id) AS waiting_since
      FROM platform_endpoints e WHERE e.place = ${place.place} AND e.place_id = ${place.placeId}`,
  );
  return row;
}

/** The delivery state a customer's or location's page shows (docs/platforms.md, "State"). Administrators only (rights catalogue). */
export async function readPlatformState(db: TDb, settings: TSenderSettings, customer: string, location?: string): Promise<TPlatformState> {
  const place = await effectivePlace(db, customer, location);
  const endpoint = readEndpoint(place.endpoint);
  const adapter = adapterFor(endpoint.platform);
  const target = adapter?.target(endpoint, settings);
  const row = adapter ? await endpointRow(db, place) : undefined;
  return {
    state: row?.state ?? 'none',
    platform: adapter ? endpoint.platform : null,
    url: target && 'url' in target ? target.url : null,
    via: place.via,
    problem: adapter && target ? configurationProblem(endpoint, target) : null,
    lastDeliveredAt: row?.last_delivered_at ?? null,
    lastAttemptAt: row?.last_attempt_at ?? null,
    nextAttemptAt: row && row.state !== 'parked' ? row.next_attempt_at : null,
    attempts: row?.attempts ?? 0,
    delivered: row?.delivered ?? 0,
    backlog: row?.backlog ?? 0,
    waitingSince: row?.waiting_since ?? null,
    dropped: row?.dropped ?? 0,
    lastStatus: row?.last_status ?? null,
    lastError: row?.last_error ?? null,
    lastAnswer: row?.last_answer ?? null,
    batchSeconds: settings.batchSeconds,
  };
}

/** What keeps the endpoint from delivering as set up now, in the order the sender checks (`sendBatch`). */
function configurationProblem(endpoint: TEndpointValue, target: { url: string } | { problem: string }): TPlatformProblem | null {
  if (!endpoint.token) return 'noToken';
  return 'problem' in target ? platformProblemOf(target.problem) : null;
}

/** "Test delivery": one signed sample item to the endpoint now; the queue and the state stay as they are. */
export async function testDelivery(db: TDb, settings: TSenderSettings, customer: string, location?: string): Promise<TPlatformTestResult> {
  const place = await effectivePlace(db, customer, location);
  const endpoint = readEndpoint(place.endpoint);
  if (!adapterFor(endpoint.platform)) throw ApiError.badRequest('No platform configured', { 'endpoint.platform': 'validation.required' });
  const result = await sendBatch(endpoint, [sampleItem(new Date())], settings, true);
  const status = result.status === 0 ? null : result.status;
  return { ok: status !== null && status >= 200 && status < 300, status, error: result.error, problem: platformProblemOf(result.error), answer: result.answer, durationMs: result.durationMs };
}

/** "Retry now": the endpoint is due at once (a parked one leaves its parking). Answers the new state. */
export async function retryPlatform(db: TDb, settings: TSenderSettings, customer: string, location?: string): Promise<TPlatformState> {
  const place = await effectivePlace(db, customer, location);
  const row = await endpointRow(db, place);
  if (!row) throw ApiError.badRequest('No platform configured', { 'endpoint.platform': 'validation.required' });
  await retryNow(db, row.id);
  return readPlatformState(db, settings, customer, location);
}
