import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../test/test-app';
import { listenLocally, SseClient } from '../test/sse-client';
import { COMPRESS_MIN_BYTES } from './compress-json';

const ctx = useTestContext({ reset: 'never', events: { heartbeatMs: 200 } });
let token: string;

/** A connector's catalogue: static JSON of several kB, the same on every database. */
const BIG = '/api/v1/connectors/aquasmart-v2/1';
/** An API error: a JSON answer under the threshold. */
const SMALL = '/api/v1/connectors/aquasmart-v9/1';

beforeAll(async () => {
  ({ reader: token } = await ctx.signedInUsers({ reader: { rights: { dashboard: true } } }));
});

async function get(url: string, acceptEncoding?: string) {
  return ctx.app.inject({
    method: 'GET',
    url,
    headers: { 'x-access-token': token, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) },
  });
}

function decoded(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

describe('compressed JSON answers', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['*', 'br'],
    [undefined, undefined],
    ['identity', undefined],
    ['br;q=0, gzip;q=0', undefined],
  ])('Accept-Encoding %s -> %s, and the body decodes to the plain answer', async (accept, expected) => {
    const plain = await get(BIG);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);

    const response = await get(BIG, accept);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(expected);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    if (expected) expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(decoded(expected, response.rawPayload)).toBe(plain.rawPayload.toString('utf8'));
  });

  it('leaves an answer under the threshold as it is', async () => {
    const response = await get(SMALL, 'gzip, br');
    expect(response.statusCode).toBe(404);
    expect(response.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ statusCode: 404 });
  });

  it('sends the event stream uncompressed, event by event', async () => {
    const base = await listenLocally(ctx.app);
    const stream = new SseClient(`${base}/api/v1/events`, { 'x-access-token': token, 'accept-encoding': 'gzip, br' });
    try {
      await stream.opened();
      expect(stream.status).toBe(200);
      expect(stream.headers['content-encoding']).toBeUndefined();
      expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
      // Heartbeats arrive as text while the stream stays open: nothing holds them back to compress.
      await stream.until(() => stream.comments.length >= 2, 5000, 'two heartbeats');
      expect(stream.ended).toBe(false);
    } finally {
      stream.close();
    }
  });
});
