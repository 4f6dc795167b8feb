import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** One SSE event as a client sees it. */
export interface TReceived {
  event: string;
  data: unknown;
  id: string | null;
  at: number;
}

/**
 * A small SSE client for the server tests (the events module, the dashboard refresher, several copies): an HTTP GET with headers (as the web app's
 * fetch), the body parsed as it arrives. `lastId` follows every `id:` line, also one without data.
 */
export class SseClient {
  readonly events: TReceived[] = [];
  readonly comments: string[] = [];
  lastId: string | null = null;
  status = 0;
  headers: http.IncomingHttpHeaders = {};
  body = '';
  ended = false;
  readonly closed: Promise<void>;
  private buffer = '';
  private request: http.ClientRequest | null = null;
  private waiters: (() => void)[] = [];
  onEvent: ((event: TReceived) => void) | null = null;

  constructor(url: string, headers: Record<string, string>) {
    this.closed = new Promise<void>((resolve) => {
      this.request = http.get(url, { headers: { accept: 'text/event-stream', ...headers }, agent: false }, (response) => {
        this.status = response.statusCode ?? 0;
        this.headers = response.headers;
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (this.status !== 200) this.body += chunk;
          else this.take(chunk);
          this.wake();
        });
        const done = () => {
          this.ended = true;
          this.wake();
          resolve();
        };
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      });
      this.request.on('error', () => {
        this.ended = true;
        this.wake();
        resolve();
      });
    });
  }

  /** Waits until the head arrived (the status is known). */
  async opened(timeoutMs = 5000): Promise<void> {
    await this.until(() => this.status !== 0 || this.ended, timeoutMs, 'no answer');
  }

  /** Waits until `predicate` holds over what arrived; throws after `timeoutMs`. */
  async until(predicate: () => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`SseClient: ${what} not met within ${timeoutMs} ms; received ${JSON.stringify(this.events.map((event) => [event.event, event.data]))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 100));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  named(name: string): TReceived[] {
    return this.events.filter((event) => event.event === name);
  }

  close(): void {
    this.request?.destroy();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }

  private take(chunk: string): void {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      let event = 'message';
      let data: string | null = null;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
        else if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data = data === null ? line.slice(6) : `${data}\n${line.slice(6)}`;
        else if (line.startsWith('id: ')) this.lastId = line.slice(4);
      }
      if (data !== null) {
        const received = { event, data: JSON.parse(data) as unknown, id: this.lastId, at: Date.now() };
        this.events.push(received);
        this.onEvent?.(received);
      }
    }
  }
}

/** The app listening on a free port of 127.0.0.1; answers its base URL. */
export async function listenLocally(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

export function openStream(base: string, token: string | null, options: { lastEventId?: string; path?: string } = {}): SseClient {
  return new SseClient(`${base}${options.path ?? '/api/v1/events'}`, {
    ...(token === null ? {} : { 'x-access-token': token }),
    ...(options.lastEventId === undefined ? {} : { 'last-event-id': options.lastEventId }),
  });
}
