import { describe, expect, it, vi } from 'vitest';
import { createHttpClient, dispositionFileName } from './http-client';
import { HttpError } from './http-error';

describe('dispositionFileName', () => {
  it.each([
    ['attachment; filename="logboek-Sporthal_Zuid-2026-10.pdf"', 'logboek-Sporthal_Zuid-2026-10.pdf'],
    ['attachment; filename=plain.csv', 'plain.csv'],
    ["attachment; filename=\"fallback.pdf\"; filename*=UTF-8''logboek%20Caf%C3%A9.pdf", 'logboek Café.pdf'],
    ['attachment', null],
    [null, null],
  ])('%s -> %s', (header, name) => {
    expect(dispositionFileName(header)).toBe(name);
  });
});

describe('getFile', () => {
  const client = (response: Response) => {
    const fetchFn = vi.fn(async () => response);
    return { fetchFn, http: createHttpClient({ baseUrl: '/api/v1', getToken: () => 'token', fetchFn, interceptor: () => null }) };
  };

  it('answers the bytes and the suggested name, with the token', async () => {
    const { fetchFn, http } = client(new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="r.pdf"' } }));
    const file = await http.getFile('/x/pdf', { query: { from: '2026-10-01' } });
    expect(file.fileName).toBe('r.pdf');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(new Uint8Array([0x25, 0x50, 0x44, 0x46]));
    const [url, init] = fetchFn.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/x/pdf?from=2026-10-01');
    expect((init.headers as Record<string, string>)['x-access-token']).toBe('token');
  });

  it('fails with the JSON error of a refused download', async () => {
    const { http } = client(new Response(JSON.stringify({ statusCode: 400, error: 'Bad Request', message: 'x', fields: { to: 'validation.date' } }), { status: 400, headers: { 'content-type': 'application/json' } }));
    const error = await http.getFile('/x/pdf').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).fields).toEqual({ to: 'validation.date' });
  });
});

describe('a file as the body', () => {
  it('is sent as its bytes (application/octet-stream), an object as JSON', async () => {
    const fetchFn = vi.fn(async () => new Response('{}', { headers: { 'content-type': 'application/json' } }));
    const http = createHttpClient({ baseUrl: '/api/v1', getToken: () => 'token', fetchFn, interceptor: () => null });
    const file = new Blob([new Uint8Array([1, 2, 3])]);
    await http.post('/logbook/verify', file);
    await http.post('/logbook/verify', { sha256: 'a' });
    const [[, bytes], [, json]] = fetchFn.mock.calls as unknown as [string, RequestInit][];
    expect((bytes.headers as Record<string, string>)['content-type']).toBe('application/octet-stream');
    expect(bytes.body).toBe(file);
    expect((json.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(json.body).toBe('{"sha256":"a"}');
  });
});

describe('a read without an answer in time (READ_TIMEOUT_MS)', () => {
  /** A fetch that never answers until its signal aborts, as on a network that swallows requests. */
  const hanging = vi.fn(
    (_url: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      }),
  );
  const http = createHttpClient({ baseUrl: '/api/v1', getToken: () => null, fetchFn: hanging, interceptor: () => null, readTimeoutMs: 50 });

  it('fails a GET with status 0 (as without a connection) after the time-out', async () => {
    const error = await http.get('/devices').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(0);
  });

  it("keeps the caller's own abort an AbortError (a screen left, a query cancelled)", async () => {
    const controller = new AbortController();
    const pending = http.get('/devices', { signal: controller.signal }).catch((caught: unknown) => caught);
    controller.abort();
    const error = await pending;
    expect(error).not.toBeInstanceOf(HttpError);
    expect((error as DOMException).name).toBe('AbortError');
  });

  it('never cuts off a change: a PATCH waits for its answer', async () => {
    const controller = new AbortController();
    const pending = http.patch('/devices/x', { name: 'y' }, { signal: controller.signal }).catch((caught: unknown) => caught);
    const early = await Promise.race([pending.then(() => 'settled'), new Promise((resolve) => setTimeout(() => resolve('waiting'), 150))]);
    expect(early).toBe('waiting');
    controller.abort();
    expect(((await pending) as DOMException).name).toBe('AbortError');
  });
});
