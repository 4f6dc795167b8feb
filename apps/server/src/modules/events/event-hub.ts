import { randomBytes } from 'node:crypto';
import { DASHBOARD_EVENT_MIN_MS, NODE_EVENT_WINDOW_MS, STREAM_HEARTBEAT_MS, STREAMS_PER_USER, type TReloadEvent, type TEndEvent } from '@aquasmart/domain';
import type { TAlarmChangeItem, TChangeMessage, TChangeSubscriber, TMailChange, TNodeChange } from '../../lib/change-feed';
import { alarmVisible, nodeVisible, type TViewer } from './stream-viewer';

/** The hub's bounds and timings (docs/events.md, "Bounds"); tests make them small. */
export interface THubOptions {
  /** Changes kept for resuming: at most this many entries ... */
  bufferEntries: number;
  /** ... and none older than this. */
  bufferAgeMs: number;
  /** Node changes of one window are merged per node into one `nodes` event. */
  nodeWindowMs: number;
  /** A comment line this often (no database: the token and the user are checked when a change of them is announced). */
  heartbeatMs: number;
  /** `dashboard` to one stream at most this often. */
  dashboardMinMs: number;
  /** A stream with more than this many bytes waiting in Node's socket buffer is dropped. */
  maxQueuedBytes: number;
  /**
   * A stream whose socket has not drained this long after a write it did not take (the kernel's
   * send buffer full and Node's over its high-water mark: the client does not read) is dropped.
   */
  drainTimeoutMs: number;
  /** Open streams per user; one more closes that user's oldest. */
  maxStreamsPerUser: number;
}

export const HUB_OPTIONS: Readonly<THubOptions> = Object.freeze({
  bufferEntries: 5_000,
  bufferAgeMs: 5 * 60_000,
  nodeWindowMs: NODE_EVENT_WINDOW_MS,
  heartbeatMs: STREAM_HEARTBEAT_MS,
  dashboardMinMs: DASHBOARD_EVENT_MIN_MS,
  maxQueuedBytes: 1024 * 1024,
  drainTimeoutMs: 30_000,
  maxStreamsPerUser: STREAMS_PER_USER,
});

/** How long announced user changes are remembered for streams still opening (an open takes milliseconds). */
const USER_CHANGES_KEPT_MS = 60_000;

/** One change as the buffer keeps it: a window's node changes, an announcement's alarms or mails, new dashboard counts. */
export type TEntry = { seq: number; at: number; rendered?: Map<string, string[]> } & (
  | { kind: 'nodes'; nodes: TNodeChange[] }
  | { kind: 'alarm'; alarms: TAlarmChangeItem[] }
  | { kind: 'mail'; mails: TMailChange[] }
  | { kind: 'dashboard'; customers: number[]; all: boolean }
);

/** What a hub needs of one open stream. */
export interface THubStream {
  readonly userId: number;
  viewer: TViewer;
  deliver(entry: TEntry): void;
  reload(reason: TReloadEvent['reason']): void;
  /** Check the token and read the user again now (an announced change of the user, or announcements missed). */
  recheck(rereadUser: boolean): void;
  end(reason: TEndEvent['reason']): void;
}

/** A window's node changes go out in events of at most this many nodes. */
export const NODES_PER_EVENT = 200;
/** A window with more changed nodes than this (a bulk change announced item by item) makes every stream reload instead. */
export const MAX_NODES_PER_WINDOW = 5_000;

/** One SSE event's lines without the id and the blank line that ends it. */
const sseEvent = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n`;

/**
 * The SSE events of an entry for a viewer: none when nothing of it is theirs. Rendered once per
 * viewer key (many streams of one kind of user share the text). Dashboard entries are not rendered
 * here: each stream coalesces them (docs/events.md).
 */
export function renderEntry(entry: TEntry, viewer: TViewer): string[] {
  if (entry.kind === 'dashboard') return [];
  entry.rendered ??= new Map();
  const cached = entry.rendered.get(viewer.key);
  if (cached) return cached;
  let events: string[] = [];
  if (entry.kind === 'nodes') {
    const nodes = entry.nodes.filter((node) => nodeVisible(viewer, node)).map((node) => ({ eui: node.e, parts: node.p }));
    for (let start = 0; start < nodes.length; start += NODES_PER_EVENT) events.push(sseEvent('nodes', { nodes: nodes.slice(start, start + NODES_PER_EVENT) }));
  } else if (entry.kind === 'alarm') {
    events = entry.alarms.filter((alarm) => alarmVisible(viewer, alarm)).map((alarm) => sseEvent('alarm', { id: alarm.i, change: alarm.x, kind: alarm.k, eui: alarm.e ?? null }));
  } else if (viewer.mail) {
    events = entry.mails.map((mail) => sseEvent('mail', { id: mail.i, state: mail.s }));
  }
  entry.rendered.set(viewer.key, events);
  return events;
}

/**
 * This copy's event hub (docs/events.md): takes the change feed's announcements, merges node
 * changes per node per window, numbers each change (`<copyId>.<seq>`), keeps the recent ones in a
 * ring buffer for resuming, and hands each to its open streams, which filter per user.
 */
export class EventHub implements TChangeSubscriber {
  /** Random per process: an id from another copy or an earlier run of this one is not resumable here. */
  readonly copyId = randomBytes(6).toString('hex');
  readonly options: THubOptions;
  private seq = 0;
  /** Resuming after a seq below this is impossible (evicted, or lost with the LISTEN connection). */
  private resumableFrom = 0;
  private entries: TEntry[] = [];
  private readonly pendingNodes = new Map<string, TNodeChange>();
  private windowTimer: NodeJS.Timeout | null = null;
  private readonly streams = new Set<THubStream>();
  /** Each user's open streams, oldest first (a Set keeps insertion order). */
  private readonly streamsOfUser = new Map<number, Set<THubStream>>();
  /** When a change of a user was last announced (Date.now()), kept USER_CHANGES_KEPT_MS ... */
  private readonly userChangedAt = new Map<number, number>();
  /** ... and when every user may have changed (announcements missed, or too many to list). */
  private everyoneChangedAt = 0;
  private forgottenBefore = 0;
  private isClosed = false;

  constructor(options: Partial<THubOptions> = {}) {
    this.options = { ...HUB_OPTIONS, ...options };
  }

  /** The id of the newest change: `<copyId>.<seq>`. */
  position(): string {
    return `${this.copyId}.${this.seq}`;
  }

  /** Shutting down: no new stream is accepted. */
  get closed(): boolean {
    return this.isClosed;
  }

  get streamCount(): number {
    return this.streams.size;
  }

  get bufferedEntries(): number {
    return this.entries.length;
  }

  /**
   * The buffered changes after a Last-Event-ID, or null when they cannot be told (another copy's
   * or an earlier run's id, evicted, lost, garbage): the stream then starts with `reload`.
   */
  changesAfter(lastEventId: string): TEntry[] | null {
    const match = /^([0-9a-f]{12})\.(\d{1,15})$/.exec(lastEventId);
    if (!match || match[1] !== this.copyId) return null;
    const after = Number(match[2]);
    this.evict();
    if (after > this.seq || after < this.resumableFrom) return null;
    return this.entries.filter((entry) => entry.seq > after);
  }

  /** Joins a stream; a user's stream beyond `maxStreamsPerUser` ends the user's oldest (`end {tooManyStreams}`). */
  add(stream: THubStream): void {
    if (this.isClosed) throw new Error('event hub closed');
    let own = this.streamsOfUser.get(stream.userId);
    if (!own) {
      own = new Set();
      this.streamsOfUser.set(stream.userId, own);
    }
    while (own.size >= this.options.maxStreamsPerUser) {
      const oldest = own.values().next().value!;
      this.remove(oldest);
      oldest.end('tooManyStreams');
    }
    own.add(stream);
    this.streams.add(stream);
  }

  remove(stream: THubStream): void {
    this.streams.delete(stream);
    const own = this.streamsOfUser.get(stream.userId);
    if (own?.delete(stream) && own.size === 0) this.streamsOfUser.delete(stream.userId);
  }

  /** Open streams of one user. */
  streamsOf(userId: number): number {
    return this.streamsOfUser.get(userId)?.size ?? 0;
  }

  /**
   * A change of the user (tokens, rights, customers) may have been announced since `since`
   * (Date.now() of a read of the user): a stream opened from that read must check again. Streams
   * poll nothing, so this is how one that was opening while the announcement went by learns of it.
   */
  userChangedSince(userId: number, since: number): boolean {
    return since <= this.forgottenBefore || since <= this.everyoneChangedAt || since <= (this.userChangedAt.get(userId) ?? -1);
  }

  onChange(message: TChangeMessage): void {
    if (this.isClosed) return;
    switch (message.t) {
      case 'n':
        this.mergeNodes(message.x);
        return;
      case 'a':
        this.push({ kind: 'alarm', alarms: message.x });
        return;
      case 'm':
        this.push({ kind: 'mail', mails: message.x });
        return;
      case 'd':
        this.push({ kind: 'dashboard', customers: message.x, all: message.all === true });
        return;
      case 'u':
        this.usersChanged(message.x);
        for (const userId of new Set(message.x)) for (const stream of this.streamsOfUser.get(userId) ?? []) stream.recheck(true);
        return;
      case 'r':
        if (message.k === 'u') this.everyoneChanged();
        else this.onGap();
        return;
    }
  }

  /**
   * Announcements were missed (LISTEN connection lost, or too many to list): nothing before now is
   * resumable; every stream reloads, and checks its token and user, since a revocation may have
   * been among them.
   */
  onGap(): void {
    this.flushNodes();
    this.entries = [];
    this.seq++;
    this.resumableFrom = this.seq;
    for (const stream of this.streams) stream.reload('dropped');
    this.everyoneChanged();
  }

  private everyoneChanged(): void {
    this.everyoneChangedAt = Date.now();
    for (const stream of this.streams) stream.recheck(true);
  }

  private usersChanged(userIds: readonly number[]): void {
    const now = Date.now();
    for (const userId of userIds) {
      this.userChangedAt.delete(userId);
      this.userChangedAt.set(userId, now);
    }
    // Oldest first (re-inserted on change): forget what no opening stream can still need.
    for (const [userId, at] of this.userChangedAt) {
      if (at > now - USER_CHANGES_KEPT_MS) break;
      this.userChangedAt.delete(userId);
      this.forgottenBefore = Math.max(this.forgottenBefore, at);
    }
  }

  /** Ends every stream with `end {reason: 'shutdown'}` (graceful stop); no stream is accepted after. */
  close(): void {
    this.isClosed = true;
    if (this.windowTimer) clearTimeout(this.windowTimer);
    this.windowTimer = null;
    for (const stream of [...this.streams]) stream.end('shutdown');
    this.streams.clear();
    this.streamsOfUser.clear();
  }

  private mergeNodes(nodes: TNodeChange[]): void {
    for (const node of nodes) {
      const pending = this.pendingNodes.get(node.e);
      if (!pending) {
        this.pendingNodes.set(node.e, { ...node, p: [...node.p] });
        continue;
      }
      for (const part of node.p) if (!pending.p.includes(part)) pending.p.push(part);
      if (pending.o === undefined && node.o !== undefined && node.o !== node.c) pending.o = node.o;
      if (node.c !== undefined) pending.c = node.c;
      else delete pending.c;
      if (node.w) pending.w = 1;
      if (node.k) pending.k = 1;
    }
    this.windowTimer ??= setTimeout(() => this.flushNodes(), this.options.nodeWindowMs);
  }

  private flushNodes(): void {
    if (this.windowTimer) clearTimeout(this.windowTimer);
    this.windowTimer = null;
    if (this.pendingNodes.size === 0) return;
    if (this.pendingNodes.size > MAX_NODES_PER_WINDOW) {
      this.pendingNodes.clear();
      this.onGap();
      return;
    }
    const nodes = [...this.pendingNodes.values()];
    this.pendingNodes.clear();
    this.push({ kind: 'nodes', nodes });
  }

  private push(change: Omit<TEntry, 'seq' | 'at'> & Partial<TEntry>): void {
    const entry = { ...change, seq: ++this.seq, at: Date.now() } as TEntry;
    this.entries.push(entry);
    this.evict();
    for (const stream of this.streams) stream.deliver(entry);
  }

  private evict(): void {
    const oldest = Date.now() - this.options.bufferAgeMs;
    let drop = Math.max(0, this.entries.length - this.options.bufferEntries);
    while (drop < this.entries.length && this.entries[drop].at < oldest) drop++;
    if (drop === 0) return;
    this.resumableFrom = this.entries[drop - 1].seq;
    this.entries = this.entries.slice(drop);
  }
}
