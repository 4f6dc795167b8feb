import { Pool } from 'undici';
import type { TDeliveryResult, TEventName, TTransport } from './types';

/**
 * HTTP integrations: ChirpStack's HTTP integration (`POST {url}?event=up`, JSON encoding) and
 * The Things Stack's webhooks (`POST {base}/{message type}`), both with the integration secret
 * as a bearer token, the way the portal's network server record asks for it. Keep-alive
 * connections through one undici pool.
 */

export const CHIRPSTACK_PATH = '/api/v1/integrations/chirpstack';
export const TTS_PATH = '/api/v1/integrations/tts';

/** The TTS webhook path of each event this simulator sends. */
const TTS_MESSAGE_TYPES: Record<TEventName, string> = { up: 'uplink', txack: 'downlink-sent', ack: 'downlink-ack' };

export interface THttpTransportOptions {
  format: 'chirpstack' | 'tts';
  /** The portal's origin, e.g. http://127.0.0.1:3000. */
  target: string;
  secret: string;
  connections?: number;
  timeoutMs?: number;
}

export function createHttpTransport(options: THttpTransportOptions): TTransport {
  const origin = new URL(options.target).origin;
  const pool = new Pool(origin, { connections: options.connections ?? 8, keepAliveTimeout: 30_000, headersTimeout: options.timeoutMs ?? 10_000, bodyTimeout: options.timeoutMs ?? 10_000 });
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${options.secret}` };
  const pathOf = (event: TEventName): string => {
    if (options.format === 'chirpstack') return `${CHIRPSTACK_PATH}?event=${event}`;
    return `${TTS_PATH}/${TTS_MESSAGE_TYPES[event]}`;
  };
  return {
    format: options.format,
    description: `${options.format === 'chirpstack' ? 'ChirpStack HTTP integration' : 'The Things Stack webhooks'} -> ${origin}`,
    async deliver(event, _eui, body): Promise<TDeliveryResult> {
      const path = pathOf(event);
      try {
        const response = await pool.request({ method: 'POST', path, headers, body: JSON.stringify(body) });
        const text = await response.body.text();
        if (response.statusCode >= 200 && response.statusCode < 300) return { ok: true, status: response.statusCode };
        return { ok: false, status: response.statusCode, error: text.slice(0, 300) };
      } catch (error) {
        return { ok: false, error: error instanceof Error ? error.message : String(error) };
      }
    },
    close: () => pool.close(),
  };
}

/** Resolves once anything answers HTTP at the target (any status), or rejects after `timeoutMs`. */
export async function waitForHttp(target: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fetch(new URL('/', target), { signal: AbortSignal.timeout(2000) });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`nothing answers at ${target}: ${error instanceof Error ? error.message : String(error)}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
