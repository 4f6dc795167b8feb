import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { preferredEncoding } from './web-app';

/** Below this an answer fits in a packet or two: compressing it saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Quality 5 of 11: on a node list about as small as gzip's best at a fraction of brotli's top
 * quality's CPU (docs/operations.md, "Compressed API answers"). zlib's async calls run on libuv's
 * thread pool, so a big list is compressed off the event loop.
 */
const BROTLI_OPTIONS: zlib.BrotliOptions = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
};
const GZIP_OPTIONS: zlib.ZlibOptions = { level: 6 };

/**
 * Compresses the JSON answers of the scope it is registered in (the API) with brotli or gzip, as
 * the request's Accept-Encoding asks. Only JSON: the event stream hijacks its reply and never passes
 * through onSend (and must stay unbuffered), PDFs are compressed already, and the web app's files
 * are sent precompressed by plugins/web-app.ts.
 */
export function registerJsonCompression(scope: FastifyInstance): void {
  scope.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (!isJson(reply.getHeader('content-type')) || reply.hasHeader('content-encoding')) return payload;
    const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (bytes.length < COMPRESS_MIN_BYTES) return payload;
    // The same URL answers differently per Accept-Encoding: a cache must keep them apart.
    reply.header('vary', varyWithEncoding(reply.getHeader('vary')));
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const compressed = encoding === 'br' ? await brotli(bytes, BROTLI_OPTIONS) : await gzip(bytes, GZIP_OPTIONS);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressed;
  });
}

function isJson(contentType: ReturnType<FastifyReply['getHeader']>): boolean {
  return typeof contentType === 'string' && /^application\/([\w.+-]*\+)?json\b/i.test(contentType);
}

function varyWithEncoding(current: ReturnType<FastifyReply['getHeader']>): string {
  const existing = typeof current === 'string' ? current : Array.isArray(current) ? current.join(', ') : '';
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(existing)) return existing;
  return existing ? `${existing}, accept-encoding` : 'accept-encoding';
}
