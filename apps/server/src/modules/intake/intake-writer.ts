import { sql } from 'drizzle-orm';
import { queryRows, type TDb } from '../../db/database';
import type { TAcceptedEvent } from './envelope';
import { isDatabaseUnreachable } from '../../db/db-errors';
import type { IntakeSpool, TIntakeRow } from './intake-spool';
import { uplinksAccepted } from '../../lib/metrics';

/** How often a waiting spool is tried against the database. */
const REPLAY_EVERY_MS = 1_000;
/**
 * With a spool, an INSERT not committed within this (a lock held on intake_events, a server too
 * slow to answer) has its batch spooled and answered; the INSERT may still commit, and the replay
 * then stores none of its rows twice (the dedupe key). A hang is ended sooner by the hang watch.
 */
export const INTAKE_WRITE_DEADLINE_MS = 5_000;
const LATE = Symbol('late');

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
  /**
   * Where rows go while the database cannot be reached (PostgreSQL): appended and fsynced before
   * the answer, replayed in order once it is back. Without one, such a request fails (503).
   */
  spool?: IntakeSpool;
  /**
   * PostgreSQL is hung (db/hang-watch.ts): batches go to the spool at once rather than wait for
   * a connection, and the spool is not replayed until it answers again.
   */
  stalled?: () => boolean;
  /** INTAKE_WRITE_DEADLINE_MS unless a test chooses. */
  writeDeadlineMs?: number;
  /** Logs a failed replay attempt, or (with `row`) a spooled row the database refused and that was left out. */
  onReplayError?: (error: unknown, row?: TIntakeRow) => void;
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
  private replayTimer: NodeJS.Timeout | null = null;
  private replaying: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly db: TDb,
    private readonly options: TIntakeWriterOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 500;
    this.maxConcurrent = options.maxConcurrent ?? 2;
    // Rows left by an earlier run (the database was unreachable when it stopped) are replayed first.
    if (options.spool?.hasPending()) this.scheduleReplay();
  }

  /** Resolves after the event is committed: true when stored now, false when it was a duplicate. */
  submit(networkServerId: number | null, event: TAcceptedEvent): Promise<boolean> {
    return new Promise((resolve, reject) => {
      const answer = (stored: boolean) => {
        uplinksAccepted.inc({ outcome: stored ? 'stored' : 'duplicate' });
        resolve(stored);
      };
      this.queue.push({ networkServerId, event, resolve: answer, reject });
      this.schedule();
    });
  }

  /** Takes uplinks: not closed, and its spool (if any) has room (`/readyz`). */
  accepting(): boolean {
    return !this.closed && (this.options.spool?.hasRoom() ?? true);
  }

  /** Bytes waiting in the spool (0 without one): read by `/metrics`. */
  spoolBytes(): number {
    return this.options.spool?.size() ?? 0;
  }

  /** Writes what is queued and waits for every write in flight. */
  async close(): Promise<void> {
    while (this.queue.length || this.inFlight.size) {
      if (this.queue.length && this.inFlight.size < this.maxConcurrent) this.startFlush();
      await Promise.race(this.inFlight);
    }
    this.closed = true;
    if (this.replayTimer) clearTimeout(this.replayTimer);
    this.replayTimer = null;
    await this.replaying;
  }

  /** Replays the spool now (tests; the timer does it every second while rows wait). */
  async replaySpool(): Promise<void> {
    const spool = this.options.spool;
    if (!spool) return;
    this.replaying ??= (async () => {
      try {
        const replayed = await spool.replay((rows) => this.insertOrDrop(rows));
        if (replayed) this.options.onStored?.();
      } finally {
        this.replaying = null;
      }
    })();
    await this.replaying;
  }

  /**
   * A replayed chunk whose INSERT the database refuses (not for being unreachable: a network
   * server deleted meanwhile, say) is written row by row, and a refused row is logged and left
   * out, so that one row cannot hold up the spool for ever.
   */
  private async insertOrDrop(rows: TIntakeRow[]): Promise<void> {
    try {
      await this.insertRows(rows);
    } catch (error) {
      if (isDatabaseUnreachable(error)) throw error;
      if (rows.length === 1) {
        this.options.onReplayError?.(error, rows[0]);
        return;
      }
      for (const row of rows) await this.insertOrDrop([row]);
    }
  }

  private scheduleReplay(): void {
    if (this.replayTimer || this.closed) return;
    this.replayTimer = setTimeout(() => {
      this.replayTimer = null;
      // A hung database would hold the replay until the hang watch ends its connection: wait.
      if (this.options.stalled?.()) return this.scheduleReplay();
      this.replaySpool().then(
        () => {
          if (this.options.spool?.hasPending()) this.scheduleReplay();
        },
        (error: unknown) => {
          this.options.onReplayError?.(error);
          this.scheduleReplay();
        },
      );
    }, REPLAY_EVERY_MS);
    this.replayTimer.unref();
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
    // Rows already wait in the spool: new ones queue behind them, so the order is kept.
    if ((this.options.spool?.hasPending() || this.options.stalled?.()) && this.spoolBatch(batch)) return;
    try {
      const fresh = await this.insertInTime(batch);
      if (fresh !== LATE) this.answer(batch, fresh);
    } catch (error) {
      if (isDatabaseUnreachable(error)) {
        if (!this.spoolBatch(batch)) for (const pending of batch) pending.reject(error);
        return;
      }
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

  /**
   * Appends the batch to the spool and answers its requests as stored; false (nothing answered)
   * without a spool or when it is full. A spooled duplicate is answered as stored: whether it is
   * one is known only at the replay, which does not write it twice.
   */
  private spoolBatch(batch: TPending[]): boolean {
    const spool = this.options.spool;
    if (!spool) return false;
    try {
      spool.append(batch.map(rowOf));
    } catch {
      return false;
    }
    for (const pending of batch) pending.resolve(true);
    this.scheduleReplay();
    return true;
  }

  /**
   * The batch's INSERT, or LATE when it took longer than the write deadline and the batch went to
   * the spool instead (answered there). Without a spool, or with a full one, it is waited for.
   */
  private async insertInTime(batch: TPending[]): Promise<Set<string> | typeof LATE> {
    const insert = this.insert(batch);
    if (!this.options.spool) return insert;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<typeof LATE>((resolve) => {
      timer = setTimeout(() => resolve(LATE), this.options.writeDeadlineMs ?? INTAKE_WRITE_DEADLINE_MS);
    });
    try {
      const outcome = await Promise.race([insert, late]);
      if (outcome !== LATE) return outcome;
    } finally {
      clearTimeout(timer);
    }
    if (!this.spoolBatch(batch)) return insert;
    // It may still commit: the worker is woken then; a failure is the spool's to make good.
    insert.then(
      (fresh) => {
        if (fresh.size) this.options.onStored?.();
      },
      () => undefined,
    );
    return LATE;
  }

  private insert(batch: TPending[]): Promise<Set<string>> {
    return this.insertRows(batch.map(rowOf));
  }

  private async insertRows(rows: TIntakeRow[]): Promise<Set<string>> {
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
function rowOf(pending: TPending): TIntakeRow {
  return { ns: pending.networkServerId, event: pending.event.envelope.kind, key: storedKey(pending), body: pending.event.envelope };
}

function storedKey({ networkServerId, event }: Pick<TPending, 'networkServerId' | 'event'>): string {
  return `${networkServerId}:${event.dedupeKey}`;
}
