import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TTestContext } from '../test/test-app';

/**
 * Sign-in is decided on the route the router matched, never on the raw URL: a path spelled with
 * percent-encoding reaches the same route and must meet the same check.
 */
let ctx: TTestContext;
let webDist: string;
let admin: string;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'aquasmart-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>portal</title>');
  fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
  ctx = await createTestContext({ webDist });
  ({ admin } = await ctx.signedInUsers({ admin: { administrator: true } }));
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const percent = (char: string) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;

/** Ways of spelling one path that a router may decode back to it (or that must miss every route). */
function spellings(pathname: string): Record<string, string> {
  const encodeAll = pathname
    .split('/')
    .map((segment) => [...segment].map((char) => (/[A-Za-z0-9]/.test(char) ? percent(char) : char)).join(''))
    .join('/');
  return {
    'first letter encoded': pathname.replace('/api', '/%61pi'),
    'version digit encoded': pathname.replace('/v1/', '/v%31/'),
    'lower-case hex': pathname.replace('/api', '/%61%70%69'),
    'every letter and digit encoded': encodeAll,
    'double encoded': pathname.replace('/api', '/%2561pi'),
    'slashes encoded': `/${pathname.slice(1).replaceAll('/', '%2F')}`,
    'one slash encoded': pathname.replace('/v1/', '/v1%2F'),
    'double slash': `/${pathname}`,
    'dot segment': pathname.replace('/v1/', '/v1/./'),
    'trailing slash': `${pathname}/`,
    'upper case': pathname.replace('/api/v1/', '/API/V1/'),
  };
}

function documentedOperations(document: { paths: Record<string, Record<string, unknown>> }) {
  return Object.entries(document.paths).flatMap(([pathname, operations]) =>
    Object.keys(operations).map((method) => ({ method: method.toUpperCase(), pathname: pathname.replace(/\{([^}]+)\}/g, 'probe-$1') })),
  );
}

/** The forgotten-password reset (docs/users.md): public, each with its own limits. */
const RESET_ROUTES = ['POST /api/v1/auth/password-reset', 'POST /api/v1/auth/password-reset/check', 'POST /api/v1/auth/password-reset/confirm'];
/** The second step of two-factor sign-in (docs/users.md): public, it carries the challenge of the password step. */
const TWO_FACTOR_ROUTES = ['POST /api/v1/auth/twoFactor', 'POST /api/v1/auth/twoFactor/setup'];
/** Single sign-on's steps (docs/sso.md): public; the providers' names for /login, the redirects, the one-time code's exchange. */
const SSO_ROUTES = ['GET /api/v1/auth/sso/providers', 'GET /api/v1/auth/sso/callback', 'POST /api/v1/auth/sso'];

describe('authentication on the matched route', () => {
  it('the OpenAPI document is public and lists the API', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(documentedOperations(response.json()).length).toBeGreaterThan(40);
  });

  it('no route of the OpenAPI document answers 2xx without a token, however its path is spelled', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const publicOperations = new Set(['POST /api/v1/auth', ...RESET_ROUTES, ...TWO_FACTOR_ROUTES, ...SSO_ROUTES, 'GET /api/v1/auth/sso/probe-id/start', 'GET /healthz', 'GET /readyz', 'POST /api/v1/integrations/chirpstack', 'POST /api/v1/integrations/tts/probe-messageType', 'POST /api/v1/logbook/verify/public']);
    let tried = 0;
    for (const { method, pathname } of documentedOperations(document)) {
      if (publicOperations.has(`${method} ${pathname}`)) continue;
      for (const [spelling, url] of Object.entries(spellings(pathname))) {
        const response = await ctx.app.inject({
          method: method as 'GET',
          url,
          ...(method === 'GET' || method === 'DELETE' ? {} : { headers: { 'content-type': 'application/json' }, payload: '{}' }),
        });
        tried += 1;
        expect([401, 404], `${method} ${url} (${spelling}) -> ${response.statusCode} ${response.body.slice(0, 120)}`).toContain(response.statusCode);
      }
    }
    expect(tried).toBeGreaterThan(400);
  });

  it('the same spellings with a token reach the route, so the check above tried real routes', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/%61pi/v%31/users', headers: { 'x-access-token': admin } });
    expect(response.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/%61pi/v%31/users' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/%61pi/v1/networkServers', payload: {} })).statusCode).toBe(401);
  });

  it("the public routes are exactly sign-in (with its two-factor step and single sign-on), the forgotten-password reset, health, the network-server integrations (own secret), an issued logbook's verification by hash, the API docs, robots.txt and the web app", () => {
    const publicRoutes = ctx.app.routeTable.filter((route) => route.public).map((route) => `${route.method} ${route.url}`);
    const api = publicRoutes.filter((route) => !route.startsWith('GET /api/docs') && !route.startsWith('GET /assets/') && route !== 'GET /index.html');
    expect(api.sort()).toEqual(['GET /healthz', 'GET /metrics', 'GET /readyz', 'GET /robots.txt', 'POST /api/v1/auth', ...RESET_ROUTES, ...TWO_FACTOR_ROUTES, ...SSO_ROUTES, 'GET /api/v1/auth/sso/:id/start', 'POST /api/v1/integrations/chirpstack', 'POST /api/v1/integrations/tts/:messageType', 'POST /api/v1/logbook/verify/public'].sort());
    expect(publicRoutes).toContain('GET /assets/index-abc123.js');
    expect(publicRoutes).toContain('GET /api/docs/json');
    // Everything else under /api/v1 needs a token.
    const guarded = ctx.app.routeTable.filter((route) => route.url.startsWith('/api/v1/') && !route.public);
    expect(guarded.length).toBeGreaterThan(40);
  });

  it.each([
    ['the web app page', '/nodes', 200, 'text/html'],
    ['a web app file', '/assets/index-abc123.js', 200, 'javascript'],
    ['a missing hashed file is a 404, not the page', '/assets/missing.js', 404, 'json'],
    ['an unknown API path is a JSON 404', '/api/v1/nothing-here', 404, 'json'],
    ['an encoded unknown API path is a JSON 404 too', '/%61pi/v1/nothing-here', 404, 'json'],
    ['health', '/healthz', 200, 'json'],
    ['readiness', '/readyz', 200, 'json'],
    ['metrics, off without METRICS_TOKEN or METRICS_ALLOWED_ADDRESSES', '/metrics', 404, 'json'],
  ])('%s: GET %s without a token -> %i', async (_case, url, status, type) => {
    const response = await ctx.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toContain(type);
  });
});
