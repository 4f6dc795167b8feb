import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TTestContext } from '../test/test-app';
import { preferredEncoding } from './web-app';

/**
 * The web app as a CDN would serve it: the build's brotli and gzip copies for browsers that take
 * them, content-hashed assets cached for a year, every page (index.html) checked again on each visit.
 */
let ctx: TTestContext;
let webDist: string;
const INDEX = `<!doctype html><title>portal</title>${'<!-- padding -->'.repeat(50)}`;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;

/** A file of the build with the copies scripts/precompress.mjs writes (or none). */
function writeBuilt(relative: string, content: string, compressed = true) {
  const file = path.join(webDist, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  if (compressed) {
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content));
  }
}

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'aquasmart-web-'));
  writeBuilt('index.html', INDEX);
  writeBuilt('assets/index-abc123.js', SCRIPT);
  writeBuilt('assets/plain-def456.js', SCRIPT, false);
  writeBuilt('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', false);
  ctx = await createTestContext({ webDist });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

function decoded(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString();
  return body.toString();
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('serving the web app', () => {
  it.each([
    // url, Accept-Encoding, content-encoding sent, cache-control, the original content
    ['/assets/index-abc123.js', 'br, gzip', 'br', IMMUTABLE, SCRIPT],
    ['/assets/index-abc123.js', 'gzip, deflate, br, zstd', 'br', IMMUTABLE, SCRIPT],
    ['/assets/index-abc123.js', 'gzip', 'gzip', IMMUTABLE, SCRIPT],
    ['/assets/index-abc123.js', 'br;q=0, gzip', 'gzip', IMMUTABLE, SCRIPT],
    ['/assets/index-abc123.js', '', undefined, IMMUTABLE, SCRIPT],
    ['/assets/index-abc123.js', 'identity', undefined, IMMUTABLE, SCRIPT],
    // A file without compressed copies is sent as it is.
    ['/assets/plain-def456.js', 'br, gzip', undefined, IMMUTABLE, SCRIPT],
    // index.html and the pages of the app (history fallback): never kept without asking.
    ['/login', 'br, gzip', 'br', 'no-cache', INDEX],
    ['/login', 'gzip', 'gzip', 'no-cache', INDEX],
    ['/login', '', undefined, 'no-cache', INDEX],
    ['/', 'br, gzip', 'br', 'no-cache', INDEX],
    ['/customers?page=2', 'br, gzip', 'br', 'no-cache', INDEX],
    ['/index.html', 'br, gzip', 'br', 'no-cache', INDEX],
    ['/favicon.svg', 'br, gzip', undefined, 'no-cache', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
  ])('GET %s with Accept-Encoding "%s": %s, %s', async (url, acceptEncoding, encoding, cacheControl, content) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['cache-control']).toBe(cacheControl);
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(url.endsWith('.js') ? /javascript/ : url.endsWith('.svg') ? /svg/ : /text\/html/);
    expect(decoded(response.rawPayload, encoding)).toBe(content);
    // The bytes sent are the build's copy, smaller than the file.
    if (encoding) expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(content));
  });

  it('/robots.txt is a robots file keeping search engines out, not the page; no sign-in needed', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe('User-agent: *\nDisallow: /\n');
  });

  it('a missing hashed asset is a 404, never the page', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/index-old999.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/json/);
  });

  it.each([
    [undefined, null],
    ['', null],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, br', 'br'],
    ['BR, GZIP', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['deflate', null],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    [['gzip', 'br'], 'br'],
  ])('Accept-Encoding %j prefers %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
