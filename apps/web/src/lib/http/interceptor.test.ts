import { describe, expect, it, vi } from 'vitest';
import { createHttpClient } from './http-client';
import { HttpError } from './http-error';
import { createInterceptor, interceptAction, type TInterceptAction, type TInterceptorDeps } from './interceptor';

describe('interceptAction', () => {
  const cases: [number, string, string, TInterceptAction][] = [
    [401, 'GET', '/customers', 'signIn'],
    [401, 'DELETE', '/nodes', 'signIn'],
    [401, 'POST', '/login', 'none'],
    [401, 'GET', '/login', 'none'],
    [403, 'GET', '/customers', 'unauthorized'],
    [403, 'PATCH', '/users/a%40b.nl/edit', 'unauthorized'],
    [403, 'DELETE', '/customers', 'unauthorized'],
    [404, 'GET', '/customers/Unknown', 'notFound'],
    [404, 'get', '/customers/Unknown', 'notFound'],
    [404, 'DELETE', '/customers', 'none'],
    [404, 'PATCH', '/customers/X/edit', 'none'],
    [400, 'POST', '/customers/new', 'none'],
    [409, 'DELETE', '/customers', 'none'],
    [429, 'POST', '/login', 'none'],
    [500, 'GET', '/customers', 'none'],
  ];
  it.each(cases)('%i on %s while on %s -> %s', (status, method, pathname, action) => {
    expect(interceptAction(status, method, pathname)).toBe(action);
  });

  it.each([
    ['PATCH', 'none'],
    ['POST', 'none'],
    ['GET', 'unauthorized'],
  ] as const)('a 403 naming refused fields of a %s keeps the form (%s)', (method, action) => {
    expect(interceptAction(403, method, '/users/new', true)).toBe(action);
  });
});

function fakeDeps(pathname = '/locations', search = '?page=2', hash = '#nodes') {
  const deps: TInterceptorDeps = {
    navigate: vi.fn(),
    clearSession: vi.fn(),
    rememberPath: vi.fn(),
    location: () => ({ pathname, search, hash }),
  };
  return deps;
}

describe('createInterceptor', () => {
  it('on 401 clears token and user, remembers the full path and goes to /login', () => {
    const deps = fakeDeps();
    createInterceptor(deps)(401, 'GET');
    expect(deps.clearSession).toHaveBeenCalledOnce();
    expect(deps.rememberPath).toHaveBeenCalledWith('/locations?page=2#nodes');
    expect(deps.navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('on 401 while on /login does nothing (the login form shows its own alert)', () => {
    const deps = fakeDeps('/login', '', '');
    createInterceptor(deps)(401, 'POST');
    expect(deps.clearSession).not.toHaveBeenCalled();
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('on 403 goes to /unauthorized and keeps the session', () => {
    const deps = fakeDeps();
    createInterceptor(deps)(403, 'PATCH');
    expect(deps.navigate).toHaveBeenCalledWith('/unauthorized');
    expect(deps.clearSession).not.toHaveBeenCalled();
  });

  it('on 404 of a GET replaces the location with /404', () => {
    const deps = fakeDeps();
    createInterceptor(deps)(404, 'GET');
    expect(deps.navigate).toHaveBeenCalledWith('/404', { replace: true });
  });

  it('leaves a 404 of a DELETE and other errors alone', () => {
    const deps = fakeDeps();
    const intercept = createInterceptor(deps);
    intercept(404, 'DELETE');
    intercept(500, 'GET');
    intercept(409, 'POST');
    expect(deps.navigate).not.toHaveBeenCalled();
  });
});

function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' },
  });
}

describe('the HTTP client', () => {
  function client(response: Response | Error, token: string | null = 'tok-1') {
    const fetchFn = vi.fn<typeof fetch>(async () => {
      if (response instanceof Error) throw response;
      return response;
    });
    const interceptor = vi.fn();
    const http = createHttpClient({ baseUrl: '/api/v1', getToken: () => token, fetchFn, interceptor: () => interceptor });
    return { http, fetchFn, interceptor };
  }

  it('sends x-access-token, JSON bodies and query parameters', async () => {
    const { http, fetchFn } = client(json(200, { ok: true }));
    await expect(http.post('/customers', { name: 'A' }, { query: { projection: 'name', empty: '', none: undefined } })).resolves.toEqual({
      ok: true,
    });
    const [url, init] = fetchFn.mock.calls[0];
    expect(url).toBe('/api/v1/customers?projection=name');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"name":"A"}');
    expect((init?.headers as Record<string, string>)['x-access-token']).toBe('tok-1');
    expect((init?.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('sends no token header without a token', async () => {
    const { http, fetchFn } = client(json(204), null);
    await expect(http.delete('/auth')).resolves.toBeUndefined();
    expect((fetchFn.mock.calls[0][1]?.headers as Record<string, string>)['x-access-token']).toBeUndefined();
  });

  it('applies the interceptor and still rejects with the JSON error', async () => {
    const body = { statusCode: 401, error: 'Unauthorized', message: 'Token expired', key: 'errors.unauthorized' };
    const { http, interceptor } = client(json(401, body));
    const error = await http.get('/users/current').catch((caught: unknown) => caught);
    expect(interceptor).toHaveBeenCalledWith(401, 'GET', false);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(401);
    expect((error as HttpError).key).toBe('errors.unauthorized');
    expect((error as HttpError).body).toEqual(body);
  });

  it('a request that left with a token renewed meanwhile is asked again with the new one, not signed out', async () => {
    let token = 'old-token';
    const seen: string[] = [];
    const fetchFn = vi.fn<typeof fetch>(async (_url, init) => {
      const sent = (init?.headers as Record<string, string>)['x-access-token'];
      seen.push(sent);
      // The renewal lands while this request is on its way.
      token = 'new-token';
      return sent === 'old-token' ? json(401, { statusCode: 401, error: 'Unauthorized', message: 'x' }) : json(200, { ok: true });
    });
    const interceptor = vi.fn();
    const http = createHttpClient({ baseUrl: '/api/v1', getToken: () => token, fetchFn, interceptor: () => interceptor });
    await expect(http.get('/overflowLogs')).resolves.toEqual({ ok: true });
    expect(seen).toEqual(['old-token', 'new-token']);
    expect(interceptor).not.toHaveBeenCalled();
  });

  it('a 401 with the token still current goes to the interceptor (sign in again)', async () => {
    const { http, fetchFn, interceptor } = client(json(401, { statusCode: 401, error: 'Unauthorized', message: 'x' }));
    await expect(http.get('/customers')).rejects.toBeInstanceOf(HttpError);
    expect(fetchFn).toHaveBeenCalledTimes(1);
    expect(interceptor).toHaveBeenCalledWith(401, 'GET', false);
  });

  it('skips the interceptor when asked (login, logout)', async () => {
    const { http, interceptor } = client(json(401, { statusCode: 401, error: 'Unauthorized', message: 'x' }));
    await expect(http.post('/auth', undefined, { skipInterceptor: true })).rejects.toBeInstanceOf(HttpError);
    expect(interceptor).not.toHaveBeenCalled();
  });

  it('exposes field errors for forms', async () => {
    const body = { statusCode: 400, error: 'Bad Request', message: 'invalid', fields: { name: 'validation.required' } };
    const { http } = client(json(400, body));
    const error = (await http.patch('/customers/A', {}).catch((caught: unknown) => caught)) as HttpError;
    expect(error.fields).toEqual({ name: 'validation.required' });
    expect(error.key).toBe('errors.badRequest');
  });

  it('turns a network failure into status 0 (errors.unavailable) without intercepting', async () => {
    const { http, interceptor } = client(new TypeError('Failed to fetch'));
    const error = (await http.get('/customers').catch((caught: unknown) => caught)) as HttpError;
    expect(error.status).toBe(0);
    expect(error.key).toBe('errors.unavailable');
    expect(interceptor).not.toHaveBeenCalled();
  });

  it('tolerates a non-JSON error body', async () => {
    const { http } = client(new Response('Bad gateway', { status: 502, headers: { 'content-type': 'text/plain' } }));
    const error = (await http.get('/customers').catch((caught: unknown) => caught)) as HttpError;
    expect(error.status).toBe(502);
    expect(error.body).toBeNull();
    expect(error.key).toBe('errors.internal');
  });
});
