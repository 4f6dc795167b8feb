import { Writable } from 'node:stream';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { TDb } from '../../db/database';
import type { TNodeChange } from '../../lib/change-feed';
import { EventHub, MAX_NODES_PER_WINDOW, NODES_PER_EVENT } from './event-hub';
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

function streamOn(target: EventHub, reads: boolean, lastEventId: string | null = null, gone = false) {
  const response = new StalledResponse(reads);
  if (gone) response.destroy();
  const stream = new EventStream(target, response as unknown as ServerResponse, {} as TDb, 'token', ADMIN, new Date(Date.now() + 3_600_000), log);
  stream.open(lastEventId);
  return { response, stream };
}

const nodes = (from: number, count: number, euiLength = 16): TNodeChange[] =>
  Array.from({ length: count }, (_, index) => ({ e: String(from + index).padStart(euiLength, '0'), c: 1, p: ['reading'] }));
const tick = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));

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
