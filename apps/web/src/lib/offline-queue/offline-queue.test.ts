import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../http/http-error';
import { memoryStore } from './idb-store';
import { classifyFailure, keepSending, OfflineQueue, type TFailure } from './offline-queue';

const failing = (status: number, key = 'errors.x') => new HttpError(status, 'POST', '/api/v1/x', { statusCode: status, error: 'x', message: 'x', key, fields: status === 400 ? { celsius: key } : undefined });

describe('classifyFailure: tried again, or refused for good', () => {
  it.each<[string, unknown, TFailure]>([
    ['no connection (our client)', failing(0), 'retry'],
    ["no connection (fetch's TypeError)", new TypeError('Failed to fetch'), 'retry'],
    ['a time-out', new DOMException('timed out', 'TimeoutError'), 'retry'],
    ['500', failing(500), 'retry'],
    ['502 (a proxy without the server)', failing(502), 'retry'],
    ['503', failing(503), 'retry'],
    ['408', failing(408), 'retry'],
    ['429', failing(429), 'retry'],
    ['401: the session ended, the entry waits for the next sign-in', failing(401), 'retry'],
    ['400', failing(400), 'refused'],
    ['403', failing(403), 'refused'],
    ['404', failing(404), 'refused'],
    ['409', failing(409), 'refused'],
    ['413', failing(413), 'refused'],
    ['499, the last 4xx', failing(499), 'refused'],
  ])('%s: %s', (_name, error, expected) => {
    expect(classifyFailure(error)).toBe(expected);
  });
});

/** A server that stores an entry once by its id and answers a repeat with the first (docs/outlets.md, entryId). */
function fakeServer() {
  const stored = new Map<string, { payload: string; n: number }>();
  const plan: ('ok' | 'down' | 'lostAnswer' | 'refuse')[] = [];
  const send = vi.fn(async (payload: string, id: string) => {
    const step = plan.shift() ?? 'ok';
    if (step === 'down') throw failing(0);
    if (step === 'refuse') throw failing(400, 'validation.readingRequired');
    const first = stored.get(id) ?? { payload, n: stored.size + 1 };
    stored.set(id, first);
    if (step === 'lostAnswer') throw new TypeError('connection reset');
    return first;
  });
  return { stored, plan, send };
}

function setup(owner: string | null = 'jan@example.com') {
  const store = memoryStore<string>();
  const server = fakeServer();
  const sent: string[] = [];
  let clock = Date.parse('2026-11-29T10:00:00Z');
  const current = { owner };
  const queue = new OfflineQueue<string, { payload: string; n: number }>({
    store,
    send: server.send,
    owner: () => current.owner,
    onSent: (entry) => sent.push(entry.id),
    now: () => new Date((clock += 1000)),
  });
  return { store, server, sent, queue, current };
}

describe('OfflineQueue', () => {
  it('submit: sent at once keeps nothing; refused throws and keeps nothing; no connection keeps it waiting', async () => {
    const { queue, server, store } = setup();
    await expect(queue.submit('a', 'A')).resolves.toEqual({ sent: true, result: { payload: 'A', n: 1 } });
    server.plan.push('refuse');
    await expect(queue.submit('b', 'B')).rejects.toMatchObject({ status: 400, fields: { celsius: 'validation.readingRequired' } });
    server.plan.push('down');
    const kept = await queue.submit('c', 'C');
    expect(kept).toMatchObject({ sent: false, entry: { id: 'c', state: 'waiting', attempts: 1, owner: 'jan@example.com' } });
    expect([...store.entries.keys()]).toEqual(['c']);
  });

  it('flush: oldest first, each removed when sent and told; a failed connection stops the round and keeps the rest', async () => {
    const { queue, server, store, sent } = setup();
    server.plan.push('down', 'down', 'down');
    for (const id of ['1', '2', '3']) await queue.submit(id, `P${id}`);
    server.plan.push('ok', 'down');
    await queue.flush();
    expect(sent).toEqual(['1']);
    expect(server.send.mock.calls.slice(3).map(([, id]) => id)).toEqual(['1', '2']); // 3 not tried after 2 failed
    expect((await queue.entries()).map((entry) => [entry.id, entry.attempts])).toEqual([
      ['2', 2],
      ['3', 1],
    ]);
    await queue.flush();
    expect(sent).toEqual(['1', '2', '3']);
    expect(store.entries.size).toBe(0);
  });

  it('a refused entry is marked with the reason, not sent again, and the round goes on; discard forgets it', async () => {
    const { queue, server, sent } = setup();
    server.plan.push('down', 'down');
    await queue.submit('1', 'P1');
    await queue.submit('2', 'P2');
    server.plan.push('refuse', 'ok');
    await queue.flush();
    expect(sent).toEqual(['2']);
    const [refused] = await queue.entries();
    expect(refused).toMatchObject({ id: '1', state: 'refused', attempts: 2, refusal: { status: 400, key: 'validation.readingRequired', fields: { celsius: 'validation.readingRequired' } } });
    const calls = server.send.mock.calls.length;
    await queue.flush();
    expect(server.send.mock.calls.length).toBe(calls);
    await queue.discard('1');
    expect(await queue.entries()).toEqual([]);
  });

  it('an answer lost after the server stored the entry: sent again, stored once', async () => {
    const { queue, server, sent } = setup();
    server.plan.push('lostAnswer');
    expect((await queue.submit('x', 'X')).sent).toBe(false);
    await queue.flush();
    expect(sent).toEqual(['x']);
    expect(server.send).toHaveBeenCalledTimes(2);
    expect(server.stored.size).toBe(1);
  });

  it("sends only the signed-in user's entries, nothing without one; rounds at once share one", async () => {
    const { queue, server, current, sent } = setup();
    server.plan.push('down');
    await queue.submit('jans', 'J');
    current.owner = 'piet@example.com';
    server.plan.push('down');
    await queue.submit('piets', 'P');
    current.owner = null;
    await queue.flush();
    expect(server.send).toHaveBeenCalledTimes(2);
    current.owner = 'piet@example.com';
    await Promise.all([queue.flush(), queue.flush(), queue.flush()]);
    expect(sent).toEqual(['piets']);
    expect(server.send).toHaveBeenCalledTimes(3);
    expect((await queue.entries()).map((entry) => entry.id)).toEqual(['jans']);
  });

  it('tells its subscribers of every change', async () => {
    const { queue, server } = setup();
    const listener = vi.fn();
    const stop = queue.subscribe(listener);
    server.plan.push('down');
    await queue.submit('1', 'P1');
    await queue.flush();
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    await queue.discard('1');
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('keepSending', () => {
  it('flushes at once, on the online event and every interval, until stopped', () => {
    vi.useFakeTimers();
    try {
      const flush = vi.fn(() => Promise.resolve());
      const target = new EventTarget() as EventTarget & Pick<Window, 'setInterval' | 'clearInterval'>;
      target.setInterval = ((handler: () => void, ms: number) => setInterval(handler, ms)) as unknown as Window['setInterval'];
      target.clearInterval = (id: number) => clearInterval(id);
      const stop = keepSending({ flush }, target, 1000);
      expect(flush).toHaveBeenCalledTimes(1);
      target.dispatchEvent(new Event('online'));
      expect(flush).toHaveBeenCalledTimes(2);
      vi.advanceTimersByTime(2500);
      expect(flush).toHaveBeenCalledTimes(4);
      stop();
      target.dispatchEvent(new Event('online'));
      vi.advanceTimersByTime(5000);
      expect(flush).toHaveBeenCalledTimes(4);
    } finally {
      vi.useRealTimers();
    }
  });
});
