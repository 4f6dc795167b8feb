import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tokens } from '../../db/schema';
import { basicAuth, useTestContext } from '../../test/test-app';
import { hashToken, MAX_SESSION_SECONDS, TOKEN_RENEWAL_GRACE_SECONDS } from '../../identity/tokens';
import { LOGIN_LIMITS } from './login-limiter';

const EMAIL = 'beheer@example.com';
const PASSWORD = 'Correct-horse-9';

let userId: number;

const ctx = useTestContext();
beforeEach(async () => {
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

  it(`a valid token without credentials gets a fresh token; the old one works ${TOKEN_RENEWAL_GRACE_SECONDS} s more, is not renewed again, then ends`, async () => {
    const first = await ctx.signIn(EMAIL, PASSWORD);
    const response = await postAuth({ 'x-access-token': first });
    expect(response.statusCode).toBe(200);
    const second = response.json().token;
    expect(second).not.toBe(first);
    expect((await getCurrent(second)).statusCode).toBe(200);
    // A request that left with the old token during the renewal is still answered.
    expect((await getCurrent(first)).statusCode).toBe(200);
    const [old] = await ctx.database.db.select().from(tokens).where(eq(tokens.tokenHash, hashToken(first)));
    const graceLeft = (old.expiresAt.getTime() - Date.now()) / 1000;
    expect(graceLeft).toBeGreaterThan(0);
    expect(graceLeft).toBeLessThanOrEqual(TOKEN_RENEWAL_GRACE_SECONDS);
    // It cannot be renewed a second time (no second long-lived token from one).
    expect((await postAuth({ 'x-access-token': first })).statusCode).toBe(401);
    await ctx.database.exec(`UPDATE tokens SET expires_at = now() - interval '1 second' WHERE renewed_at IS NOT NULL`);
    expect((await getCurrent(first)).statusCode).toBe(401);
    expect((await getCurrent(second)).statusCode).toBe(200);
  });

  it(`a session ends ${MAX_SESSION_SECONDS / 86400} days after its sign-in, however often it is renewed`, async () => {
    const first = await ctx.signIn(EMAIL, PASSWORD);
    // The session began just short of the maximum ago: a renewal keeps its start and its end.
    await ctx.database.exec(`UPDATE tokens SET session_started_at = now() - interval '${MAX_SESSION_SECONDS - 60} seconds'`);
    const renewed = (await postAuth({ 'x-access-token': first })).json().token as string;
    const [row] = await ctx.database.db.select().from(tokens).where(eq(tokens.tokenHash, hashToken(renewed)));
    const secondsLeft = (row.expiresAt.getTime() - Date.now()) / 1000;
    expect(secondsLeft).toBeGreaterThan(0);
    expect(secondsLeft).toBeLessThanOrEqual(60);
    await ctx.database.exec(`UPDATE tokens SET session_started_at = now() - interval '${MAX_SESSION_SECONDS} seconds', expires_at = now() - interval '1 second'`);
    expect((await postAuth({ 'x-access-token': renewed })).statusCode).toBe(401);
    expect((await getCurrent(renewed)).statusCode).toBe(401);
  });

  it('a fresh sign-in starts a new session', async () => {
    await ctx.signIn(EMAIL, PASSWORD);
    const [row] = await ctx.database.db.select().from(tokens);
    expect(Math.abs(row.sessionStartedAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(3500_000);
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

  it('signing out with a token in its renewal grace ends the session: the renewed token too; another session stays', async () => {
    const other = await ctx.signIn(EMAIL, PASSWORD);
    const first = await ctx.signIn(EMAIL, PASSWORD);
    const second = (await postAuth({ 'x-access-token': first })).json().token as string;
    const third = (await postAuth({ 'x-access-token': second })).json().token as string;
    expect((await getCurrent(first)).statusCode).toBe(200);
    const signOut = await ctx.app.inject({ method: 'DELETE', url: '/api/v1/auth', headers: { 'x-access-token': first } });
    expect(signOut.statusCode).toBe(204);
    for (const token of [first, second, third]) expect((await getCurrent(token)).statusCode).toBe(401);
    expect((await postAuth({ 'x-access-token': third })).statusCode).toBe(401);
    expect((await getCurrent(other)).statusCode).toBe(200);
    // Signing out with the newest token ends the one still in its grace as well.
    const renewed = (await postAuth({ 'x-access-token': other })).json().token as string;
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/v1/auth', headers: { 'x-access-token': renewed } })).statusCode).toBe(204);
    expect((await getCurrent(other)).statusCode).toBe(401);
  });

  it('deleting the user ends their tokens', async () => {
    const token = await ctx.signIn(EMAIL, PASSWORD);
    await ctx.database.exec(`DELETE FROM users WHERE id = ${userId}`);
    expect((await getCurrent(token)).statusCode).toBe(401);
  });
});

describe('login rate limit', () => {
  const { pair, address, email } = LOGIN_LIMITS;
  async function fail(account: string, from: string) {
    return postAuth({ authorization: basicAuth(account, 'Wrong-password-1') }, from);
  }
  const rightPassword = (from: string) => postAuth({ authorization: basicAuth(EMAIL, PASSWORD) }, from);

  it(`100 parallel wrong guesses: at most ${pair.max} password checks, then the right password waits for the window`, async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, () => fail(EMAIL, '10.0.1.1')));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(pair.max);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    const blocked = await rightPassword('10.0.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().key).toBe('errors.tooManyAttempts');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(pair.windowSeconds - 60);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(pair.windowSeconds);
    await ctx.database.exec(`UPDATE login_attempts SET window_start = window_start - interval '${pair.windowSeconds} seconds'`);
    expect((await rightPassword('10.0.1.1')).statusCode).toBe(200);
  });

  it(`${pair.max} failures from one address do not lock the owner out elsewhere`, async () => {
    for (let attempt = 0; attempt < pair.max; attempt++) expect((await fail(EMAIL, '10.0.2.1')).statusCode).toBe(401);
    // Hammering on from the blocked address does not count against the account elsewhere.
    for (let attempt = 0; attempt < email.max; attempt++) expect((await fail(EMAIL, '10.0.2.1')).statusCode).toBe(429);
    expect((await rightPassword('10.0.2.1')).statusCode).toBe(429);
    expect((await rightPassword('10.0.2.2')).statusCode).toBe(200);
  });

  it(`an account guessed at from many addresses is blocked after ${email.max} failures in its window`, async () => {
    for (let attempt = 0; attempt < email.max; attempt++) {
      expect((await fail(EMAIL, `10.0.3.${Math.floor(attempt / pair.max)}`)).statusCode).toBe(401);
    }
    expect((await rightPassword('10.0.3.200')).statusCode).toBe(429);
  });

  it(`blocks an address after ${address.max} failures, whatever the e-mail`, async () => {
    for (let attempt = 0; attempt < address.max; attempt++) {
      expect((await fail(`guess${attempt}@example.com`, '10.0.4.4')).statusCode).toBe(401);
    }
    expect((await rightPassword('10.0.4.4')).statusCode).toBe(429);
    expect((await rightPassword('10.0.4.5')).statusCode).toBe(200);
  });

  it('a success gives its attempt back: nine failures, a success, nine failures still pass', async () => {
    for (let attempt = 0; attempt < pair.max - 1; attempt++) await fail(EMAIL, '10.0.5.5');
    expect((await rightPassword('10.0.5.5')).statusCode).toBe(200);
    expect((await fail(EMAIL, '10.0.5.5')).statusCode).toBe(401);
    expect((await rightPassword('10.0.5.5')).statusCode).toBe(429);
  });

  it('sign-ins of many colleagues behind one address are not failures', async () => {
    for (let attempt = 0; attempt < address.max + 5; attempt++) expect((await rightPassword('10.0.6.6')).statusCode).toBe(200);
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

  it.each(['/api/v1/integrations/chirpstack?event=up', '/api/v1/integrations/tts/uplink'])('%s without the network server secret -> 401', async (url) => {
    const response = await ctx.app.inject({ method: 'POST', url, payload: {} });
    expect(response.statusCode).toBe(401);
  });
});
