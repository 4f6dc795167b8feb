import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DAY_MS } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { column, rowShape } from '../../db/rows';
import { BackgroundLoop } from '../../lib/background-loop';

/**
 * How long a processed intake event is kept. The history holds what it said; the event itself only
 * serves to recognise a network server's second delivery (minutes later, at most hours) and to
 * look into the intake.
 */
export const INTAKE_EVENTS_KEPT_MS = 30 * DAY_MS;
/**
 * Events whose processing failed are the intake errors an administrator looks into (unknown
 * devices, another network server's devices, payloads not understood): kept longer, but not for
 * ever, since a network server that forwards devices the portal does not have sends them all day.
 */
export const FAILED_INTAKE_EVENTS_KEPT_MS = 90 * DAY_MS;

/** The two kinds of processed events and how long each is kept. */
export const RETENTION_KINDS = [
  { name: 'processed', failed: false, keptMs: INTAKE_EVENTS_KEPT_MS },
  { name: 'failed', failed: true, keptMs: FAILED_INTAKE_EVENTS_KEPT_MS },
] as const;
export type TRetentionKind = (typeof RETENTION_KINDS)[number];
/** Events looked at per DELETE, oldest first, so that one statement stays short. */
export const RETENTION_CHUNK = 5_000;
export const RETENTION_EVERY_MS = 10 * 60_000;

const retentionChunk = rowShape({ deleted: column.number, last_id: column.nullable(column.number), young: column.as<boolean>() });

/**
 * Deletes processed events of one kind (failed or not) older than that kind's retention, oldest
 * first in chunks of ids, from `afterId` on. Answers the number deleted and where the next call of
 * this kind may start: the chunk's last id once the whole chunk was old enough (events of the other
 * kind and unprocessed ones are passed over; the other kind has its own cursor), or `afterId`
 * unchanged when the chunk reached younger events.
 */
export async function deleteOldIntakeEvents(
  db: TDb,
  kind: TRetentionKind,
  afterId: number,
  now = Date.now(),
): Promise<{ deleted: number; nextAfterId: number; done: boolean }> {
  const cutoff = new Date(now - kind.keptMs).toISOString();
  const [row] = await retentionChunk.read(
    db,
    sql`WITH chunk AS (SELECT id, received_at, processed_at, last_error FROM intake_events WHERE id > ${afterId} ORDER BY id LIMIT ${RETENTION_CHUNK}),
      gone AS (DELETE FROM intake_events e USING chunk c
        WHERE e.id = c.id AND c.received_at < ${cutoff}::timestamptz AND c.processed_at IS NOT NULL
          AND ${kind.failed ? sql`c.last_error IS NOT NULL` : sql`c.last_error IS NULL`} RETURNING e.id)
      SELECT (SELECT count(*) FROM gone)::int AS deleted, (SELECT max(id) FROM chunk)::text AS last_id,
        coalesce((SELECT bool_or(received_at >= ${cutoff}::timestamptz) FROM chunk), true) AS young`,
  );
  const done = row.young || row.last_id === null;
  return { deleted: row.deleted, nextAfterId: done || row.last_id === null ? afterId : row.last_id, done };
}

/** Pause between two chunks of a long backlog: requests (on PGlite, the one connection) get their turn. */
export const RETENTION_CHUNK_PAUSE_MS = 50;

/**
 * Every RETENTION_EVERY_MS, deletes what has passed the retention, each kind from its own cursor.
 * One chunk per kind per step: while old events are left the loop runs the next step at once
 * (after a short pause), so a stop is honoured between chunks, also on an upgrade that finds
 * millions of events to delete.
 */
export function createIntakeRetentionJob(db: TDb, log: FastifyBaseLogger, everyMs = RETENTION_EVERY_MS) {
  const afterIds = new Map<string, number>();
  const deletedSoFar = new Map<string, number>();
  const loop = new BackgroundLoop(
    'intake retention',
    async () => {
      let left = 0;
      for (const kind of RETENTION_KINDS) {
        const step = await deleteOldIntakeEvents(db, kind, afterIds.get(kind.name) ?? 0);
        afterIds.set(kind.name, step.nextAfterId);
        const deleted = (deletedSoFar.get(kind.name) ?? 0) + step.deleted;
        if (!step.done) {
          deletedSoFar.set(kind.name, deleted);
          left += 1;
          continue;
        }
        deletedSoFar.delete(kind.name);
        if (deleted) log.info({ deleted }, `${kind.name} intake events older than ${kind.keptMs / DAY_MS} days deleted`);
      }
      if (left) await new Promise((resolve) => setTimeout(resolve, RETENTION_CHUNK_PAUSE_MS));
      return left;
    },
    log,
    everyMs,
  );
  return { start: () => loop.start(), stop: () => loop.stop() };
}
