import { beforeEach, describe, expect, it } from 'vitest';
import { useTestContext, TEST_PASSWORD } from '../../test/test-app';

/**
 * Only an administrator creates, changes or deletes an administrator, and nobody grants a right
 * they do not hold: every user route x (administrator target, other target) x (administrator
 * caller, user manager caller).
 */
const tokens: Record<string, string> = {};

const ctx = useTestContext();
beforeEach(async () => {
  Object.assign(
    tokens,
    await ctx.signedInUsers({
      admin: { administrator: true },
      manager: { rights: { userManagement: true, dashboard: true } },
    }),
  );
  // Targets: an administrator by type, an administrator by the flag only, and a plain user.
  await ctx.createUser({ email: 'typeadmin@example.com', password: TEST_PASSWORD, administrator: true });
  await ctx.createUser({ email: 'flagadmin@example.com', password: TEST_PASSWORD, rights: { administrator: true } });
  await ctx.createUser({ email: 'plain@example.com', password: TEST_PASSWORD, rights: { dashboard: true } });
});

type TMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';
function call(caller: string, method: TMethod, url: string, payload?: unknown) {
  return ctx.app.inject({ method, url: `/api/v1${url}`, headers: { 'x-access-token': tokens[caller] }, payload: payload as object });
}

const newUser = (rights: Record<string, boolean>) => ({
  firstName: 'Nieuw',
  lastName: 'Account',
  email: 'new@example.com',
  password: 'Nieuw-account-2026',
  portal: { rights },
});

type TCase = [caller: string, method: TMethod, url: string, payload: unknown, status: number, key?: string];
const ADMIN_TARGETS = ['typeadmin', 'flagadmin'];

const cases: TCase[] = [];
for (const caller of ['admin', 'manager']) {
  const refused = caller === 'manager';
  for (const target of [...ADMIN_TARGETS, 'plain']) {
    const url = `/users/${target}%40example.com`;
    const onAdmin = ADMIN_TARGETS.includes(target);
    const writeStatus = refused && onAdmin ? 403 : 200;
    const key = refused && onAdmin ? 'errors.administratorsOnly' : undefined;
    cases.push(
      [caller, 'GET', url, undefined, 200],
      [caller, 'PATCH', url, { password: 'Overgenomen-2026' }, writeStatus, key],
      [caller, 'PATCH', url, { email: `${target}-new@example.com` }, writeStatus, key],
      [caller, 'PATCH', url, { firstName: 'Anders' }, writeStatus, key],
      [caller, 'PATCH', url, { customers: [] }, writeStatus, key],
      [caller, 'DELETE', url, undefined, refused && onAdmin ? 403 : 204, key],
    );
  }
  cases.push(
    [caller, 'GET', '/users', undefined, 200],
    [caller, 'POST', '/users', newUser({ administrator: true }), refused ? 403 : 201, refused ? 'errors.administratorsOnly' : undefined],
    [caller, 'POST', '/users', newUser({ dashboard: true }), 201],
    // The manager holds userManagement and dashboard, not gatewayManagement.
    [caller, 'POST', '/users', newUser({ gatewayManagement: true }), refused ? 403 : 201, refused ? 'errors.rightNotHeld' : undefined],
    [caller, 'PATCH', '/users/plain%40example.com', { portal: { rights: { administrator: true } } }, refused ? 403 : 200, refused ? 'errors.administratorsOnly' : undefined],
    [caller, 'PATCH', '/users/plain%40example.com', { portal: { rights: { userManagement: true } } }, 200],
    [caller, 'PATCH', '/users/plain%40example.com', { portal: { rights: { addCustomer: true } } }, refused ? 403 : 200, refused ? 'errors.rightNotHeld' : undefined],
  );
}

describe('who may manage whom', () => {
  it.each(cases)('%s %s %s %j -> %i', async (caller, method, url, payload, status, key) => {
    const before = await ctx.database.db.query.users.findMany({ columns: { email: true, passwordHash: true, portalRights: true, firstName: true } });
    const response = await call(caller, method, url, payload);
    expect(response.statusCode, response.body).toBe(status);
    if (key) expect(response.json().key).toBe(key);
    if (status === 403) {
      // A refusal leaves every account exactly as it was.
      const after = await ctx.database.db.query.users.findMany({ columns: { email: true, passwordHash: true, portalRights: true, firstName: true } });
      expect(after).toEqual(before);
    }
  });

  it('a refused password change leaves the administrator signing in with the old password only', async () => {
    expect((await call('manager', 'PATCH', '/users/typeadmin%40example.com', { password: 'Overgenomen-2026' })).statusCode).toBe(403);
    const attempt = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      headers: { authorization: `Basic ${Buffer.from('typeadmin@example.com:Overgenomen-2026').toString('base64')}` },
    });
    expect(attempt.statusCode).toBe(401);
    expect((await ctx.signIn('typeadmin@example.com', TEST_PASSWORD)).length).toBeGreaterThan(20);
  });

  it('the refusal names the rights that were not held', async () => {
    const response = await call('manager', 'POST', '/users', newUser({ gatewayManagement: true, addCustomer: true, dashboard: true }));
    expect(response.statusCode).toBe(403);
    expect(Object.keys(response.json().fields).sort()).toEqual(['portal.rights.addCustomer', 'portal.rights.gatewayManagement', 'portal.rights.gatewayView']);
  });
});
