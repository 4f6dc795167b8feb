import { sql } from 'drizzle-orm';
import type { TDb, TDbOrTx } from '../../db/database';
import { column, rowShape } from '../../db/rows';
import { processEvents, type TOutcomes, type TStoredEvent } from './process-events';
import type { TIntakeEnvelope } from '../intake/envelope';
import { BackgroundLoop, type TLoopLog } from '../../lib/background-loop';
import { uplinkProcessingFailures, uplinksProcessed } from '../../lib/metrics';

export const INTAKE_BATCH_SIZE = 500;
/** Retry delay after the n-th failure: 2^(n-1) seconds (1 s, 2 s, 4 s ...), at most 10 minutes; never given up. */
const RETRY_DELAY = sql`least(power(2, attempts), 600) * interval '1 second'`;

const claimedEvent = rowShape({
  id: column.number,
  network_server_id: column.as<number | null>(),
  body: column.json<TIntakeEnvelope>(),
  received_at: column.ms,
});

async function claim(tx: TDbOrTx, limit: number, onlyId?: number): Promise<TStoredEvent[]> {
  const rows = await claimedEvent.read(
    tx,
    sql`SELECT id, network_server_id, body, received_at, attempts FROM intake_events
        WHERE processed_at IS NULL AND next_attempt_at <= now() ${onlyId === undefined ? sql`` : sql`AND id = ${onlyId}`}
        ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
  );
  return rows.map((row) => ({ id: row.id, networkServerId: row.network_server_id, body: row.body, storedAt: row.received_at }));
}

async function markProcessed(tx: TDbOrTx, outcomes: TOutcomes): Promise<void> {
  const rows = [...outcomes].map(([id, problem]) => ({ id, problem }));
  await tx.execute(sql`UPDATE intake_events e SET processed_at = now(), attempts = e.attempts + 1, last_error = u.problem
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS u(id bigint, problem text) WHERE e.id = u.id`);
}

/** Counted once the transaction that marked them has committed. */
function countProcessed(outcomes: TOutcomes): void {
  for (const problem of outcomes.values()) uplinksProcessed.inc({ result: problem ? 'problem' : 'ok' });
}

/**
 * Processes one batch of due events in one transaction. When the batch fails, each of its
 * events is tried alone, so one bad event cannot hold up the others; the failing one is
 * retried later with back-off, its error and attempt count visible in intake_events.
 * Answers how many events were taken.
 */
export async function processIntakeBatch(db: TDb, limit = INTAKE_BATCH_SIZE): Promise<number> {
  let claimedIds: number[] = [];
  try {
    const processed = await db.transaction(async (tx) => {
      const events = await claim(tx, limit);
      claimedIds = events.map((event) => event.id);
      if (events.length === 0) return 0 as const;
      const outcomes = await processEvents(tx, events);
      await markProcessed(tx, outcomes);
      return outcomes;
    });
    if (processed === 0) return 0;
    countProcessed(processed);
    return claimedIds.length;
  } catch (batchError) {
    if (claimedIds.length === 0) throw batchError;
    for (const id of claimedIds) await processAlone(db, id);
    return claimedIds.length;
  }
}

async function processAlone(db: TDb, id: number): Promise<void> {
  try {
    const outcomes = await db.transaction(async (tx) => {
      const events = await claim(tx, 1, id);
      if (events.length === 0) return null;
      const processed = await processEvents(tx, events);
      await markProcessed(tx, processed);
      return processed;
    });
    if (outcomes) countProcessed(outcomes);
  } catch (error) {
    uplinkProcessingFailures.inc();
    const message = error instanceof Error ? error.message : String(error);
    await db.execute(sql`UPDATE intake_events SET attempts = attempts + 1, last_error = ${message.slice(0, 2000)},
      next_attempt_at = now() + ${RETRY_DELAY}
      WHERE id = ${id} AND processed_at IS NULL`);
  }
}

/** How often the intake worker looks for stored events when not woken. */
export const INTAKE_WORKER_IDLE_MS = 1000;

/** The background loop of the intake: a batch at once when woken (an event was stored), else every second. */
export function intakeWorker(db: TDb, log: TLoopLog, idleMs = INTAKE_WORKER_IDLE_MS): BackgroundLoop {
  return new BackgroundLoop('intake batch', () => processIntakeBatch(db), log, idleMs);
}
