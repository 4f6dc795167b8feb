import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import {
  PLATFORM_ANSWER_READ_BYTES,
  PLATFORM_ANSWER_SHOWN_BYTES,
  PLATFORM_ANSWER_TIMEOUT_MS,
  PLATFORM_CONNECT_TIMEOUT_MS,
} from '@aquasmart/domain';
import type { AddressPolicy } from './address-policy';

/** What came back: a status (null when no answer), the first bytes of the answer, or why nothing came. */
export interface TPostResult {
  status: number | null;
  answer: string | null;
  error: string | null;
  durationMs: number;
}

export interface TPostOptions {
  policy: AddressPolicy;
  connectTimeoutMs?: number;
  answerTimeoutMs?: number;
  /** The body's media type; JSON unless said (an SMS provider may take a form). */
  contentType?: string;
  /** Who is calling, e.g. aquasmart-portal-webhooks/1. */
  userAgent?: string;
}

/** A refusal before anything was sent (bad URL, forbidden address): trying again would not help. */
export class RefusedTarget extends Error {}

/**
 * POSTs a body (JSON unless `contentType` says otherwise) to a receiver outside (a platform, a webhook,
 * an alarm channel; docs/platforms.md, "Safe by default"). The host name is resolved
 * here and every address it has must be allowed (AddressPolicy); the connection then goes to that
 * checked address, so a second lookup (DNS rebinding) cannot point it elsewhere. TLS certificates are
 * checked against the host name; plain http only to allow-listed addresses. Redirects are not
 * followed. Time limits on connecting and on the whole answer; at most a few KiB of the answer is read.
 */
export async function postJson(urlText: string, body: string, headers: Record<string, string>, options: TPostOptions): Promise<TPostResult> {
  const started = Date.now();
  const finish = (result: Omit<TPostResult, 'durationMs'>): TPostResult => ({ ...result, durationMs: Date.now() - started });
  const target = await resolveTarget(urlText, options.policy, options.connectTimeoutMs ?? PLATFORM_CONNECT_TIMEOUT_MS);
  const transport = target.url.protocol === 'https:' ? https : http;
  return await new Promise<TPostResult>((resolve) => {
    let settled = false;
    const done = (result: Omit<TPostResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(answerTimer);
      clearTimeout(connectTimer);
      resolve(finish(result));
    };
    const request = transport.request({
      method: 'POST',
      host: target.address,
      port: target.url.port || (target.url.protocol === 'https:' ? 443 : 80),
      path: `${target.url.pathname}${target.url.search}`,
      servername: isIP(target.url.hostname.replace(/^\[|\]$/g, '')) ? undefined : target.url.hostname,
      rejectUnauthorized: true,
      agent: false,
      headers: {
        ...headers,
        host: target.url.host,
        'content-type': options.contentType ?? 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': options.userAgent ?? 'aquasmart-portal/1',
      },
    });
    const connectTimer = setTimeout(() => {
      request.destroy(new Error(`no connection within ${(options.connectTimeoutMs ?? PLATFORM_CONNECT_TIMEOUT_MS) / 1000} s`));
    }, options.connectTimeoutMs ?? PLATFORM_CONNECT_TIMEOUT_MS);
    const answerTimer = setTimeout(() => {
      request.destroy(new Error(`no answer within ${(options.answerTimeoutMs ?? PLATFORM_ANSWER_TIMEOUT_MS) / 1000} s`));
    }, options.answerTimeoutMs ?? PLATFORM_ANSWER_TIMEOUT_MS);
    request.on('socket', (socket) => {
      socket.once(target.url.protocol === 'https:' ? 'secureConnect' : 'connect', () => clearTimeout(connectTimer));
    });
    request.on('error', (error) => done({ status: null, answer: null, error: error.message }));
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let length = 0;
      const complete = () => {
        const text = Buffer.concat(chunks).subarray(0, PLATFORM_ANSWER_SHOWN_BYTES).toString('utf8');
        done({ status: response.statusCode ?? null, answer: text, error: null });
      };
      response.on('data', (chunk: Buffer) => {
        if (length < PLATFORM_ANSWER_READ_BYTES) chunks.push(chunk.subarray(0, PLATFORM_ANSWER_READ_BYTES - length));
        length += chunk.length;
        if (length >= PLATFORM_ANSWER_READ_BYTES) {
          complete();
          response.destroy();
        }
      });
      response.on('end', complete);
      response.on('error', complete);
    });
    request.end(body);
  });
}

/**
 * The host's addresses, within the connect time limit: a name server that never answers must not
 * hold the sender (getaddrinfo has no time limit of its own here; its thread is freed by the
 * system resolver's own time-outs).
 */
async function lookupWithin(host: string, timeoutMs: number): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no DNS answer within ${timeoutMs / 1000} s`)), timeoutMs);
  });
  try {
    return (await Promise.race([lookup(host, { all: true, verbatim: true }), timeout])).map((entry) => entry.address);
  } finally {
    clearTimeout(timer);
  }
}

async function resolveTarget(urlText: string, policy: AddressPolicy, timeoutMs: number): Promise<{ url: URL; address: string }> {
  let url: URL;
  try {
    url = new URL(urlText);
  } catch {
    throw new RefusedTarget(`not a URL: ${urlText.slice(0, 200)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new RefusedTarget(`refused: ${url.protocol} is not http(s)`);
  if (url.username || url.password) throw new RefusedTarget('refused: a URL with a user name or password');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await lookupWithin(host, timeoutMs);
    } catch (error) {
      // A name that does not resolve may resolve later: retried, not parked.
      throw new Error(`cannot resolve ${host}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const forbidden = addresses.find((address) => !policy.permits(address));
  if (forbidden !== undefined || addresses.length === 0) {
    throw new RefusedTarget(`refused: ${host} resolves to ${forbidden ?? 'nothing'}, a private, loopback or link-local address (PLATFORM_ALLOWED_ADDRESSES)`);
  }
  const address = addresses[0];
  if (url.protocol === 'http:' && !policy.allowsPlainHttp(address)) throw new RefusedTarget('refused: plain http; use https');
  return { url, address };
}
