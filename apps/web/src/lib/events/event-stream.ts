import {
  STREAM_HEARTBEAT_MS,
  STREAM_RETRY_MS,
  zAlarmStreamEvent,
  zDashboardEvent,
  zEndEvent,
  zMailEvent,
  zNodesEvent,
  zReloadEvent,
  type TAlarmStreamEvent,
  type TDashboardEvent,
  type TEndEvent,
  type TMailEvent,
  type TNodesEvent,
  type TReloadEvent,
} from '@aquasmart/domain';
import { createSseParser } from './sse-parser';

/**
 * The client of the live change stream (docs/events.md, "Web app"): `GET /api/v1/events` read with
 * fetch, so the `x-access-token` header goes with it and no credential sits in a URL. Every
 * (re)connect reads the token afresh (the app renews it), and sends `Last-Event-ID` once an id
 * was seen. A broken or refused stream is tried again after a growing, jittered delay; a stream
 * that stays silent past two heartbeats is taken as broken.
 *
 * State: `connecting` while a connection is being made after a clean end or at the start, `live`
 * while the stream answers, `down` after a failure until the next attempt gets through.
 */
export type TLiveState = 'live' | 'connecting' | 'down';

export type TStreamEvent =
  | { name: 'nodes'; data: TNodesEvent }
  | { name: 'alarm'; data: TAlarmStreamEvent }
  | { name: 'dashboard'; data: TDashboardEvent }
  | { name: 'mail'; data: TMailEvent }
  | { name: 'reload'; data: TReloadEvent | { reason: 'missed' } }
  | { name: 'end'; data: TEndEvent };

const SCHEMAS = {
  nodes: zNodesEvent,
  alarm: zAlarmStreamEvent,
  dashboard: zDashboardEvent,
  mail: zMailEvent,
  reload: zReloadEvent,
  end: zEndEvent,
} as const;

/** The longest wait between attempts. */
export const STREAM_MAX_BACKOFF_MS = 30_000;
/** No byte for this long (two heartbeats and a half) and the stream is taken as broken. */
export const STREAM_SILENCE_MS = Math.round(STREAM_HEARTBEAT_MS * 2.5);
/**
 * A stream counts as working (the back-off starts again from the shortest) once it has stayed
 * open this long: a proxy that answers and cuts at once, or a server that drops a lagging client
 * after its replay, must not bring the tab back every few seconds.
 */
export const STREAM_STABLE_MS = STREAM_HEARTBEAT_MS;

export interface TTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface TEventStreamOptions {
  url: string;
  getToken: () => string | null;
  fetchFn: typeof fetch;
  onEvent: (event: TStreamEvent) => void;
  onState?: (state: TLiveState) => void;
  /**
   * The server refused the token (401) and no newer token is stored: the session is over (the app
   * signs out, as on any 401). Attempts go on with back-off until the caller stops the stream.
   */
  onUnauthorized?: () => void;
  timers?: TTimers;
  /** 0 <= x < 1, for the jitter; Math.random by default. */
  random?: () => number;
}

export interface TEventStream {
  start(): void;
  stop(): void;
  readonly state: TLiveState;
  readonly lastEventId: string;
}

/**
 * The wait before attempt `failures` (1 after the first failure): the server's `retry:` doubled per
 * failure, capped, with up to a quarter taken off at random so that many tabs do not return at once.
 */
export function backoffMs(failures: number, retryMs: number, random: () => number): number {
  const base = Math.min(STREAM_MAX_BACKOFF_MS, retryMs * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (1 - 0.25 * random()));
}

const defaultTimers: TTimers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createEventStream(options: TEventStreamOptions): TEventStream {
  const timers = options.timers ?? defaultTimers;
  const random = options.random ?? Math.random;
  let state: TLiveState = 'connecting';
  let running = false;
  let lastEventId = '';
  let retryMs = STREAM_RETRY_MS;
  let failures = 0;
  let wasDown = false;
  let controller: AbortController | null = null;
  let retryTimer: unknown = null;
  let silenceTimer: unknown = null;
  let stableTimer: unknown = null;
  // Bumped on every attempt and on stop: a late answer of an earlier attempt changes nothing.
  let attempt = 0;

  function setState(next: TLiveState): void {
    if (next === state) return;
    state = next;
    options.onState?.(next);
  }

  function clearSilence(): void {
    if (silenceTimer !== null) timers.clearTimeout(silenceTimer);
    silenceTimer = null;
    if (stableTimer !== null) timers.clearTimeout(stableTimer);
    stableTimer = null;
  }

  function armSilence(current: number): void {
    clearSilence();
    silenceTimer = timers.setTimeout(() => {
      if (current !== attempt) return;
      controller?.abort();
    }, STREAM_SILENCE_MS);
  }

  function schedule(delayMs: number): void {
    if (!running) return;
    if (retryTimer !== null) timers.clearTimeout(retryTimer);
    retryTimer = timers.setTimeout(() => {
      retryTimer = null;
      void connect();
    }, delayMs);
  }

  /** The attempt failed (refused, network error, broken stream): down, and again after a back-off. */
  function failed(current: number): void {
    if (current !== attempt || !running) return;
    clearSilence();
    failures += 1;
    wasDown = true;
    setState('down');
    schedule(backoffMs(failures, retryMs, random));
  }

  /** `ended`: the server ended the stream; `tooMany`: because the user opened more streams than it keeps. */
  function deliver(name: string, text: string): { ended: boolean; tooMany?: boolean } {
    if (!(name in SCHEMAS)) return { ended: false };
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { ended: false };
    }
    const parsed = SCHEMAS[name as keyof typeof SCHEMAS].safeParse(json);
    if (!parsed.success) {
      console.warn(`event stream: unexpected ${name}`, parsed.error.issues);
      return { ended: false };
    }
    options.onEvent({ name, data: parsed.data } as TStreamEvent);
    if (name !== 'end') return { ended: false };
    return { ended: true, tooMany: (parsed.data as { reason: string }).reason === 'tooManyStreams' };
  }

  async function connect(): Promise<void> {
    if (!running) return;
    attempt += 1;
    const current = attempt;
    const token = options.getToken();
    if (!token) {
      // Signed out (or not yet in): nothing to open; the shell sends the user to /login.
      failed(current);
      return;
    }
    if (state !== 'down') setState('connecting');
    controller = new AbortController();
    const headers: Record<string, string> = { accept: 'text/event-stream', 'x-access-token': token };
    if (lastEventId) headers['last-event-id'] = lastEventId;
    // A server that never answers counts as broken as one that stops talking.
    armSilence(current);
    let response: Response;
    try {
      response = await options.fetchFn(options.url, { method: 'GET', headers, signal: controller.signal, cache: 'no-store' });
    } catch {
      failed(current);
      return;
    }
    if (current !== attempt) return;
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !response.body || !type.includes('text/event-stream')) {
      void response.body?.cancel().catch(() => undefined);
      failed(current);
      if (response.status === 401 && options.getToken() === token) options.onUnauthorized?.();
      return;
    }
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let ended = false;
    let tooMany = false;
    const parser = createSseParser(
      {
        onActivity: () => armSilence(current),
        onRetry: (ms) => {
          retryMs = Math.max(500, Math.min(ms, STREAM_MAX_BACKOFF_MS));
        },
        onId: (id) => {
          if (current === attempt) lastEventId = id;
        },
        onMessage: (message) => {
          if (current !== attempt) return;
          const delivered = deliver(message.event, message.data);
          if (delivered.ended) ended = true;
          if (delivered.tooMany) tooMany = true;
        },
      },
      lastEventId,
    );
    armSilence(current);
    stableTimer = timers.setTimeout(() => {
      stableTimer = null;
      if (current === attempt) failures = 0;
    }, STREAM_STABLE_MS);
    setState('live');
    // Down (or never connected) without an id to resume from: what changed meanwhile is unknown.
    if (wasDown && !lastEventId) options.onEvent({ name: 'reload', data: { reason: 'missed' } });
    wasDown = false;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (current !== attempt) return;
        if (done) break;
        parser.feed(decoder.decode(value, { stream: true }));
        if (ended) {
          void reader.cancel().catch(() => undefined);
          break;
        }
      }
    } catch {
      failed(current);
      return;
    }
    if (current !== attempt || !running) return;
    clearSilence();
    // Ended as this user's oldest stream: again at once would end another tab's, which would come
    // back at once too; after a back-off the tabs settle.
    if (ended && !tooMany) {
      // The server ended the stream (the token ended or the server stops): again at once with the
      // current token; a refused token then counts as a failure.
      setState('connecting');
      schedule(0);
      return;
    }
    // The server closed without `end`: a cut connection.
    failed(current);
  }

  return {
    start() {
      if (running) return;
      running = true;
      void connect();
    },
    stop() {
      running = false;
      attempt += 1;
      clearSilence();
      if (retryTimer !== null) timers.clearTimeout(retryTimer);
      retryTimer = null;
      controller?.abort();
      controller = null;
    },
    get state() {
      return state;
    },
    get lastEventId() {
      return lastEventId;
    },
  };
}
