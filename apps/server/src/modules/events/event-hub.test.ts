import http, { type ServerResponse } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { TDb } from '../../db/database';
import type { TNodeChange } from '../../lib/change-feed';
import { EventHub, HUB_OPTIONS, MAX_NODES_PER_WINDOW, NODES_PER_EVENT } from './event-hub';
import { EventStream } from './event-stream';
import type { TViewer } from './stream-viewer';

/**
 * The hub and one stream without a database or a socket: a response whose bytes are never taken
 * (a client that does not read). Over loopback TCP the kernel buffers take tens of megabytes before
 * Node sees back-pressure, so the bound is proven here, on the response the stream writes to.
 */
class StalledResponse extends Writable {
  headers: Record<string, string> | null = null;
  readonly socket = null;
  constructor(private readonly reads: boolean) {
    super({ highWaterMark: 16 * 1024 });
  }
  writeHead(_status: number, headers: Record<string, string>) {
    this.headers = headers;
    return this;
  }
  text = '';
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    if (!this.reads) return; // never done: every later write waits in writableLength
    this.text += chunk.toString();
    done();
  }
}

const ADMIN: TViewer = { userId: 1, administrator: true, scope: null, alarms: true, dashboard: true, mail: true, key: 'administrator' };
const log = { info: () => undefined, warn: () => undefined };
const hubs: EventHub[] = [];

function hub(options: ConstructorParameters<typeof EventHub>[0] = {}): EventHub {
  const created = new EventHub({ heartbeatMs: 3_600_000, nodeWindowMs: 5, ...options });
  hubs.push(created);
  return created;
}

/**
 * A database that counts what is asked of it and answers every query with no rows (so a token
 * check finds no token): an idle stream must not ask it anything.
 */
function countingDb(): { db: TDb; asked: { count: number } } {
  const asked = { count: 0 };
  const chain: object = new Proxy(() => undefined, {
    get: (_target, property) => (property === 'then' ? (resolve: (rows: unknown[]) => void) => resolve([]) : chain),
    apply: () => chain,
  });
  const db = new Proxy({}, { get: () => (asked.count++, chain) }) as TDb;
  return { db, asked };
}

function streamOn(target: EventHub, reads: boolean, lastEventId: string | null = null, gone = false, viewer: TViewer = ADMIN, db: TDb = {} as TDb, userReadAt?: number) {
  const response = new StalledResponse(reads);
  if (gone) response.destroy();
  const stream = new EventStream(target, response as unknown as ServerResponse, db, 'token', viewer, new Date(Date.now() + 3_600_000), log);
  stream.open(lastEventId, userReadAt);
  return { response, stream };
}

const nodes = (from: number, count: number, euiLength = 16): TNodeChange[] =>
  Array.from({ length: count }, (_, index) => ({ e: String(from + index).padStart(euiLength, '0'), c: 1, p: ['reading'] }));
const tick = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));
async function waitFor(condition: () => boolean, timeoutMs = 2_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await tick(5);
  }
}

afterEach(() => {
  for (const created of hubs.splice(0)) created.close();
});

describe('EventHub: a client that does not read', () => {
  it('is dropped once more than the bound waits, holding at most the bound plus one write; a reading client goes on', async () => {
    const target = hub({ maxQueuedBytes: 64 * 1024 });
    const slow = streamOn(target, false);
    const reader = streamOn(target, true);
    let largest = 0;
    for (let round = 0; round < 100 && !slow.response.destroyed; round++) {
      target.onChange({ t: 'n', x: nodes(round * 100, 100, 40) });
      await tick();
      largest = Math.max(largest, slow.response.writableLength);
    }
    expect(slow.response.destroyed).toBe(true);
    expect(target.streamCount).toBe(1);
    // 100 nodes of 40-character EUIs per window: about 7 kB per write.
    expect(largest).toBeLessThan(64 * 1024 + 16 * 1024);
    expect(reader.response.destroyed).toBe(false);
    expect(reader.response.text.split('event: nodes').length - 1).toBeGreaterThan(8);
  });
});

describe('EventHub: a client that does not read, over a real socket (the kernel holds bytes too)', () => {
  it('is dropped drainTimeoutMs after a write its socket did not take, though nothing more is written', async () => {
    const target = hub({ maxQueuedBytes: 64 * 1024 * 1024, drainTimeoutMs: 300 });
    let response: ServerResponse | null = null;
    const server = http.createServer((_request, raw) => {
      response = raw;
      new EventStream(target, raw, {} as TDb, 'token', ADMIN, new Date(Date.now() + 3_600_000), log).open(null);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = net.connect((server.address() as AddressInfo).port, '127.0.0.1');
    try {
      client.write('GET /events HTTP/1.1\r\nhost: x\r\n\r\n');
      client.pause(); // never reads: the server's send buffer and this receive buffer fill up
      await waitFor(() => target.streamCount === 1);
      // Changes until the socket takes no more (the kernel's buffers are full), then none at all.
      let round = 0;
      while (!response!.writableNeedDrain && round < 5_000) {
        target.onChange({ t: 'n', x: nodes(round * 100, 100, 40) });
        await tick(1);
        round++;
      }
      expect(response!.writableNeedDrain).toBe(true);
      const full = Date.now();
      const held = response!.socket!.bytesWritten;
      await waitFor(() => target.streamCount === 0, 3_000);
      const droppedAfter = Date.now() - full;
      expect(droppedAfter).toBeLessThan(1_500);
      expect(response!.socket?.destroyed ?? true).toBe(true);
      // What a stalled client held before it was dropped: the kernel's buffers, for the report.
      console.info(`non-reading client: dropped ${droppedAfter} ms after its socket was full, ${(held / 1e6).toFixed(1)} MB handed to the kernel unread`);
    } finally {
      client.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('a client that drains in time is kept', async () => {
    const target = hub({ drainTimeoutMs: 200 });
    const slowThenReading = new StalledResponse(false);
    const stream = new EventStream(target, slowThenReading as unknown as ServerResponse, {} as TDb, 'token', ADMIN, new Date(Date.now() + 3_600_000), log);
    stream.open(null);
    target.onChange({ t: 'n', x: nodes(0, 400, 40) }); // past the 16 kB high-water mark: the write is not taken
    await tick();
    expect(slowThenReading.writableNeedDrain).toBe(true);
    slowThenReading.emit('drain');
    await tick(300);
    expect(target.streamCount).toBe(1);
  });
});

describe('EventHub: streams per user', () => {
  it('one more than maxStreamsPerUser ends that user’s oldest with end {tooManyStreams}; other users keep theirs', () => {
    const target = hub({ maxStreamsPerUser: 3 });
    const other = streamOn(target, true, null, false, { ...ADMIN, userId: 2 });
    const own = [0, 1, 2, 3].map(() => streamOn(target, true));
    expect(own[0].response.text).toContain('event: end\ndata: {"reason":"tooManyStreams"}');
    expect(own[0].response.writableEnded).toBe(true);
    expect(own.slice(1).map((one) => one.response.writableEnded)).toEqual([false, false, false]);
    expect(target.streamsOf(1)).toBe(3);
    expect(target.streamCount).toBe(4);
    expect(other.response.writableEnded).toBe(false);
    streamOn(target, true);
    expect(own[1].response.writableEnded).toBe(true);
    expect(target.streamsOf(1)).toBe(3);
  });

  it(`the default is ${HUB_OPTIONS.maxStreamsPerUser}`, () => {
    const target = hub();
    const own = Array.from({ length: HUB_OPTIONS.maxStreamsPerUser + 1 }, () => streamOn(target, true));
    expect(target.streamsOf(1)).toBe(HUB_OPTIONS.maxStreamsPerUser);
    expect(own.map((one) => one.response.writableEnded).filter(Boolean)).toHaveLength(1);
  });
});

describe('EventHub: an idle stream asks the database nothing', () => {
  it('20 streams over 10 heartbeats: no query; a change of the user announced: its streams check, and end when the token is gone', async () => {
    const target = hub({ heartbeatMs: 20 });
    const { db, asked } = countingDb();
    const streams = Array.from({ length: 20 }, (_, index) => streamOn(target, true, null, false, { ...ADMIN, userId: 1 + (index % 4) }, db));
    await tick(220);
    // Heartbeats went out (timers run late on a loaded machine: at least 3 of the 10).
    expect(Math.min(...streams.map((one) => (one.response.text.match(/^: \d+$/gm) ?? []).length))).toBeGreaterThanOrEqual(3);
    expect(asked.count).toBe(0);
    target.onChange({ t: 'u', x: [2] });
    await waitFor(() => target.streamsOf(2) === 0);
    expect(asked.count).toBeGreaterThan(0);
    expect(target.streamCount).toBe(15);
    expect(streams[1].response.text).toContain('event: end\ndata: {"reason":"tokenEnded"}');
  });

  it('a stream opened from a user read before an announced change of that user checks at once; one read after does not', async () => {
    const target = hub();
    const { db, asked } = countingDb();
    const readBefore = Date.now() - 5;
    target.onChange({ t: 'u', x: [1] });
    streamOn(target, true, null, false, { ...ADMIN, userId: 3 }, db, readBefore);
    await tick();
    expect(asked.count).toBe(0);
    streamOn(target, true, null, false, ADMIN, db, Date.now() + 1);
    await tick();
    expect(asked.count).toBe(0);
    const stale = streamOn(target, true, null, false, ADMIN, db, readBefore);
    await waitFor(() => stale.response.writableEnded);
    expect(asked.count).toBeGreaterThan(0);
  });

  it('announcements missed (the LISTEN connection was lost): every stream checks its token', async () => {
    const target = hub();
    const { db } = countingDb();
    const { response } = streamOn(target, true, null, false, ADMIN, db);
    target.onGap();
    await waitFor(() => response.writableEnded);
    expect(response.text).toContain('event: end\ndata: {"reason":"tokenEnded"}');
  });
});

describe('EventHub: a client that is gone', () => {
  it('before the stream opens (it left while its token was looked up): never joins the hub', () => {
    const target = hub();
    streamOn(target, true, null, true);
    expect(target.streamCount).toBe(0);
  });

  it('after it opened without a close event reaching the stream: the next write leaves the hub', async () => {
    const target = hub();
    const { response } = streamOn(target, true);
    expect(target.streamCount).toBe(1);
    response.removeAllListeners('close');
    response.destroy();
    target.onChange({ t: 'n', x: nodes(0, 1) });
    await tick();
    expect(target.streamCount).toBe(0);
  });
});

describe('EventHub: windows, ids and resume', () => {
  it('merges a node’s changes of one window into one item with every part', async () => {
    const target = hub({ nodeWindowMs: 30 });
    const { response } = streamOn(target, true);
    target.onChange({ t: 'n', x: [{ e: 'A', c: 1, p: ['reading'] }] });
    target.onChange({ t: 'n', x: [{ e: 'A', c: 1, p: ['battery', 'reading'] }, { e: 'B', c: 2, p: ['sync'] }] });
    await tick(80);
    const events = response.text.split('\n').filter((line) => line.startsWith('data: '));
    expect(events.map((line) => JSON.parse(line.slice(6)) as unknown)).toEqual([
      {
        nodes: [
          { eui: 'A', parts: ['reading', 'battery'] },
          { eui: 'B', parts: ['sync'] },
        ],
      },
    ]);
  });

  it(`splits a large window into events of at most ${NODES_PER_EVENT} nodes; the id only on the last`, async () => {
    const target = hub();
    const { response } = streamOn(target, true);
    target.onChange({ t: 'n', x: nodes(0, NODES_PER_EVENT * 2 + 1) });
    await tick();
    const blocks = response.text.split('\n\n').filter((block) => block.includes('event: nodes'));
    expect(blocks).toHaveLength(3);
    expect(blocks.map((block) => block.includes('\nid: '))).toEqual([false, false, true]);
  });

  it('makes every stream reload when one window holds more nodes than it lists', async () => {
    const target = hub();
    const { response } = streamOn(target, true);
    target.onChange({ t: 'n', x: nodes(0, MAX_NODES_PER_WINDOW + 1) });
    await tick();
    expect(response.text).toContain('event: reload\ndata: {"reason":"dropped"}');
    expect(response.text).not.toContain('event: nodes');
  });

  it.each([
    ['an id of another copy', () => 'ffffffffffff.1'],
    ['garbage', () => 'x'],
    ['an id ahead of this copy', (target: EventHub) => `${target.copyId}.99`],
  ])('answers reload for %s', (_name, id) => {
    const target = hub();
    expect(target.changesAfter(id(target))).toBeNull();
  });

  it('keeps at most bufferEntries changes: an id before them is not resumable', async () => {
    const target = hub({ bufferEntries: 3 });
    for (let index = 0; index < 5; index++) target.onChange({ t: 'm', x: [{ i: index, s: 'pending' }] });
    expect(target.bufferedEntries).toBe(3);
    expect(target.changesAfter(`${target.copyId}.1`)).toBeNull();
    expect(target.changesAfter(`${target.copyId}.2`)?.map((entry) => entry.seq)).toEqual([3, 4, 5]);
    expect(target.changesAfter(`${target.copyId}.5`)).toEqual([]);
  });

  it('keeps no change older than bufferAgeMs', async () => {
    const target = hub({ bufferAgeMs: 30 });
    target.onChange({ t: 'm', x: [{ i: 1, s: 'pending' }] });
    await tick(60);
    expect(target.changesAfter(`${target.copyId}.0`)).toBeNull();
    expect(target.changesAfter(`${target.copyId}.1`)).toEqual([]);
  });

  it('a lost LISTEN connection: reload {dropped} to every stream, nothing before it resumable', () => {
    const target = hub();
    const { response } = streamOn(target, true);
    target.onChange({ t: 'm', x: [{ i: 1, s: 'pending' }] });
    target.onGap();
    expect(response.text).toContain('event: reload\ndata: {"reason":"dropped"}');
    expect(target.changesAfter(`${target.copyId}.1`)).toBeNull();
  });

  it('shutdown: end {shutdown} to every stream, no new stream accepted', () => {
    const target = hub();
    const { response } = streamOn(target, true);
    target.close();
    expect(response.text).toContain('event: end\ndata: {"reason":"shutdown"}');
    expect(response.writableEnded).toBe(true);
    expect(target.closed).toBe(true);
    expect(() => streamOn(target, true)).toThrow('closed');
  });
});
