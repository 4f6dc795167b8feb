import { isHttpError } from '../http/http-error';
import { isConnectionFailure } from '../http/connection';

/**
 * A queue of entries made on the device that must reach the server once (docs/field-work.md,
 * "Offline queue"): an entry that could not be sent (no connection, or the server failing) is kept
 * in a store on the device and sent again later, oldest first; an entry the server refuses is kept
 * as refused, for the user to see, and not sent again. The entry's id travels with it: the server
 * stores an id once and answers a repeat with what it stored, so sending twice never doubles an entry.
 */

export type TQueueState = 'waiting' | 'refused';

export interface TQueuedEntry<T> {
  /** The entry's own id (a UUID), sent with it: the server stores it once. */
  id: string;
  payload: T;
  /** Who made it: only their session sends it (another user signed in on the device leaves it waiting). */
  owner: string;
  createdAt: string;
  state: TQueueState;
  attempts: number;
  lastTriedAt: string | null;
  /** Why the server refused it (the message key and fields of its answer), for the user. */
  refusal: { status: number; key: string; fields: Record<string, string> } | null;
}

/** Where the entries are kept: IndexedDB on the device (idb-store.ts), memory in tests. */
export interface TQueueStore<T> {
  all(): Promise<TQueuedEntry<T>[]>;
  put(entry: TQueuedEntry<T>): Promise<void>;
  remove(id: string): Promise<void>;
}

/** What a failed send means: try again later (no connection, the server failing or busy, the session ended), or refused for good. */
export type TFailure = 'retry' | 'refused';

/**
 * A failure's meaning: no connection (status 0, fetch's TypeError), 5xx, 408 and 429 are tried again;
 * 401 too (the session ended: the entry waits for the next sign-in); every other 4xx is a refusal.
 */
export function classifyFailure(error: unknown): TFailure {
  if (isConnectionFailure(error)) return 'retry';
  if (!isHttpError(error)) return 'retry';
  const { status } = error;
  if (status >= 500 || status === 408 || status === 429 || status === 401) return 'retry';
  return status >= 400 ? 'refused' : 'retry';
}

function refusalOf(error: unknown): TQueuedEntry<unknown>['refusal'] {
  return isHttpError(error) ? { status: error.status, key: error.key, fields: error.fields } : { status: 0, key: 'errors.internal', fields: {} };
}

export type TSubmitOutcome<R> = { sent: true; result: R } | { sent: false; entry: TQueuedEntry<unknown> };

export interface TOfflineQueueOptions<T, R> {
  store: TQueueStore<T>;
  send: (payload: T, id: string) => Promise<R>;
  /** The signed-in user (their e-mail); null when nobody is: nothing is sent. */
  owner: () => string | null;
  /** Told of every entry sent from the queue (not of those sent at once by submit). */
  onSent?: (entry: TQueuedEntry<T>, result: R) => void;
  classify?: (error: unknown) => TFailure;
  now?: () => Date;
}

export class OfflineQueue<T, R> {
  private readonly listeners = new Set<() => void>();
  private flushing: Promise<void> | null = null;
  private readonly classify: (error: unknown) => TFailure;
  private readonly now: () => Date;

  constructor(private readonly options: TOfflineQueueOptions<T, R>) {
    this.classify = options.classify ?? classifyFailure;
    this.now = options.now ?? (() => new Date());
  }

  /** The entries kept, oldest first. */
  async entries(): Promise<TQueuedEntry<T>[]> {
    return (await this.options.store.all()).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }

  /** Called whenever the entries change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  /**
   * Sends an entry now. Sent: its answer. Not sent because of the connection or the server: kept,
   * waiting (the answer says so). Refused (another 4xx): the error is thrown, nothing kept, so the
   * form shows it where it was made.
   */
  async submit(id: string, payload: T): Promise<TSubmitOutcome<R>> {
    const owner = this.options.owner() ?? '';
    try {
      return { sent: true, result: await this.options.send(payload, id) };
    } catch (error) {
      if (this.classify(error) === 'refused') throw error;
      const entry: TQueuedEntry<T> = { id, payload, owner, createdAt: this.now().toISOString(), state: 'waiting', attempts: 1, lastTriedAt: this.now().toISOString(), refusal: null };
      await this.options.store.put(entry);
      this.changed();
      return { sent: false, entry };
    }
  }

  /** Forgets an entry (a refused one the user has read, or one they give up). */
  async discard(id: string): Promise<void> {
    await this.options.store.remove(id);
    this.changed();
  }

  /**
   * Sends the waiting entries of the signed-in user, oldest first, one at a time. The first that
   * fails for the connection or the server stops the round (the rest would fail alike) and stays
   * waiting; a refused one is marked and the round goes on. One round at a time: a call during a
   * round waits for it.
   */
  flush(): Promise<void> {
    this.flushing ??= this.round().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async round(): Promise<void> {
    const owner = this.options.owner();
    if (owner === null) return;
    for (const entry of await this.entries()) {
      if (entry.state !== 'waiting' || entry.owner !== owner) continue;
      const tried = { ...entry, attempts: entry.attempts + 1, lastTriedAt: this.now().toISOString() };
      try {
        const result = await this.options.send(entry.payload, entry.id);
        await this.options.store.remove(entry.id);
        this.changed();
        this.options.onSent?.(entry, result);
      } catch (error) {
        if (this.classify(error) === 'retry') {
          await this.options.store.put(tried);
          this.changed();
          return;
        }
        await this.options.store.put({ ...tried, state: 'refused', refusal: refusalOf(error) });
        this.changed();
      }
    }
  }
}

/** How often the waiting entries are tried while the app is open, besides the `online` event. */
export const RETRY_INTERVAL_MS = 60_000;

/**
 * Sends the queue's entries now (the app's start), whenever the browser says it is online again,
 * and every RETRY_INTERVAL_MS (a connection can come back without an `online` event: a plant room's
 * Wi-Fi that was there but reached nothing). Returns the stop.
 */
export function keepSending(queue: Pick<OfflineQueue<unknown, unknown>, 'flush'>, target: Pick<Window, 'addEventListener' | 'removeEventListener' | 'setInterval' | 'clearInterval'> = window, intervalMs = RETRY_INTERVAL_MS): () => void {
  const flush = () => void queue.flush().catch(() => undefined);
  flush();
  target.addEventListener('online', flush);
  const timer = target.setInterval(flush, intervalMs);
  return () => {
    target.removeEventListener('online', flush);
    target.clearInterval(timer);
  };
}
