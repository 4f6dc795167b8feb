import { randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TQueuedDownlink } from '../transport/types';

/**
 * The simulator's network-server API, for the portal's downlinks:
 * - ChirpStack v4 REST API: `POST /api/devices/{devEui}/queue` with
 *   `{ queueItem: { confirmed, fPort, data } }` (data base64) and `Authorization: Bearer <API token>`
 *   (the REST proxy also takes `Grpc-Metadata-Authorization`), answered with `{ id }`;
 * - The Things Stack v3: `POST /api/v3/as/applications/{app}/webhooks/{webhook}/devices/{device}/down/push`
 *   (or `/down/replace`) with `{ downlinks: [{ f_port, frm_payload, confirmed }] }` and the API key as bearer token.
 * Errors look like the gRPC gateway's: `{ code, message, details }` (16 unauthenticated, 5 not found, 3 invalid argument).
 */

export interface TRestServerOptions {
  port: number;
  host?: string;
  /** The API token (ChirpStack) or API key (TTS) the portal must present. */
  token: string;
  /** The EUI of a device this network server knows, or null (TTS device ids too). */
  resolveDevice: (idOrEui: string) => string | null;
  onDownlink: (downlink: TQueuedDownlink) => void;
  log?: (line: string) => void;
}

export interface TRestServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 64 * 1024;
const CHIRPSTACK_QUEUE = /^\/api\/devices\/([^/]+)\/queue\/?$/;
const TTS_PUSH = /^\/api\/v3\/as\/applications\/([^/]+)\/webhooks\/([^/]+)\/devices\/([^/]+)\/down\/(push|replace)\/?$/;

class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function bearer(request: http.IncomingMessage): string | null {
  const header = request.headers['authorization'] ?? request.headers['grpc-metadata-authorization'];
  const value = Array.isArray(header) ? header[0] : header;
  const match = value ? /^Bearer\s+(.+)$/i.exec(value.trim()) : null;
  return match ? match[1] : null;
}

async function readJson(request: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new RequestError(413, 3, 'request body too large');
    chunks.push(chunk as Buffer);
  }
  try {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('not an object');
    return body as Record<string, unknown>;
  } catch {
    throw new RequestError(400, 3, 'request body is not a JSON object');
  }
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function payloadOf(fPort: unknown, data: unknown, where: string): { fPort: number; bytes: Uint8Array } {
  if (typeof fPort !== 'number' || !Number.isInteger(fPort) || fPort < 1 || fPort > 223) throw new RequestError(400, 3, `${where}: fPort must be an integer 1-223`);
  if (typeof data !== 'string' || !BASE64.test(data)) throw new RequestError(400, 3, `${where}: data must be base64`);
  return { fPort, bytes: new Uint8Array(Buffer.from(data, 'base64')) };
}

function chirpstackQueueItem(eui: string, body: Record<string, unknown>): TQueuedDownlink {
  const item = body.queueItem as Record<string, unknown> | undefined;
  if (!item || typeof item !== 'object') throw new RequestError(400, 3, 'queueItem is missing');
  return { eui, ...payloadOf(item.fPort, item.data, 'queueItem'), confirmed: item.confirmed === true, id: randomUUID(), via: 'chirpstack-rest' };
}

function ttsDownlinks(eui: string, body: Record<string, unknown>): TQueuedDownlink[] {
  if (!Array.isArray(body.downlinks) || body.downlinks.length === 0) throw new RequestError(400, 3, 'downlinks must be a non-empty list');
  return body.downlinks.map((entry: unknown, index: number) => {
    const downlink = (entry ?? {}) as Record<string, unknown>;
    return { eui, ...payloadOf(downlink.f_port, downlink.frm_payload, `downlinks[${index}]`), confirmed: downlink.confirmed === true, id: randomUUID(), via: 'tts' as const };
  });
}

export async function startRestServer(options: TRestServerOptions): Promise<TRestServer> {
  const handle = async (request: http.IncomingMessage): Promise<{ status: number; body: unknown }> => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (request.method === 'GET' && (path === '/' || path === '/health')) return { status: 200, body: { simulator: true } };
    const chirpstack = CHIRPSTACK_QUEUE.exec(path);
    const tts = TTS_PUSH.exec(path);
    if (request.method !== 'POST' || (!chirpstack && !tts)) throw new RequestError(404, 5, `no route ${request.method} ${path}`);
    const token = bearer(request);
    if (!token || !sameToken(token, options.token)) throw new RequestError(401, 16, 'authentication failed: invalid or missing token');
    const id = decodeURIComponent((chirpstack?.[1] ?? tts?.[3])!);
    const eui = options.resolveDevice(id);
    if (!eui) throw new RequestError(404, 5, `Object does not exist (id: ${id})`);
    const body = await readJson(request);
    if (chirpstack) {
      const downlink = chirpstackQueueItem(eui, body);
      options.onDownlink(downlink);
      return { status: 200, body: { id: downlink.id } };
    }
    for (const downlink of ttsDownlinks(eui, body)) options.onDownlink(downlink);
    return { status: 200, body: {} };
  };

  const server = http.createServer((request, response) => {
    void handle(request)
      .catch((error: unknown) => {
        if (error instanceof RequestError) return { status: error.status, body: { code: error.code, message: error.message, details: [] } };
        options.log?.(`network-server endpoint: ${error instanceof Error ? error.message : String(error)}`);
        return { status: 500, body: { code: 13, message: 'internal error', details: [] } };
      })
      .then(({ status, body }) => {
        if (status >= 400) options.log?.(`downlink refused: ${request.method} ${request.url} -> ${status}`);
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
