import { afterEach, describe, expect, it, vi } from 'vitest';
import { STREAM_RETRY_MS } from '@aquasmart/domain';
import { backoffMs, createEventStream, STREAM_MAX_BACKOFF_MS, STREAM_SILENCE_MS, STREAM_STABLE_MS, type TLiveState, type TStreamEvent, type TTimers } from './event-stream';

/** A stream body the test writes to, as a server would, and can cut. */
function fakeBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    body,
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    close: () => controller.close(),
    error: () => controller.error(new TypeError('network error')),
  };
}

type TBody = ReturnType<typeof fakeBody>;

function streamResponse(body: TBody, status = 200, type = 'text/event-stream') {
  return { ok: status >= 200 && status < 300, status, headers: new Headers({ 'content-type': type }), body: body.body } as unknown as Response;
}

/** Timers the test runs by hand: `due()` lists what waits, `fire()` runs the earliest. */
function manualTimers() {
  let next = 1;
  const pending = new Map<number, { fn: () => void; ms: number }>();
  const timers: TTimers = {
    setTimeout: (fn, ms) => {
      const id = next++;
      pending.set(id, { fn, ms });
      return id;
    },
    clearTimeout: (id) => void pending.delete(id as number),
  };
  return {
    timers,
    delays: () => [...pending.values()].map((entry) => entry.ms).sort((a, b) => a - b),
    /** Runs the waiting timer of exactly this delay. */
    fire(ms: number) {
      const entry = [...pending.entries()].find(([, value]) => value.ms === ms);
      if (!entry) throw new Error(`no timer of ${ms} ms; waiting: ${[...pending.values()].map((value) => value.ms).join(', ')}`);
      pending.delete(entry[0]);
      entry[1].fn();
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 5));

interface TCall {
  url: string;
  headers: Record<string, string>;
  signal: AbortSignal;
}

function setup(answers: ((call: TCall) => Response | Promise<Response>)[], token: () => string | null = () => 'tok-1', onUnauthorized?: () => void) {
  const calls: TCall[] = [];
  const events: TStreamEvent[] = [];
  const states: TLiveState[] = [];
  const clock = manualTimers();
  const fetchFn = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const call = { url: String(url), headers: init?.headers as Record<string, string>, signal: init?.signal as AbortSignal };
    calls.push(call);
    const answer = answers.shift();
    if (!answer) throw new TypeError('Failed to fetch');
    return answer(call);
  });
  const stream = createEventStream({
    url: '/api/v1/events',
    getToken: token,
    fetchFn: fetchFn,
    onEvent: (event) => events.push(event),
    onState: (state) => states.push(state),
    onUnauthorized,
    timers: clock.timers,
    random: () => 0,
  });
  return { stream, calls, events, states, clock };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('backoffMs', () => {
  it.each([
    [1, 0, STREAM_RETRY_MS],
    [2, 0, STREAM_RETRY_MS * 2],
    [3, 0, STREAM_RETRY_MS * 4],
    [4, 0, STREAM_RETRY_MS * 8],
    [5, 0, STREAM_MAX_BACKOFF_MS],
    [50, 0, STREAM_MAX_BACKOFF_MS],
    [1, 0.999999, Math.round(STREAM_RETRY_MS * 0.75)],
  ])('failure %i with jitter %d waits %i ms', (failures, random, expected) => {
    expect(backoffMs(failures, STREAM_RETRY_MS, () => random)).toBe(expected);
  });
});

describe('the event stream client', () => {
  it('sends the token as a header, goes live and delivers parsed events', async () => {
    const body = fakeBody();
    const { stream, calls, events, states } = setup([() => streamResponse(body)]);
    stream.start();
    await flush();
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/v1/events');
    expect(calls[0].headers).toEqual({ accept: 'text/event-stream', 'x-access-token': 'tok-1' });
    expect(stream.state).toBe('live');
    body.write('retry: 3000\n\n: hb\n\nevent: nodes\nid: a.1\ndata: {"nodes":[{"eui":"E1","parts":["sync"]}]}\n\n');
    body.write('event: alarm\nid: a.2\ndata: {"id":4,"change":"opened","kind":"waterDetection","eui":"E1"}\n\n');
    await flush();
    expect(events).toEqual([
      { name: 'nodes', data: { nodes: [{ eui: 'E1', parts: ['sync'] }] } },
      { name: 'alarm', data: { id: 4, change: 'opened', kind: 'waterDetection', eui: 'E1' } },
    ]);
    expect(stream.lastEventId).toBe('a.2');
    expect(states).toEqual(['live']);
    stream.stop();
  });

  it('skips unknown events, bad JSON and payloads that do not fit the schema', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const body = fakeBody();
    const { stream, events } = setup([() => streamResponse(body)]);
    stream.start();
    await flush();
    body.write('event: other\ndata: {}\n\nevent: nodes\ndata: {not json\n\nevent: alarm\ndata: {"id":"x"}\n\nevent: dashboard\ndata: {"at":"2026-11-27T07:00:00Z"}\n\n');
    await flush();
    expect(events).toEqual([{ name: 'dashboard', data: { at: '2026-11-27T07:00:00Z' } }]);
    stream.stop();
  });

  it('reconnects after a cut with Last-Event-ID and the current token, after the back-off, down meanwhile', async () => {
    const first = fakeBody();
    const second = fakeBody();
    let token = 'tok-1';
    const { stream, calls, states, clock } = setup([() => streamResponse(first), () => streamResponse(second)], () => token);
    stream.start();
    await flush();
    first.write('event: dashboard\nid: a.6\ndata: {"at":"x"}\n\n: 1700000000\n\nid: a.7\n\nid: a.8\n');
    await flush();
    expect(stream.lastEventId).toBe('a.7');
    token = 'tok-2';
    first.error();
    await flush();
    expect(stream.state).toBe('down');
    expect(clock.delays()).toContain(STREAM_RETRY_MS);
    clock.fire(STREAM_RETRY_MS);
    await flush();
    expect(calls[1].headers).toEqual({ accept: 'text/event-stream', 'x-access-token': 'tok-2', 'last-event-id': 'a.7' });
    expect(stream.state).toBe('live');
    expect(states).toEqual(['live', 'down', 'live']);
    stream.stop();
  });

  it('backs off longer after each failed attempt, and starts again from the shortest once live', async () => {
    const body = fakeBody();
    const { stream, calls, clock } = setup([
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => new Response('{}', { status: 502, headers: { 'content-type': 'application/json' } }),
      () => streamResponse(fakeBody(), 200, 'text/html'),
      () => streamResponse(body),
    ]);
    stream.start();
    await flush();
    expect(stream.state).toBe('down');
    clock.fire(STREAM_RETRY_MS);
    await flush();
    clock.fire(STREAM_RETRY_MS * 2);
    await flush();
    clock.fire(STREAM_RETRY_MS * 4);
    await flush();
    expect(calls).toHaveLength(4);
    expect(stream.state).toBe('live');
    clock.fire(STREAM_STABLE_MS);
    body.close();
    await flush();
    expect(stream.state).toBe('down');
    expect(clock.delays()).toContain(STREAM_RETRY_MS);
    stream.stop();
  });

  it('a server that answers and cuts at once (a proxy, a lagging client dropped after its replay): the back-off still grows', async () => {
    const bodies = [fakeBody(), fakeBody(), fakeBody()];
    const { stream, calls, clock } = setup(bodies.map((body) => () => streamResponse(body)));
    stream.start();
    for (const [index, body] of bodies.entries()) {
      await flush();
      expect(stream.state).toBe('live');
      body.write('retry: 1500\n\nid: a.1\n\n');
      await flush();
      body.close();
      await flush();
      expect(stream.state).toBe('down');
      expect(clock.delays()).toContain(1500 * 2 ** index);
      if (index < bodies.length - 1) clock.fire(1500 * 2 ** index);
    }
    expect(calls).toHaveLength(3);
    stream.stop();
  });

  it('follows the retry the server announces', async () => {
    const body = fakeBody();
    const { stream, clock } = setup([() => streamResponse(body)]);
    stream.start();
    await flush();
    body.write('retry: 1000\n\n');
    await flush();
    body.close();
    await flush();
    expect(clock.delays()).toContain(1000);
    stream.stop();
  });

  it('after `end` connects again at once, connecting meanwhile', async () => {
    const first = fakeBody();
    const second = fakeBody();
    const { stream, calls, events, states, clock } = setup([() => streamResponse(first), () => streamResponse(second)]);
    stream.start();
    await flush();
    first.write('event: end\nid: a.3\ndata: {"reason":"tokenEnded"}\n\n');
    await flush();
    expect(events).toEqual([{ name: 'end', data: { reason: 'tokenEnded' } }]);
    expect(stream.state).toBe('connecting');
    clock.fire(0);
    await flush();
    expect(calls[1].headers['last-event-id']).toBe('a.3');
    expect(states).toEqual(['live', 'connecting', 'live']);
    stream.stop();
  });

  it('after `end {tooManyStreams}` (this user\'s oldest stream) connects again only after a back-off, down meanwhile', async () => {
    const first = fakeBody();
    const { stream, calls, states, clock } = setup([() => streamResponse(first), () => streamResponse(fakeBody())]);
    stream.start();
    await flush();
    first.write('event: end\ndata: {"reason":"tooManyStreams"}\n\n');
    await flush();
    expect(stream.state).toBe('down');
    expect(states).toEqual(['live', 'down']);
    expect(calls).toHaveLength(1);
    expect(clock.delays().filter((ms) => ms >= 2000)).not.toHaveLength(0);
    stream.stop();
  });

  it('takes a stream silent past two heartbeats as broken', async () => {
    const body = fakeBody();
    const { stream, calls, clock } = setup([(call) => {
      call.signal.addEventListener('abort', () => body.error());
      return streamResponse(body);
    }]);
    stream.start();
    await flush();
    expect(stream.state).toBe('live');
    clock.fire(STREAM_SILENCE_MS);
    await flush();
    expect(stream.state).toBe('down');
    expect(calls).toHaveLength(1);
    stream.stop();
  });

  it('tells to reload when it comes back after being down without an id to resume from', async () => {
    const body = fakeBody();
    const { stream, events, clock } = setup([
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => streamResponse(body),
    ]);
    stream.start();
    await flush();
    clock.fire(STREAM_RETRY_MS);
    await flush();
    expect(events).toEqual([{ name: 'reload', data: { reason: 'missed' } }]);
    stream.stop();
  });

  it('without a token it does not call the server and stays down', async () => {
    const { stream, calls, clock } = setup([], () => null);
    stream.start();
    await flush();
    expect(calls).toHaveLength(0);
    expect(stream.state).toBe('down');
    expect(clock.delays()).toEqual([STREAM_RETRY_MS]);
    stream.stop();
    expect(clock.delays()).toEqual([]);
  });

  it('stop aborts the open request and schedules nothing more', async () => {
    const body = fakeBody();
    let signal: AbortSignal | null = null;
    const { stream, clock, states } = setup([(call) => {
      signal = call.signal;
      call.signal.addEventListener('abort', () => body.error());
      return streamResponse(body);
    }]);
    stream.start();
    await flush();
    stream.stop();
    await flush();
    expect((signal as AbortSignal | null)?.aborted).toBe(true);
    expect(clock.delays()).toEqual([]);
    expect(states).toEqual(['live']);
  });

  it.each([
    ['the same token', false, 1],
    ['a token renewed meanwhile', true, 0],
  ])('a 401 with %s ends the session %i times', async (_name, renew, expected) => {
    let token = 'tok-1';
    const ended = vi.fn();
    const { stream } = setup(
      [
        () => {
          if (renew) token = 'tok-2';
          return new Response('{}', { status: 401, headers: { 'content-type': 'application/json' } });
        },
      ],
      () => token,
      ended,
    );
    stream.start();
    await flush();
    expect(stream.state).toBe('down');
    expect(ended).toHaveBeenCalledTimes(expected);
    stream.stop();
  });
});
