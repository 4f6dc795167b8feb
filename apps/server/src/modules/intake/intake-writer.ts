import { sql } from 'drizzle-orm';
import { queryRows, type TDb } from '../../db/database';
import type { TAcceptedEvent } from './envelope';

interface TPending {
  networkServerId: number | null;
  event: TAcceptedEvent;
  resolve: (stored: boolean) => void;
  reject: (error: unknown) => void;
}

export interface TIntakeWriterOptions {
  /** Called after each commit, so the worker starts at once. */
  onStored?: () => void;
  /** Rows per INSERT. */
  maxBatch?: number;
  /** INSERTs in flight at once; requests arriving meanwhile wait for the next one. */
  maxConcurrent?: number;
}

/**
 * Group commit: requests that arrive while a write is in flight (or within the same turn of the
 * event loop) are written by ONE multi-row INSERT, and each request is answered only after that
 * INSERT committed. A duplicate (same dedupe key) is not written again (ON CONFLICT DO NOTHING).
 * When the group INSERT fails, its rows are retried one by one, so only a bad row's request fails.
 */
export class IntakeWriter {
  private queue: TPending[] = [];
  private inFlight = new Set<Promise<void>>();
  private scheduled = false;
  private readonly maxBatch: number;
  private readonly maxConcurrent: number;

  constructor(
    private readonly db: TDb,
    private readonly options: TIntakeWriterOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 500;
    this.maxConcurrent = options.maxConcurrent ?? 2;
  }

  /** Resolves after the event is committed: true when stored now, false when it was a duplicate. */
  submit(networkServerId: number | null, event: TAcceptedEvent): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.queue.push({ networkServerId, event, resolve, reject });
      this.schedule();
    });
  }

  /** Writes what is queued and waits for every write in flight. */
  async close(): Promise<void> {
    while (this.queue.length || this.inFlight.size) {
      if (this.queue.length && this.inFlight.size < this.maxConcurrent) this.startFlush();
      await Promise.race(this.inFlight);
    }
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight.size >= this.maxConcurrent) return;
    this.scheduled = true;
    // setImmediate: requests parsed in the same turn of the event loop join this INSERT.
    setImmediate(() => {
      this.scheduled = false;
      if (this.queue.length && this.inFlight.size < this.maxConcurrent) this.startFlush();
    });
  }

  private startFlush(): void {
    const batch = this.queue.splice(0, this.maxBatch);
    const flight = this.write(batch).finally(() => {
      this.inFlight.delete(flight);
      if (this.queue.length) this.schedule();
    });
    this.inFlight.add(flight);
  }

  private async write(batch: TPending[]): Promise<void> {
    try {
      this.answer(batch, await this.insert(batch));
    } catch (error) {
      if (batch.length === 1) {
        batch[0].reject(error);
        return;
      }
      // One bad row (text PostgreSQL refuses, a network server deleted meanwhile ...) fails the
      // whole INSERT. Its rows are written again one by one, so only that row's request fails
      // and the others are stored and answered; ChirpStack does not retry a failed request.
      for (const pending of batch) await this.write([pending]);
    }
  }

  private async insert(batch: TPending[]): Promise<Set<string>> {
    const rows = batch.map((pending) => ({ ns: pending.networkServerId, event: pending.event.envelope.kind, key: storedKey(pending), body: pending.event.envelope }));
    const inserted = await queryRows<{ dedupe_key: string }>(
      this.db,
      sql`INSERT INTO intake_events (network_server_id, event, dedupe_key, body)
          SELECT r.ns, r.event, r.key, r.body FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(ns int, event text, key text, body jsonb)
          ON CONFLICT (dedupe_key) DO NOTHING RETURNING dedupe_key`,
    );
    return new Set(inserted.map((row) => row.dedupe_key));
  }

  private answer(batch: TPending[], fresh: Set<string>): void {
    const anyStored = fresh.size > 0;
    for (const pending of batch) {
      // Two copies in one batch: the first counts as stored, the second as the duplicate.
      pending.resolve(fresh.delete(storedKey(pending)));
    }
    if (anyStored) this.options.onStored?.();
  }
}

/**
 * The duplicate key as stored: scoped to the network server that sent the event, so one network
 * server cannot post an event first under another's key and have the real one dropped as a
 * duplicate (The Things Stack keys are times, which can be guessed).
 */
function storedKey({ networkServerId, event }: Pick<TPending, 'networkServerId' | 'event'>): string {
  return `${networkServerId}:${event.dedupeKey}`;
}
