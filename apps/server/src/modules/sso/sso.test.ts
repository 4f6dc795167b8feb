import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/database';
import { insertCustomer } from '../../test/places-fixtures';
import { TEST_PASSWORD, useTestContext } from '../../test/test-app';
import { startTestProvider, type TTestProvider } from './oidc-provider.fixture';

/**
 * Single sign-on (docs/sso.md) against a real OpenID provider (oidc-provider) started here: the code
 * flow with PKCE, nonce and state, the ID token checked by openid-client, the user matched by verified
 * e-mail in a served domain. The portal's clock is moved for the expired ID token (clockSkew).
 */
const PUBLIC_URL = 'http://portal.test';
const CALLBACK = `${PUBLIC_URL}/api/v1/auth/sso/callback`;
const clock = { offsetMs: 0 };
const logLines: string[] = [];
const ctx = useTestContext({ publicUrl: PUBLIC_URL, sso: { now: () => new Date(Date.now() + clock.offsetMs) }, logStream: { write: (line) => void logLines.push(line) } });
/** Why the last sign-in was refused, as the log says it (the library's error, never a token). */
const lastRefusal = () => String(logLines.filter((line) => line.includes('single sign-on')).at(-1) ?? '');
let idp: TTestProvider;
let admin: string;

beforeAll(async () => {
  idp = await startTestProvider({
    clients: [{ clientId: 'portal', clientSecret: 'portal-secret', redirectUri: CALLBACK }],
    accounts: {
      ann: { email: 'ann@gemeente.nl', email_verified: true, given_name: 'Ann', family_name: 'Jansen' },
      nieuw: { email: 'nieuw@gemeente.nl', email_verified: true, given_name: 'Nieuwe', family_name: 'Collega' },
      unverified: { email: 'piet@gemeente.nl', email_verified: false },
      outsider: { email: 'eve@elders.nl', email_verified: true },
    },
  });
});
afterAll(async () => idp.close());

beforeEach(async () => {
  clock.offsetMs = 0;
  logLines.length = 0;
  idp.audience.override = null;
  ({ admin } = await ctx.signedInUsers({ admin: { administrator: true } }));
  await ctx.createUser({ email: 'ann@gemeente.nl', password: TEST_PASSWORD, rights: { dashboard: true } });
});

function asAdmin(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
  return ctx.app.inject({ method, url: `/api/v1${url}`, headers: { 'x-access-token': admin }, payload: payload as object });
}

async function addProvider(change: Record<string, unknown> = {}): Promise<number> {
  const response = await asAdmin('POST', '/sso/providers', {
    name: 'Gemeente',
    issuer: idp.issuer,
    clientId: 'portal',
    clientSecret: 'portal-secret',
    domains: ['gemeente.nl'],
    ...change,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

/** The browser's walk: start at the portal, through the provider, to the callback URL it is sent back to. */
async function throughProvider(providerId: number, account: string): Promise<{ callback: string; cookie: string }> {
  idp.account.next = account;
  const start = await ctx.app.inject({ method: 'GET', url: `/api/v1/auth/sso/${providerId}/start` });
  expect(start.statusCode, start.body).toBe(302);
  const cookie = String(start.headers['set-cookie']).split(';')[0];
  let location = String(start.headers.location);
  expect(location.startsWith(idp.issuer)).toBe(true);
  const jar = new Map<string, string>();
  for (let hop = 0; hop < 10 && !location.startsWith(CALLBACK); hop++) {
    const answer = await fetch(location, { redirect: 'manual', headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') } });
    for (const line of answer.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const next = answer.headers.get('location');
    if (!next) throw new Error(`the provider stopped at ${location}: ${answer.status} ${await answer.text()}`);
    location = new URL(next, location).href;
  }
  return { callback: location, cookie };
}

async function callback(url: string, cookie: string): Promise<Record<string, string>> {
  const answer = await ctx.app.inject({ method: 'GET', url: url.slice(PUBLIC_URL.length), headers: { cookie } });
  expect(answer.statusCode, answer.body).toBe(302);
  const location = String(answer.headers.location);
  expect(location.startsWith(`${PUBLIC_URL}/login#`)).toBe(true);
  return Object.fromEntries(new URLSearchParams(location.slice(location.indexOf('#') + 1)));
}

async function exchange(code: string, cookie: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/auth/sso', headers: { cookie }, payload: { code } });
}

async function signInAs(providerId: number, account: string): Promise<Record<string, string>> {
  const walk = await throughProvider(providerId, account);
  return callback(walk.callback, walk.cookie);
}

describe('providers', () => {
  it('never answer the secret, only that it is set; an empty secret on a change keeps it', async () => {
    const id = await addProvider();
    const list = await asAdmin('GET', '/sso/providers');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('portal-secret');
    expect(list.json()).toMatchObject({ redirectUri: CALLBACK, providers: [{ id, name: 'Gemeente', clientSecretSet: true, domains: ['gemeente.nl'], createUsers: false }] });
    const changed = await asAdmin('PATCH', `/sso/providers/${id}`, { name: 'Gemeente Zuid', issuer: idp.issuer, clientId: 'portal', clientSecret: '', domains: ['gemeente.nl'] });
    expect(changed.statusCode, changed.body).toBe(200);
    const [row] = await queryRows<{ client_secret: string }>(ctx.database.db, sql`SELECT client_secret FROM sso_providers`);
    expect(row.client_secret).toBe('portal-secret');
  });

  it.each([
    [{ issuer: 'http://idp.example.nl' }, 'issuer', 'validation.ssoIssuer'],
    [{ domains: ['geen domein'] }, 'domains.0', 'validation.ssoDomain'],
    [{ clientSecret: '' }, 'clientSecret', 'validation.ssoSecretRequired'],
    [{ customers: ['Onbekend'] }, 'customers', 'validation.unknownCustomer'],
  ])('%j is refused with the field and its message key', async (change, field, key) => {
    const response = await asAdmin('POST', '/sso/providers', { name: 'X', issuer: idp.issuer, clientId: 'portal', clientSecret: 's', domains: ['gemeente.nl'], ...change });
    expect(response.statusCode).toBe(400);
    expect(String(response.json().fields[field])).toContain(key);
    expect(await queryRows(ctx.database.db, sql`SELECT id FROM sso_providers`)).toHaveLength(0);
  });

  it('are for administrators only; /login sees enabled ones by id and name only', async () => {
    const manager = (await ctx.signedInUsers({ manager: { rights: { userManagement: true } } })).manager;
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/v1/sso/providers', headers: { 'x-access-token': manager } });
    expect(refused.statusCode).toBe(403);
    const id = await addProvider();
    await addProvider({ name: 'Uit', enabled: false });
    const listed = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/sso/providers' });
    expect(listed.json()).toEqual([{ id, name: 'Gemeente' }]);
  });
});

describe('signing in', () => {
  it('an existing user by verified e-mail: the same session token as a password sign-in, no second step', async () => {
    const id = await addProvider();
    const walk = await throughProvider(id, 'ann');
    expect(new URL(walk.callback).searchParams.get('code')).toBeTruthy();
    const fragment = await callback(walk.callback, walk.cookie);
    expect(fragment.ssoError).toBeUndefined();
    const answer = await exchange(fragment.sso, walk.cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/current', headers: { 'x-access-token': answer.json().token } });
    expect(me.json()).toMatchObject({ email: 'ann@gemeente.nl' });
    // The one-time code works once, and only from the browser that started (its cookie).
    expect((await exchange(fragment.sso, walk.cookie)).statusCode).toBe(401);
  });

  it('the one-time code is refused from another browser', async () => {
    const id = await addProvider();
    const walk = await throughProvider(id, 'ann');
    const fragment = await callback(walk.callback, walk.cookie);
    const stolen = await exchange(fragment.sso, 'aquasmart_sso=someone-else');
    expect(stolen.statusCode).toBe(401);
    expect(stolen.json().key).toBe('errors.ssoExpired');
  });

  it('creates a user on first sign-in with the provider rights and customers', async () => {
    await insertCustomer(ctx.database.db, 'Ziekenhuis');
    const id = await addProvider({ createUsers: true, customers: ['Ziekenhuis'], portal: { rights: { dashboard: true, gatewayView: true } } });
    const walk = await throughProvider(id, 'nieuw');
    const fragment = await callback(walk.callback, walk.cookie);
    expect((await exchange(fragment.sso, '')).statusCode).toBe(401); // without the browser's cookie: no session
    const walk2 = await throughProvider(id, 'nieuw');
    const answer = await exchange((await callback(walk2.callback, walk2.cookie)).sso, walk2.cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/current', headers: { 'x-access-token': answer.json().token } });
    expect(me.json()).toMatchObject({ email: 'nieuw@gemeente.nl', firstName: 'Nieuwe', lastName: 'Collega', customers: ['Ziekenhuis'], portal: { rights: { dashboard: true, gatewayView: true, administrator: false } } });
    expect(await queryRows(ctx.database.db, sql`SELECT id FROM users WHERE email = 'nieuw@gemeente.nl'`)).toHaveLength(1);
  });

  it.each([
    ['outsider', 'errors.ssoDomain'],
    ['unverified', 'errors.ssoUnverified'],
    ['nieuw', 'errors.ssoNoUser'],
  ])('%s is refused on /login with %s, and no user is made', async (account, key) => {
    const id = await addProvider();
    const fragment = await signInAs(id, account);
    expect(fragment).toEqual({ ssoError: key });
    expect(await queryRows(ctx.database.db, sql`SELECT id FROM users WHERE email <> 'admin@example.com' AND email <> 'ann@gemeente.nl'`)).toHaveLength(0);
  });

  it('an ID token for another audience is refused (checked by openid-client)', async () => {
    const id = await addProvider();
    idp.audience.override = 'another-application';
    expect(await signInAs(id, 'ann')).toEqual({ ssoError: 'errors.ssoRefused' });
    expect(lastRefusal()).toContain('\\"aud\\" (audience) claim value');
  });

  it('an expired ID token is refused: the portal clock two hours past the token life of one hour', async () => {
    const id = await addProvider();
    clock.offsetMs = 2 * 3600 * 1000;
    const walk = await throughProvider(id, 'ann');
    expect(await callback(walk.callback, walk.cookie)).toEqual({ ssoError: 'errors.ssoRefused' });
    expect(lastRefusal()).toContain('"exp\\" (expiration time)');
  });

  it('a replayed callback is refused (the state is used), and so is its code with a fresh state', async () => {
    const id = await addProvider();
    const walk = await throughProvider(id, 'ann');
    expect((await callback(walk.callback, walk.cookie)).sso).toBeTruthy();
    expect(await callback(walk.callback, walk.cookie)).toEqual({ ssoError: 'errors.ssoExpired' });
    // A new sign-in's state and cookie with the old code: the provider refuses the used code (and its verifier differs).
    const fresh = await throughProvider(id, 'ann');
    const replay = new URL(walk.callback);
    replay.searchParams.set('state', new URL(fresh.callback).searchParams.get('state') ?? '');
    expect(await callback(replay.href, fresh.cookie)).toEqual({ ssoError: 'errors.ssoRefused' });
    expect(lastRefusal()).toContain('invalid_grant');
    for (const line of logLines) expect(line).not.toContain('portal-secret');
  });

  it('a state expires after ten minutes, and a callback without the starting browser cookie is refused', async () => {
    const id = await addProvider();
    const walk = await throughProvider(id, 'ann');
    expect(await callback(walk.callback, 'aquasmart_sso=other')).toEqual({ ssoError: 'errors.ssoExpired' });
    const late = await throughProvider(id, 'ann');
    clock.offsetMs = 11 * 60 * 1000;
    expect(await callback(late.callback, late.cookie)).toEqual({ ssoError: 'errors.ssoExpired' });
  });

  it('a switched-off or unknown provider is refused at the start', async () => {
    const id = await addProvider({ enabled: false });
    for (const target of [id, 999]) {
      const start = await ctx.app.inject({ method: 'GET', url: `/api/v1/auth/sso/${target}/start` });
      expect(start.statusCode).toBe(302);
      expect(start.headers.location).toBe(`${PUBLIC_URL}/login#ssoError=errors.ssoUnknownProvider`);
    }
  });
});

describe('only through the provider (password sign-in off, docs/sso.md)', () => {
  const passwordSignIn = (email: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/auth', headers: { authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}` } });
  const askReset = (email: string) => ctx.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset', payload: { email } });
  const resetLinks = async (email: string) =>
    (await queryRows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM password_resets r JOIN users u ON u.id = r.user_id WHERE u.email = ${email}`))[0].n;

  it('refuses a password of the domain, right or wrong, with errors.ssoRequired; an administrator of the domain keeps it; the provider still signs in', async () => {
    await ctx.createUser({ email: 'beheer@gemeente.nl', password: TEST_PASSWORD, administrator: true });
    await ctx.createUser({ email: 'jan@elders.nl', password: TEST_PASSWORD, rights: { dashboard: true } });
    expect((await passwordSignIn('ann@gemeente.nl', TEST_PASSWORD)).statusCode).toBe(200);
    const id = await addProvider({ passwordSignIn: false });
    expect((await asAdmin('GET', '/sso/providers')).json().providers[0]).toMatchObject({ passwordSignIn: false });

    for (const [email, password] of [
      ['ann@gemeente.nl', TEST_PASSWORD],
      ['ANN@Gemeente.nl', 'wrong-password'],
      ['nobody@gemeente.nl', TEST_PASSWORD],
      ['beheer@gemeente.nl', 'wrong-password'],
    ]) {
      const refused = await passwordSignIn(email, password);
      expect(refused.statusCode, `${email} ${refused.body}`).toBe(403);
      expect(refused.json()).toMatchObject({ key: 'errors.ssoRequired' });
    }
    expect((await passwordSignIn('beheer@gemeente.nl', TEST_PASSWORD)).statusCode).toBe(200);
    expect((await passwordSignIn('jan@elders.nl', TEST_PASSWORD)).statusCode).toBe(200);
    expect((await passwordSignIn('jan@elders.nl', 'wrong-password')).statusCode).toBe(401);
    // Single sign-on itself goes on.
    expect((await signInAs(id, 'ann')).sso).toBeTruthy();

    // Switched off, or password sign-in on again: the password works.
    expect((await asAdmin('PATCH', `/sso/providers/${id}`, { name: 'Gemeente', issuer: idp.issuer, clientId: 'portal', domains: ['gemeente.nl'], enabled: false, passwordSignIn: false })).statusCode).toBe(200);
    expect((await passwordSignIn('ann@gemeente.nl', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('sends no reset link to such an address (the same answer as for any), and a link sent before no longer works', async () => {
    expect((await askReset('ann@gemeente.nl')).statusCode).toBe(202);
    expect(await resetLinks('ann@gemeente.nl')).toBe(1);
    const [link] = await queryRows<{ id: number }>(ctx.database.db, sql`SELECT id FROM password_resets ORDER BY id DESC LIMIT 1`);
    // The link's token is only in the mail: a known one is put in its place.
    const { hashToken } = await import('../../identity/tokens');
    await ctx.database.db.execute(sql`UPDATE password_resets SET token_hash = ${hashToken('a-known-reset-token')} WHERE id = ${link.id}`);
    const check = () => ctx.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset/check', payload: { token: 'a-known-reset-token' } });
    expect((await check()).statusCode).toBe(200);

    await addProvider({ passwordSignIn: false });
    expect((await askReset('ann@gemeente.nl')).statusCode).toBe(202);
    expect(await resetLinks('ann@gemeente.nl')).toBe(1);
    const used = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset/confirm', payload: { token: 'a-known-reset-token', password: 'Een-nieuw-wachtwoord-2026' } });
    expect(used.statusCode, used.body).toBe(400);
    expect(used.json()).toMatchObject({ key: 'errors.resetLinkInvalid' });
    expect((await passwordSignIn('ann@gemeente.nl', 'Een-nieuw-wachtwoord-2026')).statusCode).toBe(403);
  });
});
