import { beforeEach, describe, expect, it } from 'vitest';
import { basicAuth, TEST_PASSWORD, useTestContext } from '../../test/test-app';

/**
 * A user manager acts only on users who hold no more than they do (docs/architecture.md,
 * "Rights"): every user route x (target holds less, the same, more) x (user manager,
 * administrator). And one's own password never changes without the current password, by any route.
 */
const tokens: Record<string, string> = {};
const ctx = useTestContext();

const MANAGER_RIGHTS = { userManagement: true, dashboard: true, settings: true };
beforeEach(async () => {
  Object.assign(tokens, await ctx.signedInUsers({ admin: { administrator: true }, manager: { rights: MANAGER_RIGHTS } }));
  await ctx.createUser({ email: 'less@example.com', password: TEST_PASSWORD, rights: { dashboard: true } });
  await ctx.createUser({ email: 'same@example.com', password: TEST_PASSWORD, rights: MANAGER_RIGHTS });
  // Holds settings like the manager, and deleteNode and calibration beyond them.
  await ctx.createUser({ email: 'more@example.com', password: TEST_PASSWORD, rights: { settings: true, deleteNode: true, calibration: true } });
});

type TMethod = 'GET' | 'PATCH' | 'DELETE';
function call(caller: string, method: TMethod, url: string, payload?: unknown) {
  return ctx.app.inject({ method, url: `/api/v1${url}`, headers: { 'x-access-token': tokens[caller] }, payload: payload as object });
}

type TCase = [caller: string, target: string, method: TMethod, payload: unknown, status: number, key?: string];
const WRITES: [TMethod, unknown, number][] = [
  ['PATCH', { password: 'Overgenomen-2026' }, 200],
  ['PATCH', { email: 'renamed@example.com' }, 200],
  ['PATCH', { firstName: 'Anders' }, 200],
  ['PATCH', { portal: { rights: { dashboard: true } } }, 200],
  ['PATCH', { customers: [] }, 200],
  ['DELETE', undefined, 204],
];
const cases: TCase[] = [];
for (const caller of ['admin', 'manager']) {
  for (const target of ['less', 'same', 'more']) {
    cases.push([caller, target, 'GET', undefined, 200]);
    const refused = caller === 'manager' && target === 'more';
    for (const [method, payload, status] of WRITES) {
      cases.push([caller, target, method, payload, refused ? 403 : status, refused ? 'errors.userHoldsMore' : undefined]);
    }
  }
}

const snapshot = () =>
  ctx.database.db.query.users.findMany({ columns: { email: true, passwordHash: true, portalRights: true, firstName: true }, orderBy: (u, { asc }) => asc(u.id) });

describe('who may manage whom: a target holding less, the same or more', () => {
  it.each(cases)('%s on %s: %s %j -> %i', async (caller, target, method, payload, status, key) => {
    const before = await snapshot();
    const response = await call(caller, method, `/users/${target}%40example.com`, payload);
    expect(response.statusCode, response.body).toBe(status);
    if (key) expect(response.json().key).toBe(key);
    if (status === 403) expect(await snapshot()).toEqual(before);
  });

  it('the refusal names the rights the target holds beyond the manager', async () => {
    const response = await call('manager', 'PATCH', '/users/more%40example.com', { password: 'Overgenomen-2026' });
    expect(response.statusCode).toBe(403);
    expect(Object.keys(response.json().fields).sort()).toEqual(['portal.rights.calibration', 'portal.rights.deleteNode']);
    const attempt = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth', headers: { authorization: basicAuth('more@example.com', 'Overgenomen-2026') } });
    expect(attempt.statusCode).toBe(401);
  });
});

describe('one\'s own password and e-mail need the current password on every route', () => {
  it.each(['admin', 'manager'])('%s: PATCH /users/{own e-mail} without, with a wrong and with the right current password', async (caller) => {
    const url = `/users/${caller}%40example.com`;
    const missing = await call(caller, 'PATCH', url, { password: 'Nieuw-wachtwoord-2026' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().key).toBe('errors.currentPasswordRequired');
    const email = await call(caller, 'PATCH', url, { email: `${caller}-new@example.com` });
    expect(email.statusCode).toBe(400);
    expect(email.json().key).toBe('errors.currentPasswordRequired');
    const wrong = await call(caller, 'PATCH', url, { password: 'Nieuw-wachtwoord-2026', currentPassword: 'Niet-het-wachtwoord-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().key).toBe('errors.incorrectPassword');
    // Names need no current password.
    expect((await call(caller, 'PATCH', url, { firstName: 'Eigen' })).statusCode).toBe(200);
    expect((await ctx.signIn(`${caller}@example.com`, TEST_PASSWORD)).length).toBeGreaterThan(20);
    const right = await call(caller, 'PATCH', url, { password: 'Nieuw-wachtwoord-2026', currentPassword: TEST_PASSWORD });
    expect(right.statusCode, right.body).toBe(200);
    expect((await ctx.signIn(`${caller}@example.com`, 'Nieuw-wachtwoord-2026')).length).toBeGreaterThan(20);
  });
});
