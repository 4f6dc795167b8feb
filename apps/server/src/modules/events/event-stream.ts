import type { ServerResponse } from 'node:http';
import { STREAM_RETRY_MS, type TEndEvent, type TReloadEvent } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { findUser } from '../../identity/auth-user';
import { tokenExpiry } from '../../identity/tokens';
import { dashboardVisible, viewerOf, type TViewer } from './stream-viewer';
import { renderEntry, type EventHub, type TEntry, type THubStream } from './event-hub';

/** The longest a timer may wait (Node's limit, about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface TStreamLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/**
 * One open `GET /events` (docs/events.md): writes the SSE lines of the hub's changes that its user
 * may see, a heartbeat comment each `heartbeatMs`, and ends with `end` when the token does. It asks
 * the database nothing while nothing changes: the token is checked at its expiry time and when a
 * change of the user's tokens, rights or customers is announced (or announcements were missed).
 * Bounded: more than `maxQueuedBytes` waiting in Node's buffer, or a socket that has not drained
 * `drainTimeoutMs` after a write it did not take, drops the stream; nothing is queued beside it.
 */
export class EventStream implements THubStream {
  readonly userId: number;
  private lastId: string | null = null;
  private lastDashboardAt = 0;
  private dashboardTimer: NodeJS.Timeout | null = null;
  private drainTimer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private expiryTimer: NodeJS.Timeout | null = null;
  private expiresAt = 0;
  private checking = false;
  private recheckAgain: boolean | null = null;
  private finished = false;

  constructor(
    private readonly hub: EventHub,
    private readonly raw: ServerResponse,
    private readonly db: TDb,
    private readonly token: string,
    public viewer: TViewer,
    expiresAt: Date,
    private readonly log: TStreamLog,
  ) {
    this.userId = viewer.userId;
    this.scheduleExpiry(expiresAt.getTime());
  }

  /**
   * Sends the head and what comes first: the changes missed since `lastEventId` when this copy
   * still has them, else `reload` (an id was given but cannot be resumed), then the position.
   * Synchronous with joining the hub, so no change falls between the replay and the live events.
   * `userReadAt`: when the user and token this stream starts from were read (Date.now()).
   */
  open(lastEventId: string | null, userReadAt = Date.now()): void {
    // The client left while its token was looked up: its 'close' has fired before anyone listened.
    if (this.raw.destroyed) {
      this.finish();
      return;
    }
    this.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store, no-transform',
      // nginx and similar proxies pass the events on at once instead of buffering them.
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    this.raw.socket?.setTimeout(0);
    this.raw.socket?.setKeepAlive(true, 30_000);
    this.raw.on('close', () => this.finish());
    this.write(`retry: ${STREAM_RETRY_MS}\n\n`);
    if (lastEventId !== null) {
      const missed = this.hub.changesAfter(lastEventId);
      if (missed === null) this.reload('unknownLastEventId');
      else for (const entry of missed) this.deliver(entry, true);
    }
    this.hub.add(this);
    this.sendPosition();
    this.heartbeatTimer = setInterval(() => this.heartbeat(), this.hub.options.heartbeatMs);
    // A change of the user's tokens, rights or customers announced while the request was
    // authenticated reached the hub before this stream: nothing would tell it again.
    if (this.hub.userChangedSince(this.userId, userReadAt)) this.recheck(true);
  }

  deliver(entry: TEntry, replaying = false): void {
    if (this.finished) return;
    if (entry.kind === 'dashboard') {
      if (dashboardVisible(this.viewer, entry.customers, entry.all)) this.dashboard(entry.seq, replaying);
      return;
    }
    const events = renderEntry(entry, this.viewer);
    if (events.length === 0) return;
    const id = `${this.hub.copyId}.${entry.seq}`;
    // Only the last event of a change carries its id: a stream cut in the middle resumes before it.
    const text = events.map((event, index) => (index === events.length - 1 ? `${event}id: ${id}\n\n` : `${event}\n`)).join('');
    if (this.write(text)) this.lastId = id;
  }

  reload(reason: TReloadEvent['reason']): void {
    if (this.finished) return;
    this.write(`event: reload\ndata: ${JSON.stringify({ reason })}\n\n`);
  }

  end(reason: TEndEvent['reason']): void {
    if (this.finished) return;
    this.write(`event: end\ndata: ${JSON.stringify({ reason })}\n\n`);
    this.finish();
    this.raw.end();
  }

  recheck(rereadUser: boolean): void {
    if (this.finished) return;
    if (this.checking) {
      this.recheckAgain = (this.recheckAgain ?? false) || rereadUser;
      return;
    }
    this.checking = true;
    void this.check(rereadUser)
      .catch((error: unknown) => {
        this.log.warn({ err: error }, 'event stream: token check failed; tried again after a heartbeat');
        this.retryTimer ??= setTimeout(() => {
          this.retryTimer = null;
          this.recheck(rereadUser);
        }, this.hub.options.heartbeatMs);
      })
      .finally(() => {
        this.checking = false;
        const again = this.recheckAgain;
        this.recheckAgain = null;
        if (again !== null) this.recheck(again);
      });
  }

  /** The dashboard at most once per `dashboardMinMs`: later ones wait and go as one. */
  private dashboard(seq: number, replaying: boolean): void {
    if (this.dashboardTimer) return;
    const wait = this.lastDashboardAt + this.hub.options.dashboardMinMs - Date.now();
    if (wait <= 0 || replaying) {
      this.sendDashboard(`${this.hub.copyId}.${seq}`);
      return;
    }
    this.dashboardTimer = setTimeout(() => {
      this.dashboardTimer = null;
      this.sendDashboard(null);
    }, wait);
  }

  private sendDashboard(id: string | null): void {
    if (this.finished) return;
    this.lastDashboardAt = Date.now();
    const event = `event: dashboard\ndata: ${JSON.stringify({ at: new Date().toISOString() })}\n`;
    if (this.write(id ? `${event}id: ${id}\n\n` : `${event}\n`) && id) this.lastId = id;
  }

  /**
   * The stream's position as an `id:` without data (it moves the client's Last-Event-ID and
   * dispatches nothing): a stream that saw nothing of the last changes still resumes from here.
   * Not while a dashboard event waits, which must not be skipped by a resume.
   */
  private sendPosition(): void {
    const position = this.hub.position();
    if (position === this.lastId || this.dashboardTimer) return;
    if (this.write(`id: ${position}\n\n`)) this.lastId = position;
  }

  private heartbeat(): void {
    if (this.finished) return;
    if (!this.write(`: ${Date.now()}\n\n`)) return;
    this.sendPosition();
  }

  /** The token still works (else `end`); the user's scope and rights read again when asked. */
  private async check(rereadUser: boolean): Promise<void> {
    const token = await tokenExpiry(this.db, this.token);
    if (this.finished) return;
    if (!token || token.userId !== this.userId) {
      this.end('tokenEnded');
      return;
    }
    this.scheduleExpiry(token.expiresAt.getTime());
    if (!rereadUser) return;
    const user = await findUser(this.db, { id: this.userId });
    if (this.finished) return;
    if (!user) {
      this.end('tokenEnded');
      return;
    }
    this.viewer = viewerOf(user);
  }

  /** A check just after the token's expiry (renewed: the grace period's end), so the stream ends with it. */
  private scheduleExpiry(expiresAt: number): void {
    if (expiresAt === this.expiresAt || this.finished) return;
    this.expiresAt = expiresAt;
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.expiryTimer = setTimeout(() => this.recheck(false), Math.min(Math.max(expiresAt - Date.now() + 50, 0), MAX_TIMER_MS));
  }

  /**
   * Writes unless the client lags: more than the bound waiting in Node's buffer drops the stream, so
   * a client that does not read holds at most the bound plus one write (never buffered without end).
   * Node's buffer only grows once the kernel's send buffer is full (megabytes per socket, tuned by
   * the kernel), so a write the socket did not take also starts a clock: no drain within
   * `drainTimeoutMs` and the stream is dropped, which frees the kernel's bytes too.
   */
  private write(text: string): boolean {
    if (this.finished) return false;
    if (this.raw.destroyed) {
      this.finish();
      return false;
    }
    if (this.raw.writableLength > this.hub.options.maxQueuedBytes) {
      this.drop('the client does not keep up');
      return false;
    }
    if (!this.raw.write(text) && !this.drainTimer) {
      this.drainTimer = setTimeout(() => this.drop('the client does not read'), this.hub.options.drainTimeoutMs);
      this.raw.once('drain', () => {
        if (this.drainTimer) clearTimeout(this.drainTimer);
        this.drainTimer = null;
      });
    }
    return true;
  }

  private drop(why: string): void {
    if (this.finished) return;
    this.log.info({ userId: this.userId, queued: this.raw.writableLength, written: this.raw.socket?.bytesWritten }, `event stream dropped: ${why}`);
    this.finish();
    this.raw.destroy();
  }

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.hub.remove(this);
    for (const timer of [this.heartbeatTimer, this.expiryTimer, this.dashboardTimer, this.drainTimer, this.retryTimer]) if (timer) clearTimeout(timer);
    this.heartbeatTimer = this.expiryTimer = this.dashboardTimer = this.drainTimer = this.retryTimer = null;
  }
}
