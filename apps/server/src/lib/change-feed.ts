import { sql } from 'drizzle-orm';
import { NODE_CHANGE_PARTS, ALARM_CHANGES, ALARM_KINDS, type TAlarmChange, type TAlarmKind, type TNodeChangePart } from '@aquasmart/domain';
import type { TDatabase, TDbOrTx, TListening } from '../db/database';

/**
 * The change feed (docs/events.md): what a screen shows is announced with pg_notify on one channel
 * in the transaction that changes it (delivered on commit only, so nothing is announced that did
 * not happen), and every server copy LISTENs on one connection and hands each announcement to its
 * subscribers (the event streams, the dashboard refresher). Node, alarm, mail and user changes are
 * announced by the statement triggers of migration 0020; code announces with `announceChange`
 * what no table change says (the dashboard counts were made anew).
 */
export const CHANGE_CHANNEL = 'aquasmart_changes';

/** A node change: its EUI, customer (and the one before a move), what changed; `w` a water detection log. */
export interface TNodeChange {
  e: string;
  c?: number;
  o?: number;
  p: TNodeChangePart[];
  w?: 1;
}
export interface TAlarmChangeItem {
  i: number;
  k: TAlarmKind;
  e?: string;
  c?: number;
  x: TAlarmChange;
}
export interface TMailChange {
  i: number;
  s: string;
}

/** One announcement as it travels (short keys: a payload stays under PostgreSQL's 8000 bytes). */
export type TChangeMessage =
  | { t: 'n'; x: TNodeChange[] }
  | { t: 'a'; x: TAlarmChangeItem[] }
  | { t: 'm'; x: TMailChange[] }
  /** The dashboard counts of these customers were made anew; `all`: of every customer. */
  | { t: 'd'; x: number[]; all?: true }
  /** Users whose tokens, rights or customer scope changed. */
  | { t: 'u'; x: number[] }
  /** One statement changed too much to list (`k` the kind it would have been): everyone reloads. */
  | { t: 'r'; k: string };

/** Items per notification: every item kind stays far below 200 bytes, so a payload stays under 8000. */
export const CHANGE_ITEMS_PER_NOTIFY = 40;

const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);
const optionalInt = (value: unknown) => value === undefined || isInt(value);
const NODE_PARTS = new Set<string>(NODE_CHANGE_PARTS);
const ALARM_KIND_SET = new Set<string>(ALARM_KINDS);
const ALARM_CHANGE_SET = new Set<string>(ALARM_CHANGES);

function validNode(item: unknown): item is TNodeChange {
  const node = item as TNodeChange;
  return (
    typeof node === 'object' &&
    node !== null &&
    typeof node.e === 'string' &&
    optionalInt(node.c) &&
    optionalInt(node.o) &&
    Array.isArray(node.p) &&
    node.p.every((part) => NODE_PARTS.has(part))
  );
}

function validAlarm(item: unknown): item is TAlarmChangeItem {
  const alarm = item as TAlarmChangeItem;
  return (
    typeof alarm === 'object' &&
    alarm !== null &&
    isInt(alarm.i) &&
    ALARM_KIND_SET.has(alarm.k) &&
    (alarm.e === undefined || typeof alarm.e === 'string') &&
    optionalInt(alarm.c) &&
    ALARM_CHANGE_SET.has(alarm.x)
  );
}

/** The announcement in a notification's payload; null for anything else (never trusted blindly). */
export function parseChangeMessage(payload: string): TChangeMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const message = value as { t?: unknown; x?: unknown; k?: unknown; all?: unknown };
  const items = Array.isArray(message.x) ? (message.x as unknown[]) : null;
  switch (message.t) {
    case 'n':
      return items && items.every(validNode) ? { t: 'n', x: items } : null;
    case 'a':
      return items && items.every(validAlarm) ? { t: 'a', x: items } : null;
    case 'm':
      return items && items.every((item) => isInt((item as TMailChange)?.i) && typeof (item as TMailChange).s === 'string') ? { t: 'm', x: items as TMailChange[] } : null;
    case 'd':
      return items && items.every(isInt) ? { t: 'd', x: items, ...(message.all === true ? { all: true as const } : {}) } : null;
    case 'u':
      return items && items.every(isInt) ? { t: 'u', x: items } : null;
    case 'r':
      return { t: 'r', k: typeof message.k === 'string' ? message.k : '' };
    default:
      return null;
  }
}

/**
 * Announces a change in the caller's transaction (delivered when it commits, never when it rolls
 * back), in notifications of at most CHANGE_ITEMS_PER_NOTIFY items.
 */
export async function announceChange(tx: TDbOrTx, message: TChangeMessage): Promise<void> {
  if (message.t === 'r') {
    await tx.execute(sql`SELECT pg_notify(${CHANGE_CHANNEL}, ${JSON.stringify(message)})`);
    return;
  }
  const items: unknown[] = message.x;
  if (items.length === 0 && !(message.t === 'd' && message.all)) return;
  const payloads: string[] = [];
  for (let start = 0; start === 0 || start < items.length; start += CHANGE_ITEMS_PER_NOTIFY) {
    payloads.push(JSON.stringify({ ...message, x: items.slice(start, start + CHANGE_ITEMS_PER_NOTIFY) }));
  }
  await tx.execute(sql`SELECT pg_notify(${CHANGE_CHANNEL}, p) FROM unnest(${sql.param(payloads)}::text[]) AS p`);
}

export interface TChangeSubscriber {
  onChange(message: TChangeMessage): void;
  /** The LISTEN connection was lost and is back: announcements in between were missed. */
  onGap(): void;
}

export interface TChangeFeedLog {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

/**
 * This copy's one LISTEN connection, shared by its subscribers. Started by the first subscriber
 * that needs it (or at start when the background workers run), stopped with the app.
 */
export class ChangeFeed {
  private readonly subscribers = new Set<TChangeSubscriber>();
  private listening: Promise<TListening> | null = null;
  private lost = false;
  /** Notifications received, and those whose payload was not understood (for the bench and tests). */
  readonly counts = { received: 0, refused: 0 };

  constructor(
    private readonly database: Pick<TDatabase, 'listen'>,
    private readonly log: TChangeFeedLog,
  ) {}

  subscribe(subscriber: TChangeSubscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /** Opens the LISTEN connection once; later calls wait for the same. */
  start(): Promise<TListening> {
    this.listening ??= this.database.listen(CHANGE_CHANNEL, {
      onNotification: (payload) => this.deliver(payload),
      onLost: (error) => {
        if (!this.lost) this.log.warn({ err: error }, 'change feed: LISTEN connection lost; reconnecting');
        this.lost = true;
      },
      onReconnected: () => {
        this.lost = false;
        this.log.info({}, 'change feed: LISTEN connection back; open streams reload');
        for (const subscriber of this.subscribers) subscriber.onGap();
      },
    });
    return this.listening;
  }

  async stop(): Promise<void> {
    const listening = this.listening;
    this.listening = null;
    if (listening) await (await listening).close();
  }

  private deliver(payload: string): void {
    this.counts.received++;
    const message = parseChangeMessage(payload);
    if (!message) {
      this.counts.refused++;
      return;
    }
    for (const subscriber of this.subscribers) subscriber.onChange(message);
  }
}
