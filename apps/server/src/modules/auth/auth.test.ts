import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tokens } from '../../db/schema';
import { basicAuth, createTestContext, type TTestContext } from '../../test/test-app';
import { hashToken } from './token-repository';
import { MAX_LOGIN_FAILURES } from './login-limiter';

const EMAIL = 'beheer@example.com';
const PASSWORD = 'Correct-horse-9';

let ctx: TTestContext;
let userId: number;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.database.reset();
  userId = await ctx.createUser({ email: EMAIL, password: PASSWORD, administrator: true });
});

function postAuth(headers: Record<string, string>, remoteAddress = '10.0.0.1') {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/auth', headers, remoteAddress });
}
function getCurrent(token: string) {
  return ctx.app.inject({ method: 'GET', url: '/api/v1/users/current', headers: { 'x-access-token': token } });
}

describe('POST /auth with Basic credentials', () => {
  it.each([
    ['right credentials', EMAIL, PASSWORD, 200, undefined],
    ['e-mail in another case and with spaces', '  BEHEER@Example.com ', PASSWORD, 200, undefined],
    ['wrong password', EMAIL, 'Wrong-password-1', 401, 'errors.invalidCredentials'],
    ['unknown e-mail', 'nobody@example.com', PASSWORD, 401, 'errors.invalidCredentials'],
    ['empty password', EMAIL, '', 400, 'errors.badRequest'],
    ['empty e-mail', '', PASSWORD, 400, 'errors.badRequest'],
  ])('%s -> %i', async (_case, email, password, status, key) => {
    const response = await postAuth({ authorization: basicAuth(email, password) });
    expect(response.statusCode).toBe(status);
    if (key) expect(response.json()).toMatchObject({ statusCode: status, key });
    else expect(response.json().token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it.each([['Basic'], ['Basic !!!'], ['Bearer abc'], [`Basic ${Buffer.from('no-colon').toString('base64')}`]])(
    'malformed header %j -> 400',
    async (header) => {
      const response = await postAuth({ authorization: header });
      expect(response.statusCode).toBe(400);
      expect(response.json().key).toBe('errors.badRequest');
    },
  );

  it('stores only the hash of the token', async () => {
    const token = (await postAuth({ authorization: basicAuth(EMAIL, PASSWORD) })).json().token as string;
    const rows = await ctx.database.db.select().from(tokens);
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});

describe('tokens', () => {
  it('GET /users/current answers the user without secrets', async () => {
    const token = await ctx.signIn(EMAIL, PASSWORD);
    const response = await getCurrent(token);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ email: EMAIL, type: 'Administrator', language: 'nl', customers: [] });
    expect(body.portal.rights.administrator).toBe(true);
    expect(response.body).not.toMatch(/password|hash|token/i);
  });

  it.each([
    ['no token', undefined],
    ['unknown token', 'x'.repeat(43)],
    ['empty token', ''],
    ['absurdly long token', 'x'.repeat(5000)],
  ])('%s -> 401 JSON', async (_case, token) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/users/current',
      headers: token === undefined ? {} : { 'x-access-token': token },
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized', key: 'errors.unauthorized' });
  });

  it('an expired token -> 401', async () => {
    const token = await ctx.signIn(EMAIL, PASSWORD);
    await ctx.database.exec(`UPDATE tokens SET expires_at = now() - interval '1 second'`);
    expect((await getCurrent(token)).statusCode).toBe(401);
  });

  it('a valid token without credentials gets a fresh token; both work', async () => {
    const first = await ctx.signIn(EMAIL, PASSWORD);
    const response = await postAuth({ 'x-access-token': first });
    expect(response.statusCode).toBe(200);
    const second = response.json().token;
    expect(second).not.toBe(first);
    expect((await getCurrent(second)).statusCode).toBe(200);
    expect((await getCurrent(first)).statusCode).toBe(200);
  });

  it('POST /auth with neither credentials nor token -> 401', async () => {
    expect((await postAuth({})).statusCode).toBe(401);
    expect((await postAuth({ 'x-access-token': 'revoked-or-unknown' })).statusCode).toBe(401);
  });

  it('DELETE /auth revokes only the presented token', async () => {
    const kept = await ctx.signIn(EMAIL, PASSWORD);
    const revoked = await ctx.signIn(EMAIL, PASSWORD);
    const response = await ctx.app.inject({ method: 'DELETE', url: '/api/v1/auth', headers: { 'x-access-token': revoked } });
    expect(response.statusCode).toBe(204);
    expect((await getCurrent(revoked)).statusCode).toBe(401);
    expect((await getCurrent(kept)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/v1/auth', headers: { 'x-access-token': revoked } })).statusCode).toBe(401);
  });

  it('deleting the user ends their tokens', async () => {
    const token = await ctx.signIn(EMAIL, PASSWORD);
    await ctx.database.exec(`DELETE FROM users WHERE id = ${userId}`);
    expect((await getCurrent(token)).statusCode).toBe(401);
  });
});

describe('login rate limit', () => {
  async function fail(email: string, address: string) {
    return postAuth({ authorization: basicAuth(email, 'Wrong-password-1') }, address);
  }

  it(`blocks an e-mail after ${MAX_LOGIN_FAILURES} failures, whatever the address, even with the right password`, async () => {
    for (let attempt = 0; attempt < MAX_LOGIN_FAILURES; attempt++) {
      expect((await fail(EMAIL, `10.0.1.${attempt}`)).statusCode).toBe(401);
    }
    const blocked = await postAuth({ authorization: basicAuth(EMAIL, PASSWORD) }, '10.0.2.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().key).toBe('errors.tooManyAttempts');
    expect(blocked.headers['retry-after']).toBe('900');
  });

  it(`blocks an address after ${MAX_LOGIN_FAILURES} failures, whatever the e-mail`, async () => {
    for (let attempt = 0; attempt < MAX_LOGIN_FAILURES; attempt++) {
      expect((await fail(`guess${attempt}@example.com`, '10.0.3.3')).statusCode).toBe(401);
    }
    expect((await postAuth({ authorization: basicAuth(EMAIL, PASSWORD) }, '10.0.3.3')).statusCode).toBe(429);
    expect((await postAuth({ authorization: basicAuth(EMAIL, PASSWORD) }, '10.0.3.4')).statusCode).toBe(200);
  });

  it('forgets failures older than the window', async () => {
    for (let attempt = 0; attempt < MAX_LOGIN_FAILURES; attempt++) await fail(EMAIL, '10.0.4.4');
    await ctx.database.exec(`UPDATE login_failures SET at = now() - interval '16 minutes'`);
    expect((await postAuth({ authorization: basicAuth(EMAIL, PASSWORD) }, '10.0.4.5')).statusCode).toBe(200);
  });

  it('nine failures then a success does not block', async () => {
    for (let attempt = 0; attempt < MAX_LOGIN_FAILURES - 1; attempt++) await fail(EMAIL, '10.0.5.5');
    expect((await postAuth({ authorization: basicAuth(EMAIL, PASSWORD) }, '10.0.5.5')).statusCode).toBe(200);
  });
});

describe('every API route but the public ones needs a token', () => {
  it('walks the route table', async () => {
    const apiRoutes = ctx.app.routeTable.filter((route) => route.url.startsWith('/api/v1/'));
    expect(apiRoutes.length).toBeGreaterThan(2);
    for (const route of apiRoutes) {
      expect(route.operationId, `${route.method} ${route.url} has an operation name`).toMatch(/^[A-Z][A-Za-z]+$/);
      if (route.public) continue;
      const url = route.url.replace(/:[A-Za-z]+/g, 'x');
      const response = await ctx.app.inject({ method: route.method as 'GET', url });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('public routes are exactly sign-in, health and the network-server integrations', () => {
    const publicRoutes = ctx.app.routeTable.filter((route) => route.public).map((route) => `${route.method} ${route.url}`);
    expect(publicRoutes.sort()).toEqual(['GET /healthz', 'POST /api/v1/auth', 'POST /api/v1/integrations/chirpstack', 'POST /api/v1/integrations/tts/:messageType']);
  });

  it.each(['/api/v1/integrations/chirpstack?event=up', '/api/v1/integrations/tts/uplink'])('%s without the network server secret -> 401', async (url) => {
    const response = await ctx.app.inject({ method: 'POST', url, payload: {} });
    expect(response.statusCode).toBe(401);
  });
});
