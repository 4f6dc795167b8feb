import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from './test/test-app';
import { HTTP_TIMEOUTS, httpTimeoutOptions } from './http-timeouts';

/**
 * A client that trickles its request (the report: one byte every 5 s) is cut after the request
 * timeout. The server listens on 127.0.0.1 with timeouts scaled down (2 s for the request,
 * 1 s for the headers) and a raw TCP client sends one byte every 100 ms. Bounds are generous:
 * the assertions are "answered 408 and closed", not when.
 */
const TIMEOUTS = { requestMs: 2000, headersMs: 1000, keepAliveMs: 5000, idleMs: 10_000, checkIntervalMs: 50 };
const TRICKLE_EVERY_MS = 100;
/** Far beyond the 2 s request timeout; a server that never cuts fails here instead of hanging. */
const GIVE_UP_MS = 20_000;

let port: number;

const ctx = useTestContext({ httpTimeouts: TIMEOUTS, reset: 'never' });
beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});

interface TExchange {
  /** Everything the server sent. */
  received: string;
  /** The server closed the connection (not the client giving up). */
  closedByServer: boolean;
}

/**
 * Sends `head` at once, then `trickle` one byte at a time every `everyMs`; when the trickle is
 * used up, waits for the server. Ends when the server closes the connection or after GIVE_UP_MS.
 */
function exchange(head: string, trickle: string, everyMs = TRICKLE_EVERY_MS): Promise<TExchange> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    let received = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      resolve({ received, closedByServer: false });
    }, GIVE_UP_MS);
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (sent < trickle.length && !socket.destroyed) socket.write(trickle[sent++]);
      }, everyMs);
    });
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('error', () => undefined); // a reset after the answer is still a close
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ received, closedByServer: true });
    });
    socket.on('timeout', () => reject(new Error('client socket timeout')));
  });
}

const status = (received: string) => /^HTTP\/1\.1 (\d{3})/.exec(received)?.[1];

describe('slow clients are cut after the request timeout', () => {
  const body = JSON.stringify({ padding: 'x'.repeat(200) });
  const postHead = (length: number) =>
    `POST /api/v1/auth HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`;

  it.each([
    // [case, sent at once, trickled, expected status]
    ['a body trickling in (214 bytes promised) -> 408 and closed', postHead(body.length), body, '408'],
    ['headers trickling in -> 408 and closed', 'GET /healthz HTTP/1.1\r\n', `X-Slow: ${'y'.repeat(200)}\r\n\r\n`, '408'],
    ['a request line trickling in -> 408 and closed', '', `GET /healthz?${'z'.repeat(200)} HTTP/1.1\r\n\r\n`, '408'],
  ])('%s', async (_case, head, trickle, expected) => {
    const { received, closedByServer } = await exchange(head, trickle);
    expect(closedByServer).toBe(true);
    expect(status(received)).toBe(expected);
  });

  it('a body that keeps coming and ends within the timeout is answered', async () => {
    // 10 bytes, one per 40 ms: done in about 0.4 s of the 2 s. Sign-in without credentials -> 401.
    const small = '{"a":"bc"}';
    const { received, closedByServer } = await exchange(postHead(small.length), small, 40);
    expect(closedByServer).toBe(true); // Connection: close
    expect(status(received)).toBe('401');
    expect(received).toContain('"key":"errors.unauthorized"');
  });
});

describe('the documented timeouts', () => {
  it('carry the largest body at 17 kB/s within the request timeout', () => {
    // The device CSV import accepts 2 MB (its body limit), a product image about 1.4 MB.
    const seconds = (2 * 1_000_000) / 17_000;
    expect(seconds * 1000).toBeLessThan(HTTP_TIMEOUTS.requestMs);
  });

  it.each([
    ['the defaults', HTTP_TIMEOUTS, { requestTimeout: 120_000, connectionTimeout: 120_000, keepAliveTimeout: 72_000, headersTimeout: 20_000 }],
    ['headers never wait longer than the request', { ...HTTP_TIMEOUTS, requestMs: 10_000 }, { requestTimeout: 10_000, headersTimeout: 10_000 }],
  ])('%s', (_case, timeouts, expected) => {
    const options = httpTimeoutOptions(timeouts);
    expect({ ...options, headersTimeout: options.http.headersTimeout }).toMatchObject(expected);
  });
});
