import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/database';
import { insertCustomer, seedPlacesWorld } from '../../test/places-fixtures';
import { useTestContext } from '../../test/test-app';

/** API keys (docs/api-keys.md): made within the maker's rights, shown once, stored hashed, scoped like a user, refused when expired or revoked. */
const ctx = useTestContext();
const tokens: Record<string, string> = {};
const inAMonth = () => new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString();

beforeEach(async () => {
  await seedPlacesWorld(ctx.database.db);
  Object.assign(tokens, await ctx.signedInUsers({ admin: { administrator: true }, manager: { rights: { userManagement: true, dashboard: true, editCustomer: true } } }));
});

function asUser(caller: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
  return ctx.app.inject({ method, url: `/api/v1${url}`, headers: { 'x-access-token': tokens[caller] }, payload: payload as object });
}
function withKey(key: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
  return ctx.app.inject({ method, url: `/api/v1${url}`, headers: { authorization: `Bearer ${key}` }, payload: payload as object });
}
async function makeKey(caller: string, body: Record<string, unknown>) {
  const response = await asUser(caller, 'POST', '/api-keys', { name: 'CAFM', expiresAt: inAMonth(), ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; key: string; hint: string }>();
}
const stored = () => queryRows<Record<string, unknown>>(ctx.database.db, sql`SELECT * FROM api_keys ORDER BY id`);

describe('making a key', () => {
  it('is shown once and stored as its SHA-256 only', async () => {
    const created = await makeKey('admin', { customers: ['Acme'], portal: { rights: { dashboard: true } } });
    expect(created.key).toMatch(/^aqk_[A-Za-z0-9_-]{43}$/);
    expect(created.hint).toBe(created.key.slice(0, 8));
    const [row] = await stored();
    expect(row.key_hash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(JSON.stringify(await stored())).not.toContain(created.key);
    const list = await asUser('admin', 'GET', '/api-keys');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.key);
    expect(list.json()).toMatchObject([{ id: created.id, name: 'CAFM', customers: ['Acme'], createdBy: 'admin@example.com', state: 'active', lastUsedAt: null }]);
    expect(list.json()[0]).not.toHaveProperty('key');
  });

  it('a user manager gives rights within their own; beyond them is 403 naming the field', async () => {
    await makeKey('manager', { portal: { rights: { dashboard: true, editCustomer: true } } });
    const beyond = await asUser('manager', 'POST', '/api-keys', { name: 'Te veel', expiresAt: inAMonth(), portal: { rights: { dashboard: true, editNode: true } } });
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json()).toMatchObject({ key: 'errors.rightNotHeld', fields: { 'portal.rights.editNode': 'errors.rightNotHeld' } });
    const administrator = await asUser('manager', 'POST', '/api-keys', { name: 'Admin', expiresAt: inAMonth(), portal: { rights: { administrator: true } } });
    expect(administrator.statusCode).toBe(403);
    expect(await stored()).toHaveLength(1);
  });

  it.each(['userManagement', 'signLogbook'])('no key holds %s (400 on the field)', async (flag) => {
    const response = await asUser('admin', 'POST', '/api-keys', { name: 'X', expiresAt: inAMonth(), portal: { rights: { [flag]: true } } });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ [`portal.rights.${flag}`]: 'errors.apiKeyRightNotAllowed' });
  });

  it.each([
    ['in the past', new Date(Date.now() - 1000).toISOString(), 'validation.apiKeyExpiryPast'],
    ['beyond 366 days', new Date(Date.now() + 367 * 24 * 3600 * 1000).toISOString(), 'validation.apiKeyExpiryTooFar?max=366'],
  ])('an expiry %s is 400 on expiresAt', async (_label, expiresAt, key) => {
    const response = await asUser('admin', 'POST', '/api-keys', { name: 'X', expiresAt });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ expiresAt: key });
  });

  it('an unknown customer is 400 on customers', async () => {
    const response = await asUser('admin', 'POST', '/api-keys', { name: 'X', expiresAt: inAMonth(), customers: ['Niemand'] });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toEqual(['customers']);
  });

  it('a user without userManagement may not list or make keys', async () => {
    Object.assign(tokens, await ctx.signedInUsers({ viewer: { rights: { dashboard: true } } }));
    expect((await asUser('viewer', 'GET', '/api-keys')).statusCode).toBe(403);
    expect((await asUser('viewer', 'POST', '/api-keys', { name: 'X', expiresAt: inAMonth() })).statusCode).toBe(403);
  });
});

describe('calling with a key', () => {
  it('works within its customers and rights: 200, outside its customers 404, outside its rights 403', async () => {
    const { key } = await makeKey('admin', { customers: ['Acme'], portal: { rights: { dashboard: true } } });
    const customers = await withKey(key, 'GET', '/customers');
    expect(customers.statusCode, customers.body).toBe(200);
    expect(customers.json().map((customer: { name: string }) => customer.name)).toEqual(['Acme']);
    expect((await withKey(key, 'GET', '/customers/Acme')).statusCode).toBe(200);
    expect((await withKey(key, 'GET', '/customers/Beta')).statusCode).toBe(404);
    expect((await withKey(key, 'GET', '/dashboard')).statusCode).toBe(200);
    const edit = await withKey(key, 'PATCH', '/customers/Acme', { city: 'Delft' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().key).toBe('errors.forbidden');
    expect((await withKey(key, 'POST', '/customers', { name: 'Nieuw' })).statusCode).toBe(403);
  });

  it('an unknown, expired or revoked key is 401 errors.apiKeyInvalid', async () => {
    const { key, id } = await makeKey('admin', { portal: { rights: { dashboard: true } } });
    expect((await withKey(key, 'GET', '/customers')).statusCode).toBe(200);
    const unknown = await withKey(`${key.slice(0, -2)}xx`, 'GET', '/customers');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().key).toBe('errors.apiKeyInvalid');

    await ctx.database.db.execute(sql`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = ${id}`);
    const expired = await withKey(key, 'GET', '/customers');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().key).toBe('errors.apiKeyInvalid');

    const other = await makeKey('admin', { portal: { rights: { dashboard: true } } });
    const revoke = await asUser('admin', 'DELETE', `/api-keys/${other.id}`);
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json()).toMatchObject({ state: 'revoked', revokedAt: expect.any(String) });
    const revoked = await withKey(other.key, 'GET', '/customers');
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().key).toBe('errors.apiKeyInvalid');
    expect((await asUser('admin', 'GET', '/api-keys')).json().map((row: { state: string }) => row.state)).toEqual(['revoked', 'expired']);
  });

  it('records the last use, at most once a minute', async () => {
    const { key, id } = await makeKey('admin', { portal: { rights: { dashboard: true } } });
    await withKey(key, 'GET', '/customers');
    const [first] = await queryRows<{ last_used_at: string; last_used_from: string }>(ctx.database.db, sql`SELECT last_used_at::text, last_used_from FROM api_keys`);
    expect(first.last_used_from).toBe('127.0.0.1');
    expect(first.last_used_at).not.toBeNull();
    await withKey(key, 'GET', '/customers');
    const [second] = await queryRows<{ last_used_at: string }>(ctx.database.db, sql`SELECT last_used_at::text FROM api_keys`);
    expect(second.last_used_at).toBe(first.last_used_at);
    await ctx.database.db.execute(sql`UPDATE api_keys SET last_used_at = now() - interval '61 seconds' WHERE id = ${id}`);
    await withKey(key, 'GET', '/customers');
    const [third] = await queryRows<{ later: boolean }>(ctx.database.db, sql`SELECT last_used_at > now() - interval '10 seconds' AS later FROM api_keys`);
    expect(third.later).toBe(true);
    expect((await asUser('admin', 'GET', '/api-keys')).json()[0]).toMatchObject({ lastUsedAt: expect.any(String), lastUsedFrom: '127.0.0.1' });
  });

  it('a key whose customers were all deleted is refused, never widened to every customer', async () => {
    await insertCustomer(ctx.database.db, 'Leeg');
    const { key } = await makeKey('admin', { customers: ['Leeg'], portal: { rights: { dashboard: true } } });
    expect((await withKey(key, 'GET', '/customers')).json()).toHaveLength(1);
    await ctx.database.db.execute(sql`DELETE FROM customers WHERE name = 'Leeg'`);
    expect((await withKey(key, 'GET', '/customers')).statusCode).toBe(401);
  });

  it('acts as itself: GET /users/current names the key', async () => {
    const { key, id } = await makeKey('admin', { portal: { rights: { dashboard: true } } });
    const me = await withKey(key, 'GET', '/users/current');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: `api-key:${id}`, firstName: 'CAFM', type: null, customers: [] });
  });
});

describe('what a key never does, even an administrator\'s', () => {
  const PEOPLE_ONLY: [string, 'GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown][] = [
    ['list users', 'GET', '/users', undefined],
    ['make a user', 'POST', '/users', { firstName: 'A', lastName: 'B', email: 'x@example.com', password: 'Welkom-test-2026' }],
    ['change a user', 'PATCH', '/users/manager%40example.com', { firstName: 'Z' }],
    ['delete a user', 'DELETE', '/users/manager%40example.com', undefined],
    ['list keys', 'GET', '/api-keys', undefined],
    ['make a key', 'POST', '/api-keys', { name: 'Kind', expiresAt: inAMonth() }],
    ['revoke a key', 'DELETE', '/api-keys/1', undefined],
    ['change its account', 'PATCH', '/users/current', { password: 'Nieuw-wachtwoord-2026' }],
    ['sign out', 'DELETE', '/auth', undefined],
    ['open the live stream', 'GET', '/events', undefined],
    ['issue a location logbook', 'POST', '/customers/Acme/locations/Hal/logbook/issued', { from: '2026-01-01', to: '2026-01-31', statement: true, role: 'Beheerder' }],
    ['issue a customer logbook', 'POST', '/customers/Acme/logbook/issued', { from: '2026-01-01', to: '2026-01-31', statement: true, role: 'Beheerder' }],
  ];
  it.each(PEOPLE_ONLY)('%s: 403 errors.notForApiKeys, nothing changed', async (_label, method, url, payload) => {
    const { key } = await makeKey('admin', { portal: { rights: { administrator: true } } });
    const users = await queryRows(ctx.database.db, sql`SELECT email, first_name, password_hash FROM users ORDER BY id`);
    const keys = await queryRows(ctx.database.db, sql`SELECT id, revoked_at FROM api_keys ORDER BY id`);
    const response = await withKey(key, method, url, payload);
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json().key).toBe('errors.notForApiKeys');
    expect(await queryRows(ctx.database.db, sql`SELECT email, first_name, password_hash FROM users ORDER BY id`)).toEqual(users);
    expect(await queryRows(ctx.database.db, sql`SELECT id, revoked_at FROM api_keys ORDER BY id`)).toEqual(keys);
  });

  it('an administrator\'s key otherwise reaches administrator routes', async () => {
    const { key } = await makeKey('admin', { portal: { rights: { administrator: true } } });
    expect((await withKey(key, 'GET', '/intakeEvents')).statusCode).toBe(200);
    const { key: plain } = await makeKey('admin', { portal: { rights: { dashboard: true } } });
    expect((await withKey(plain, 'GET', '/intakeEvents')).statusCode).toBe(403);
  });

  it('gets no session: POST /auth with the key issues no token', async () => {
    const { key } = await makeKey('admin', { portal: { rights: { dashboard: true } } });
    const response = await withKey(key, 'POST', '/auth');
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.body).not.toContain('token":');
  });

  it('a user manager cannot revoke a key that holds more than they do', async () => {
    const strong = await makeKey('admin', { portal: { rights: { administrator: true } } });
    const response = await asUser('manager', 'DELETE', `/api-keys/${strong.id}`);
    expect(response.statusCode).toBe(403);
    expect(response.json().key).toBe('errors.userHoldsMore');
    const own = await makeKey('manager', { portal: { rights: { dashboard: true } } });
    expect((await asUser('manager', 'DELETE', `/api-keys/${own.id}`)).statusCode).toBe(200);
    expect((await asUser('manager', 'DELETE', '/api-keys/999')).statusCode).toBe(404);
  });
});
