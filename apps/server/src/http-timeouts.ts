import type { ServerOptions } from 'node:http';

/**
 * How long the HTTP server waits for a client (docs/operations-limits.md). Without these a
 * client that trickles its request (one byte every few seconds) holds a connection forever:
 * Fastify turns Node's request timeout off by default, and a socket's idle timer restarts on
 * every byte.
 */
export interface THttpTimeouts {
  /** The whole request, headers and body, must have arrived within this; 408 and close otherwise. */
  requestMs: number;
  /** The headers must have arrived within this (at most `requestMs`); 408 and close otherwise. */
  headersMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number;
  /** A connection with no bytes either way for this long is closed (a handler that never answers included). */
  idleMs: number;
  /** How often Node looks for requests past `headersMs` or `requestMs`: the precision of those two. */
  checkIntervalMs: number;
}

export const HTTP_TIMEOUTS: Readonly<THttpTimeouts> = Object.freeze({
  // The largest bodies are the device CSV import (2 MB with its JSON wrapping) and a product
  // image (1 MiB, about 1.4 MB as base64): 120 s carries 2 MB at 17 kB/s (about 140 kbit/s).
  requestMs: 120_000,
  headersMs: 20_000,
  // Longer than the usual 60 s idle timeout of a reverse proxy, so the proxy closes first and
  // never sends a request on a connection we are closing (Fastify's default).
  keepAliveMs: 72_000,
  idleMs: 120_000,
  checkIntervalMs: 5_000,
});

/** The Fastify options (and Node http options) that apply the timeouts. */
export function httpTimeoutOptions(timeouts: THttpTimeouts): {
  requestTimeout: number;
  connectionTimeout: number;
  keepAliveTimeout: number;
  http: ServerOptions;
} {
  const headersMs = Math.min(timeouts.headersMs, timeouts.requestMs);
  return {
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: { headersTimeout: headersMs, requestTimeout: timeouts.requestMs, connectionsCheckingInterval: timeouts.checkIntervalMs },
  };
}
