import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { TIntakeEvent } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { intakeEvents, networkServers } from '../../db/schema';
import { parseConditions, parseProjection, projectableFields, selectionFor, type TFieldMap } from '../../lib/query';
import { isoText } from './device-fields';

export const INTAKE_EVENTS_DEFAULT_LIMIT = 100;
export const INTAKE_EVENTS_MAX_LIMIT = 1000;

/** The device EUI of an event: the intake stores a normalized record whose `eui` is taken from either network server's format. */
const EVENT_EUI = sql<string | null>`upper(${intakeEvents.body} ->> 'eui')`;

export const INTAKE_FIELDS: TFieldMap = {
  id: { sql: intakeEvents.id, kind: 'integer', select: sql<string>`${intakeEvents.id}::text` },
  networkServer: { sql: networkServers.name, kind: 'text' },
  event: { sql: intakeEvents.event, kind: 'text' },
  eui: { sql: EVENT_EUI, kind: 'text' },
  receivedAt: { sql: intakeEvents.receivedAt, kind: 'timestamp', select: isoText(intakeEvents.receivedAt) },
  processedAt: { sql: intakeEvents.processedAt, kind: 'timestamp', select: isoText(intakeEvents.processedAt) },
  attempts: { sql: intakeEvents.attempts, kind: 'integer' },
  nextAttemptAt: { sql: intakeEvents.nextAttemptAt, kind: 'timestamp', select: isoText(intakeEvents.nextAttemptAt) },
  lastError: { sql: intakeEvents.lastError, kind: 'text' },
  body: { sql: sql`${intakeEvents.body}::text`, kind: 'text', select: intakeEvents.body },
};
/** Without a projection the (possibly large) body is left out; `projection=body ...` adds it. */
const DEFAULT_PROJECTION = Object.keys(INTAKE_FIELDS).filter((field) => field !== 'body');

/**
 * GET /intakeEvents (administrators): events the intake could not process — a processing
 * error still being retried, an unknown device whose type the message did not reveal, an
 * undecodable payload. The intake marks those with `last_error`; newest first.
 */
export async function listFailedIntakeEvents(
  db: TDb,
  query: { conditions?: string; projection?: string; page?: number; limit?: number },
): Promise<TIntakeEvent[]> {
  const projection = parseProjection(query.projection, projectableFields(INTAKE_FIELDS), DEFAULT_PROJECTION);
  const conditions = parseConditions(query.conditions, INTAKE_FIELDS);
  const limit = query.limit ?? INTAKE_EVENTS_DEFAULT_LIMIT;
  const rows = await db
    .select(selectionFor(projection, INTAKE_FIELDS))
    .from(intakeEvents)
    .leftJoin(networkServers, eq(networkServers.id, intakeEvents.networkServerId))
    .where(and(isNotNull(intakeEvents.lastError), conditions))
    .orderBy(desc(intakeEvents.receivedAt), desc(intakeEvents.id))
    .limit(limit)
    .offset(((query.page ?? 1) - 1) * limit);
  return rows;
}
