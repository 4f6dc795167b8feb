import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/**
 * A small HTTP server standing in for a network server's downlink API in tests (ChirpStack REST
 * queue endpoint, The Things Stack push endpoint): records every request and answers `status`.
 */
export async function startFakeNetworkServer(status = 200): Promise<{ url: string; received: TReceivedRequest[]; setStatus(next: number): void; close(): Promise<void> }> {
  const received: TReceivedRequest[] = [];
  let answer = status;
  const server = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      received.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body: text ? (JSON.parse(text) as unknown) : null });
      response.writeHead(answer, { 'content-type': 'application/json' });
      response.end(answer < 300 ? JSON.stringify({ id: 'a6f0b5d2-0000-0000-0000-000000000001' }) : JSON.stringify({ code: 16, message: 'unauthenticated' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    setStatus: (next) => (answer = next),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
