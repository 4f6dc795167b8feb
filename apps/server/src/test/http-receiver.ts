import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a test receiver got. */
export interface TReceived {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A platform's receiver on 127.0.0.1 for the delivery tests (node:http): records every request and
 * answers what `answer` says (status and body), by default 200.
 */
export interface TTestReceiver {
  url: string;
  received: TReceived[];
  answer: (request: TReceived, index: number) => { status: number; body?: string };
  stop(): Promise<void>;
}

export async function startReceiver(): Promise<TTestReceiver> {
  const receiver = {
    url: '',
    received: [] as TReceived[],
    answer: (() => ({ status: 200, body: '{"ok":true}' })) as TTestReceiver['answer'],
    stop: async () => {},
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const got: TReceived = { path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      receiver.received.push(got);
      const { status, body } = receiver.answer(got, receiver.received.length - 1);
      response.writeHead(status, { 'content-type': 'text/plain' }).end(body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  receiver.stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return receiver;
}
