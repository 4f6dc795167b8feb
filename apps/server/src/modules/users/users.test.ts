import { beforeEach, describe, expect, it } from 'vitest';
import { customers, userCustomers, users } from '../../db/schema';
import { useTestContext, TEST_PASSWORD } from '../../test/test-app';

let admin: string;
let manager: string;

const ctx = useTestContext();
beforeEach(async () => {
  await ctx.database.db.insert(customers).values([{ name: 'Gemeente Utrecht' }, { name: 'Zorggroep Rijnmond' }]);
  ({ admin, manager } = await ctx.signedInUsers({ admin: { administrator: true }, manager: { rights: { userManagement: true } } }));
});

function call(token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
  return ctx.app.inject({ method, url: `/api/v1${url}`, headers: { 'x-access-token': token }, payload: payload as object });
}

const newUser = {
  firstName: 'Piet',
  lastName: 'Jansen',
  email: 'piet@example.com',
  language: 'nl',
  password: 'Piet-secret-1',
  customers: ['Gemeente Utrecht'],
  portal: { rights: { dashboard: true, userManagement: true, gatewayManagement: true } },
  flush: { emailAlerts: true },
  overflowDetection: { emailAlerts: false },
};

describe('POST /users', () => {
  it('creates a user, applies the checkbox rules and derives the rights', async () => {
    const response = await call(admin, 'POST', '/users', newUser);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ email: 'piet@example.com', customers: ['Gemeente Utrecht'], type: null, flush: { emailAlerts: true } });
    // customers force userManagement off; gatewayManagement locks gatewayView on
    expect(body.portal.rights).toMatchObject({ dashboard: true, userManagement: false, gatewayManagement: true, gatewayView: true });
    expect(body.rights).toContainEqual({ path: 'GetDashboard', type: 'route' });
    expect(body.rights).not.toContainEqual({ path: 'GetUsers', type: 'route' });
    expect(response.body).not.toMatch(/password|hash/i);
    expect((await ctx.signIn('piet@example.com', 'Piet-secret-1')).length).toBeGreaterThan(20);
  });

  it.each([
    ['missing first name', { firstName: '' }, 400, { firstName: 'validation.required' }],
    ['bad e-mail', { email: 'piet' }, 400, { email: 'validation.email' }],
    ['short password', { password: 'short' }, 400, { password: 'validation.password?min=8' }],
    ['empty password', { password: '' }, 400, { password: 'validation.required' }],
    ['unknown language', { language: 'xx' }, 400, { language: expect.any(String) }],
    ['unknown customer', { customers: ['Nope BV'] }, 400, { customers: 'validation.unknownCustomer?name=Nope%20BV' }],
    ['unknown right flag', { portal: { rights: { superuser: true } } }, 400, undefined],
    ['e-mail taken, other case', { email: 'ADMIN@example.com' }, 409, { email: 'errors.emailTaken' }],
  ])('%s -> %i', async (_case, change, status, fields) => {
    const response = await call(admin, 'POST', '/users', { ...newUser, ...change });
    expect(response.statusCode).toBe(status);
    if (fields) expect(response.json().fields).toMatchObject(fields);
    expect((await ctx.database.db.select().from(users)).map((row) => row.email)).not.toContain('piet@example.com');
  });

  it('type and tokens cannot be written', async () => {
    const response = await call(admin, 'POST', '/users', { ...newUser, customers: [], type: 'Administrator', tokens: ['x'] });
    expect(response.statusCode).toBe(201);
    expect(response.json().type).toBeNull();
    expect(response.json().portal.rights.administrator).toBe(false);
  });

  it('only an administrator grants the administrator flag', async () => {
    const asManager = await call(manager, 'POST', '/users', { ...newUser, customers: [], portal: { rights: { administrator: true } } });
    expect(asManager.statusCode).toBe(403);
    expect(asManager.json()).toMatchObject({ key: 'errors.administratorsOnly', fields: { 'portal.rights.administrator': 'errors.administratorsOnly' } });
    const asAdmin = await call(admin, 'POST', '/users', { ...newUser, customers: [], portal: { rights: { administrator: true } } });
    expect(asAdmin.statusCode).toBe(201);
    expect(Object.values(asAdmin.json().portal.rights).every(Boolean)).toBe(true);
  });

  it('a user without userManagement gets 403 from GET and POST /users', async () => {
    await ctx.createUser({ email: 'plain@example.com', password: TEST_PASSWORD, rights: { dashboard: true } });
    const plain = await ctx.signIn('plain@example.com', TEST_PASSWORD);
    expect((await call(plain, 'GET', '/users')).statusCode).toBe(403);
    expect((await call(plain, 'POST', '/users', newUser)).statusCode).toBe(403);
    expect((await call(plain, 'GET', '/users/current')).statusCode).toBe(200);
  });
});

describe('customer scope', () => {
  it('a user restricted to a customer never acts as user manager, whatever the stored flags say', async () => {
    const id = await ctx.createUser({ email: 'scoped@example.com', password: TEST_PASSWORD, rights: { userManagement: true, administrator: true } });
    const [utrecht] = await ctx.database.db.select().from(customers).limit(1);
    await ctx.database.db.insert(userCustomers).values({ userId: id, customerId: utrecht.id });
    const scoped = await ctx.signIn('scoped@example.com', TEST_PASSWORD);
    expect((await call(scoped, 'GET', '/users')).statusCode).toBe(403);
    expect((await call(scoped, 'GET', '/users/admin%40example.com')).statusCode).toBe(403);
    expect((await call(scoped, 'GET', '/users/current')).json().customers).toEqual([utrecht.name]);
  });
});

describe('GET /users', () => {
  it('lists users sorted by name with their customers, and honours a projection', async () => {
    await call(admin, 'POST', '/users', newUser);
    const list = (await call(admin, 'GET', '/users')).json();
    expect(list.map((user: { firstName: string }) => user.firstName)).toEqual(['Piet', 'Test', 'Test']);
    expect(list[0].customers).toEqual(['Gemeente Utrecht']);
    const projected = (await call(admin, 'GET', '/users?projection=email%20portal')).json();
    expect(Object.keys(projected[0]).sort()).toEqual(['email', 'portal']);
    expect(projected[0].portal.rights).toHaveProperty('administrator');
    expect((await call(admin, 'GET', '/users?projection=password')).statusCode).toBe(400);
  });
});

describe('PATCH /users/{email}', () => {
  it('changes a user; an empty password is left out', async () => {
    await call(admin, 'POST', '/users', newUser);
    const piet = await ctx.signIn('piet@example.com', 'Piet-secret-1');
    const response = await call(admin, 'PATCH', '/users/piet%40example.com', { firstName: ' Pieter ', password: '', customers: [] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ firstName: 'Pieter', customers: [] });
    expect((await call(piet, 'GET', '/users/current')).statusCode).toBe(200);
  });

  it('a new password revokes the user\'s tokens', async () => {
    await call(admin, 'POST', '/users', newUser);
    const piet = await ctx.signIn('piet@example.com', 'Piet-secret-1');
    expect((await call(admin, 'PATCH', '/users/piet%40example.com', { password: 'Another-secret-2' })).statusCode).toBe(200);
    expect((await call(piet, 'GET', '/users/current')).statusCode).toBe(401);
    expect((await ctx.signIn('piet@example.com', 'Another-secret-2')).length).toBeGreaterThan(20);
  });

  it('the last administrator cannot be demoted; with two, demotion revokes tokens', async () => {
    await ctx.database.exec(`UPDATE users SET type = NULL WHERE email = 'admin@example.com'`);
    const refused = await call(admin, 'PATCH', '/users/admin%40example.com', { portal: { rights: { administrator: false } } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ key: 'errors.minAdmin' });
    await ctx.createUser({ email: 'second@example.com', password: TEST_PASSWORD, administrator: true });
    await ctx.database.exec(`UPDATE users SET type = NULL WHERE email = 'second@example.com'`);
    const second = await ctx.signIn('second@example.com', TEST_PASSWORD);
    expect((await call(admin, 'PATCH', '/users/second%40example.com', { portal: { rights: { dashboard: true } } })).statusCode).toBe(200);
    expect((await call(second, 'GET', '/users/current')).statusCode).toBe(401);
  });

  it.each([
    ['unknown user', '/users/ghost%40example.com', { firstName: 'X' }, 404],
    ['e-mail of another user', '/users/manager%40example.com', { email: 'admin@example.com' }, 409],
    ['bad e-mail', '/users/manager%40example.com', { email: 'x' }, 400],
    ['unknown customer', '/users/manager%40example.com', { customers: ['Nope'] }, 400],
  ])('%s -> %i', async (_case, url, payload, status) => {
    expect((await call(admin, 'PATCH', url, payload)).statusCode).toBe(status);
  });
});

describe('DELETE /users/{email}', () => {
  it('deletes a user and ends their tokens', async () => {
    await call(admin, 'POST', '/users', newUser);
    const piet = await ctx.signIn('piet@example.com', 'Piet-secret-1');
    // Piet holds rights the manager lacks (stronger-targets.test.ts): only the administrator deletes him.
    expect((await call(manager, 'DELETE', '/users/piet%40example.com')).statusCode).toBe(403);
    expect((await call(admin, 'DELETE', '/users/piet%40example.com')).statusCode).toBe(204);
    expect((await call(piet, 'GET', '/users/current')).statusCode).toBe(401);
    expect(await ctx.database.db.select().from(userCustomers)).toEqual([]);
  });

  it('nobody deletes their own account', async () => {
    const response = await call(admin, 'DELETE', '/users/admin%40example.com');
    expect(response.statusCode).toBe(409);
    expect(response.json().key).toBe('errors.cannotDeleteSelf');
  });

  it('a user manager deletes no administrator (nor the last one)', async () => {
    const byManager = await call(manager, 'DELETE', '/users/admin%40example.com');
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json().key).toBe('errors.administratorsOnly');
    expect((await call(admin, 'GET', '/users/admin%40example.com')).statusCode).toBe(200);
  });
});

describe('own account', () => {
  it.each(['/users/current', '/administrators/current'])('PATCH %s changes names, language and password', async (url) => {
    const other = await ctx.signIn('manager@example.com', TEST_PASSWORD);
    const response = await call(manager, 'PATCH', url, { firstName: 'Mieke', language: 'en', password: 'New-password-9', currentPassword: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ firstName: 'Mieke', language: 'en' });
    expect((await call(manager, 'GET', '/users/current')).statusCode).toBe(200);
    expect((await call(other, 'GET', '/users/current')).statusCode).toBe(401);
    expect((await ctx.signIn('manager@example.com', 'New-password-9')).length).toBeGreaterThan(20);
  });

  it.each([
    ['new password without the current one', { password: 'New-password-9' }, 400, 'errors.currentPasswordRequired', { currentPassword: 'validation.required' }],
    ['new password, wrong current one', { password: 'New-password-9', currentPassword: 'Not-the-password-1' }, 400, 'errors.incorrectPassword', { currentPassword: 'errors.incorrectPassword' }],
    ['new e-mail without the current password', { email: 'mieke@example.com' }, 400, 'errors.currentPasswordRequired', { currentPassword: 'validation.required' }],
    ['new e-mail, wrong current password', { email: 'mieke@example.com', currentPassword: '' }, 400, 'errors.currentPasswordRequired', { currentPassword: 'validation.required' }],
    ['a guessable new password', { password: 'Wachtwoord1', currentPassword: TEST_PASSWORD }, 400, 'errors.badRequest', { password: 'validation.guessablePassword' }],
    ['all-whitespace new password', { password: '          ', currentPassword: TEST_PASSWORD }, 400, 'errors.badRequest', { password: 'validation.guessablePassword' }],
    ['own rights', { portal: { rights: { administrator: true } } }, 403, 'errors.forbidden', { portal: 'errors.forbidden' }],
    ['own customers and type', { customers: [], type: 'Administrator' }, 403, 'errors.forbidden', { customers: 'errors.forbidden', type: 'errors.forbidden' }],
  ])('refuses %s, changing nothing', async (_case, payload, status, key, fields) => {
    const before = await ctx.database.db.select().from(users);
    const response = await call(manager, 'PATCH', '/users/current', { firstName: 'Mieke', ...payload });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ key, fields });
    expect(await ctx.database.db.select().from(users)).toEqual(before);
  });

  it('the same e-mail in another case and names need no password', async () => {
    const response = await call(manager, 'PATCH', '/users/current', { firstName: 'Mieke', email: 'MANAGER@example.com' });
    expect(response.statusCode).toBe(200);
  });

  it('a new e-mail with the current password is saved', async () => {
    const response = await call(manager, 'PATCH', '/users/current', { email: 'mieke@example.com', currentPassword: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe('mieke@example.com');
  });

  it('guessing the current password through the account route meets the sign-in limit', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      statuses.push((await call(manager, 'PATCH', '/users/current', { password: 'New-password-9', currentPassword: `Guess-${attempt}-xx` })).statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe('the monthly logbook toggle (docs/users.md, "E-mail")', () => {
  const stored = async (email: string) => (await ctx.database.db.select({ email: users.email, logbookEmails: users.logbookEmails }).from(users)).find((row) => row.email === email)?.logbookEmails;

  it.each([
    ['absent: off', {}, false],
    ['on', { logbookEmails: true }, true],
    ['off', { logbookEmails: false }, false],
  ])('POST /users with %s', async (_case, change, expected) => {
    const response = await call(admin, 'POST', '/users', { ...newUser, ...change });
    expect(response.statusCode).toBe(201);
    expect(response.json().logbookEmails).toBe(expected);
    expect(await stored('piet@example.com')).toBe(expected);
  });

  it.each([
    ['text', 'yes'],
    ['null', null],
    ['a number', 1],
  ])('%s -> 400 on logbookEmails, on POST /users, PATCH /users/{email} and PATCH /users/current', async (_case, logbookEmails) => {
    expect((await call(admin, 'POST', '/users', { ...newUser, logbookEmails })).json().fields).toHaveProperty('logbookEmails');
    const patched = await call(admin, 'PATCH', '/users/manager%40example.com', { logbookEmails });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().fields).toHaveProperty('logbookEmails');
    const own = await call(manager, 'PATCH', '/users/current', { logbookEmails });
    expect(own.statusCode).toBe(400);
    expect(await stored('manager@example.com')).toBe(false);
  });

  it('a user manager switches it on and off; other fields leave it as it is', async () => {
    expect((await call(admin, 'PATCH', '/users/manager%40example.com', { logbookEmails: true })).json().logbookEmails).toBe(true);
    expect((await call(admin, 'PATCH', '/users/manager%40example.com', { firstName: 'Mieke' })).json().logbookEmails).toBe(true);
    expect((await call(admin, 'GET', '/users/manager%40example.com')).json().logbookEmails).toBe(true);
    expect((await call(admin, 'PATCH', '/users/manager%40example.com', { logbookEmails: false })).json().logbookEmails).toBe(false);
    expect(await stored('manager@example.com')).toBe(false);
  });

  it.each(['/users/current', '/administrators/current'])('the own account (%s) switches it without a password, like the alert toggles', async (url) => {
    const response = await call(manager, 'PATCH', url, { logbookEmails: true, flush: { emailAlerts: true } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ logbookEmails: true, flush: { emailAlerts: true } });
    expect((await call(manager, 'GET', '/users/current')).json().logbookEmails).toBe(true);
    expect(await stored('manager@example.com')).toBe(true);
  });
});
