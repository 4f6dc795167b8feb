import { afterEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { TWO_FACTOR, timeStep } from '@aquasmart/domain';
import { LOGIN_LIMITS } from '../auth/login-limiter';
import { queryRows } from '../../db/database';
import { basicAuth, TEST_PASSWORD, useTestContext, type TTestContext } from '../../test/test-app';

/**
 * Two-factor sign-in (docs/users.md, "Two-factor sign-in") through the API on both databases: the
 * set-up and its confirmation, the second sign-in step with a code and with a recovery code, the
 * code window's edges on a fake clock, a code used twice, the sign-in limit over wrong codes, and
 * the requirement per customer and for administrators.
 */
const ADDRESS = '10.0.0.9';
const STEP_MS = TWO_FACTOR.period * 1000;

afterEach(() => {
  vi.useRealTimers();
});

/** The clock at `offsetMs` into a time step some minutes ahead (codes checked by the server follow Date). */
function clockAt(step: number, offsetMs = 0): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(step * STEP_MS + offsetMs);
}

const codeAt = (secret: string, step: number) => generate({ secret, epoch: step * TWO_FACTOR.period });

function call(ctx: TTestContext, method: 'GET' | 'POST' | 'PATCH', url: string, options: { token?: string; payload?: object; address?: string } = {}) {
  return ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    payload: options.payload,
    headers: options.token ? { 'x-access-token': options.token } : {},
    remoteAddress: options.address ?? ADDRESS,
  });
}

function passwordStep(ctx: TTestContext, email: string, password = TEST_PASSWORD) {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/auth', headers: { authorization: basicAuth(email, password) }, remoteAddress: ADDRESS });
}

async function challengeFor(ctx: TTestContext, email: string, kind: 'code' | 'setup' = 'code'): Promise<string> {
  const answer = await passwordStep(ctx, email);
  expect(answer.statusCode, answer.body).toBe(200);
  const body = answer.json<{ twoFactor: string; challenge: string; token?: string }>();
  expect(body.twoFactor).toBe(kind);
  expect(body.token).toBeUndefined();
  return body.challenge;
}

/** Turns two-factor on for a signed-in user through the account routes; answers the secret and the recovery codes. */
async function setUp(ctx: TTestContext, token: string, step: number): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await call(ctx, 'POST', '/users/current/twoFactor', { token });
  expect(started.statusCode, started.body).toBe(200);
  const { secret } = started.json<{ secret: string }>();
  const confirmed = await call(ctx, 'POST', '/users/current/twoFactor/confirm', { token, payload: { code: await codeAt(secret, step) } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret, recoveryCodes: confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

describe('two-factor sign-in', () => {
  const ctx = useTestContext();
  const EMAIL = 'tweestaps@example.com';
  // Some minutes ahead of the real clock, at the start of a step.
  const S = timeStep(Date.now()) + 20;

  it('is set up with a secret and a confirming code, and answers ten recovery codes once', async () => {
    await ctx.createUser({ email: EMAIL, password: TEST_PASSWORD });
    const token = await ctx.tokenFor(EMAIL);
    clockAt(S, 5000);
    const started = await call(ctx, 'POST', '/users/current/twoFactor', { token });
    expect(started.statusCode).toBe(200);
    const { secret, uri } = started.json<{ secret: string; uri: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(`otpauth://totp/Aquasmart%20Portal:tweestaps%40example.com?secret=${secret}&issuer=Aquasmart%20Portal`);
    // Not in effect before the confirmation: the password alone still signs in.
    expect((await passwordStep(ctx, EMAIL)).json()).toHaveProperty('token');
    expect((await call(ctx, 'GET', '/users/current/twoFactor', { token })).json()).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });

    const wrong = await call(ctx, 'POST', '/users/current/twoFactor/confirm', { token, payload: { code: await codeAt(secret, S + 2) } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ key: 'errors.twoFactorCodeInvalid', fields: { code: 'errors.twoFactorCodeInvalid' } });

    const confirmed = await call(ctx, 'POST', '/users/current/twoFactor/confirm', { token, payload: { code: await codeAt(secret, S) } });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    // Stored as slow salted hashes, never as the codes.
    const stored = await queryRows<{ code_hash: string }>(ctx.database.system, sql`SELECT code_hash FROM two_factor_recovery_codes`);
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(row.code_hash).toMatch(/^scrypt\$/);

    expect((await call(ctx, 'GET', '/users/current/twoFactor', { token })).json()).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
    // A second set-up while it is on is refused (it would replace the secret without a code).
    expect((await call(ctx, 'POST', '/users/current/twoFactor', { token })).json()).toMatchObject({ statusCode: 409, key: 'errors.twoFactorAlreadyOn' });
  });

  it('signs in with the password, then a code: a session only after the second step, and the challenge works once', async () => {
    await ctx.createUser({ email: EMAIL, password: TEST_PASSWORD });
    clockAt(S);
    const { secret } = await setUp(ctx, await ctx.tokenFor(EMAIL), S);
    clockAt(S + 3, 1000);
    const challenge = await challengeFor(ctx, EMAIL);
    // The challenge is no session.
    expect((await call(ctx, 'GET', '/users/current', { token: challenge })).statusCode).toBe(401);
    const answer = await call(ctx, 'POST', '/auth/twoFactor', { payload: { challenge, code: await codeAt(secret, S + 3) } });
    expect(answer.statusCode, answer.body).toBe(200);
    const { token } = answer.json<{ token: string }>();
    expect((await call(ctx, 'GET', '/users/current', { token })).json()).toMatchObject({ email: EMAIL });
    clockAt(S + 4);
    const again = await call(ctx, 'POST', '/auth/twoFactor', { payload: { challenge, code: await codeAt(secret, S + 4) } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ key: 'errors.twoFactorChallengeInvalid', fields: { challenge: 'errors.twoFactorChallengeInvalid' } });
  });

  // At the first and the last millisecond of step S + 10: the codes of that step and of one step
  // before and after it work, two steps away they do not.
  it.each([
    [0, -2, false],
    [0, -1, true],
    [0, 0, true],
    [0, 1, true],
    [0, 2, false],
    [STEP_MS - 1, -2, false],
    [STEP_MS - 1, -1, true],
    [STEP_MS - 1, 1, true],
    [STEP_MS - 1, 2, false],
  ])('at %i ms into a step, the code of the step %i away works: %s', async (offsetMs, away, works) => {
    await ctx.createUser({ email: EMAIL, password: TEST_PASSWORD });
    clockAt(S);
    const { secret } = await setUp(ctx, await ctx.tokenFor(EMAIL), S);
    clockAt(S + 10, offsetMs);
    const challenge = await challengeFor(ctx, EMAIL);
    const answer = await call(ctx, 'POST', '/auth/twoFactor', { payload: { challenge, code: await codeAt(secret, S + 10 + away) } });
    expect(answer.statusCode, answer.body).toBe(works ? 200 : 400);
  });

  it('refuses a code used before, and a code of an earlier step than the last one used', async () => {
    await ctx.createUser({ email: EMAIL, password: TEST_PASSWORD });
    clockAt(S);
    const { secret } = await setUp(ctx, await ctx.tokenFor(EMAIL), S);
    // The confirming code itself cannot sign in.
    const replayedSetup = await call(ctx, 'POST', '/auth/twoFactor', { payload: { challenge: await challengeFor(ctx, EMAIL), code: await codeAt(secret, S) } });
    expect(replayedSetup.json()).toMatchObject({ statusCode: 400, key: 'errors.twoFactorCodeInvalid' });
    clockAt(S + 5, 10_000);
    const code = await codeAt(secret, S + 5);
    expect((await call(ctx, 'POST', '/auth/twoFactor', { payload: { challenge: await challengeFor(ctx, EMAIL), code } })).statusCode).toBe(200);
    const reused = await call(ctx, 'POST', '/auth/twoFactor', { payload: { challenge: await challengeFor(ctx, EMAIL), code } });
    expect(reused.json()).toMatchObject({ statusCode: 400, key: 'errors.twoFactorCodeInvalid', fields: { code: 'errors.twoFactorCodeInvalid' } });
    const earlier = await call(ctx, 'POST', '/auth/twoFactor', { payload: { challenge: await challengeFor(ctx, EMAIL), code: await codeAt(secret, S + 4) } });
    expect(earlier.statusCode).toBe(400);
    const later = await call(ctx, 'POST', '/auth/twoFactor', { payload: { challenge: await challengeFor(ctx, EMAIL), code: await codeAt(secret, S + 6) } });
    expect(later.statusCode).toBe(200);
  });

  it('counts wrong codes under the sign-in limit, and ends a challenge after five', async () => {
    await ctx.createUser({ email: EMAIL, password: TEST_PASSWORD });
    clockAt(S);
    const { secret } = await setUp(ctx, await ctx.tokenFor(EMAIL), S);
    clockAt(S + 3);
    const wrong = (await codeAt(secret, S + 3)) === '000000' ? '111111' : '000000';
    let challenge = '';
    for (let attempt = 0; attempt < LOGIN_LIMITS.pair.max; attempt += 1) {
      if (attempt % TWO_FACTOR.challengeAttempts === 0) challenge = await challengeFor(ctx, EMAIL);
      const answer = await call(ctx, 'POST', '/auth/twoFactor', { payload: { challenge, code: wrong } });
      expect(answer.json()).toMatchObject({ statusCode: 400, key: 'errors.twoFactorCodeInvalid' });
    }
    // The fifth wrong code ended the second challenge: even the right code does not pass with it.
    const ended = await call(ctx, 'POST', '/auth/twoFactor', { payload: { challenge, code: await codeAt(secret, S + 3) } });
    expect(ended.json()).toMatchObject({ statusCode: 400, key: 'errors.twoFactorChallengeInvalid' });
    // Ten wrong codes from this address: the password step is refused as after ten wrong passwords.
    const blocked = await passwordStep(ctx, EMAIL);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ key: 'errors.tooManyAttempts' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('the code step itself answers 429 once the limit is reached', async () => {
    await ctx.createUser({ email: EMAIL, password: TEST_PASSWORD });
    clockAt(S);
    const { secret } = await setUp(ctx, await ctx.tokenFor(EMAIL), S);
    clockAt(S + 3);
    const challenge = await challengeFor(ctx, EMAIL);
    await ctx.database.system.execute(
      sql`INSERT INTO login_attempts (subject, window_seconds, attempts) VALUES (${`pair:${EMAIL}|${ADDRESS}`}, 900, ${LOGIN_LIMITS.pair.max}) ON CONFLICT (subject) DO UPDATE SET attempts = EXCLUDED.attempts`,
    );
    const answer = await call(ctx, 'POST', '/auth/twoFactor', { payload: { challenge, code: await codeAt(secret, S + 3) } });
    expect(answer.statusCode).toBe(429);
  });

  it('signs in with a recovery code, once each', async () => {
    await ctx.createUser({ email: EMAIL, password: TEST_PASSWORD });
    clockAt(S);
    const token = await ctx.tokenFor(EMAIL);
    const { recoveryCodes } = await setUp(ctx, token, S);
    const [first, second] = recoveryCodes;
    // Typed in lower case and without the dash, it still works.
    const used = await call(ctx, 'POST', '/auth/twoFactor', { payload: { challenge: await challengeFor(ctx, EMAIL), recoveryCode: first.replace('-', '').toLowerCase() } });
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json()).toHaveProperty('token');
    const again = await call(ctx, 'POST', '/auth/twoFactor', { payload: { challenge: await challengeFor(ctx, EMAIL), recoveryCode: first } });
    expect(again.json()).toMatchObject({ statusCode: 400, key: 'errors.twoFactorCodeInvalid', fields: { recoveryCode: 'errors.twoFactorCodeInvalid' } });
    expect((await call(ctx, 'POST', '/auth/twoFactor', { payload: { challenge: await challengeFor(ctx, EMAIL), recoveryCode: second } })).statusCode).toBe(200);
    expect((await call(ctx, 'GET', '/users/current/twoFactor', { token })).json()).toMatchObject({ recoveryCodesLeft: 8 });
  });

  it('is turned off with a code or the password, not with a wrong one', async () => {
    await ctx.createUser({ email: EMAIL, password: TEST_PASSWORD });
    clockAt(S);
    const token = await ctx.tokenFor(EMAIL);
    const { secret } = await setUp(ctx, token, S);
    clockAt(S + 1);
    const wrongPassword = await call(ctx, 'POST', '/users/current/twoFactor/disable', { token, payload: { password: 'Niet-het-wachtwoord-1' } });
    expect(wrongPassword.json()).toMatchObject({ statusCode: 400, fields: { password: 'errors.incorrectPassword' } });
    expect((await call(ctx, 'POST', '/users/current/twoFactor/disable', { token, payload: { code: await codeAt(secret, S + 1) } })).statusCode).toBe(204);
    expect((await passwordStep(ctx, EMAIL)).json()).toHaveProperty('token');
    const again = await setUp(ctx, token, S + 1);
    expect(again.recoveryCodes).toHaveLength(10);
    expect((await call(ctx, 'POST', '/users/current/twoFactor/disable', { token, payload: { password: TEST_PASSWORD } })).statusCode).toBe(204);
    expect((await call(ctx, 'GET', '/users/current/twoFactor', { token })).json()).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
  });

  it("a customer's requirement leads its users through the set-up before any session, and keeps it on", async () => {
    const tokens = await ctx.signedInUsers({ beheer: { administrator: true }, gewoon: {} });
    const [customer] = await queryRows<{ id: number }>(ctx.database.system, sql`INSERT INTO customers (name) VALUES ('Ziekenhuis Oost') RETURNING id`);
    const userId = await ctx.createUser({ email: EMAIL, password: TEST_PASSWORD });
    await ctx.database.system.execute(sql`INSERT INTO user_customers (user_id, customer_id) VALUES (${userId}, ${customer.id})`);
    expect((await call(ctx, 'PATCH', '/customers/Ziekenhuis%20Oost/twoFactor', { token: tokens.gewoon, payload: { required: true } })).statusCode).toBe(403);
    const set = await call(ctx, 'PATCH', '/customers/Ziekenhuis%20Oost/twoFactor', { token: tokens.beheer, payload: { required: true } });
    expect(set.json()).toEqual({ required: true });
    expect((await call(ctx, 'GET', '/customers/Ziekenhuis%20Oost/twoFactor', { token: tokens.beheer })).json()).toEqual({ required: true });
    expect((await call(ctx, 'GET', '/customers/Onbekend/twoFactor', { token: tokens.beheer })).statusCode).toBe(404);

    clockAt(S);
    const challenge = await challengeFor(ctx, EMAIL, 'setup');
    // A setup challenge takes no code before a secret exists, and gives no session.
    expect((await call(ctx, 'POST', '/auth/twoFactor', { payload: { challenge, code: '123456' } })).statusCode).toBe(400);
    const secretAnswer = await call(ctx, 'POST', '/auth/twoFactor/setup', { payload: { challenge } });
    expect(secretAnswer.statusCode, secretAnswer.body).toBe(200);
    const { secret } = secretAnswer.json<{ secret: string }>();
    const done = await call(ctx, 'POST', '/auth/twoFactor', { payload: { challenge, code: await codeAt(secret, S) } });
    expect(done.statusCode, done.body).toBe(200);
    const { token, recoveryCodes } = done.json<{ token: string; recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    expect((await call(ctx, 'GET', '/users/current/twoFactor', { token })).json()).toEqual({ enabled: true, required: true, recoveryCodesLeft: 10 });
    const off = await call(ctx, 'POST', '/users/current/twoFactor/disable', { token, payload: { password: TEST_PASSWORD } });
    expect(off.json()).toMatchObject({ statusCode: 409, key: 'errors.twoFactorRequired' });
    // From now on the sign-in asks for a code; a code challenge cannot start a new set-up.
    clockAt(S + 1);
    const codeChallenge = await challengeFor(ctx, EMAIL, 'code');
    expect((await call(ctx, 'POST', '/auth/twoFactor/setup', { payload: { challenge: codeChallenge } })).statusCode).toBe(400);
    // An administrator (no customers) is not bound by a customer's requirement.
    expect((await passwordStep(ctx, 'beheer@example.com')).json()).toHaveProperty('token');
  });
});

describe('two-factor required of administrators (TWO_FACTOR_ADMINS=required)', () => {
  const ctx = useTestContext({ twoFactorAdmins: 'required' });

  it('leads an administrator through the set-up, and lets other users sign in with the password', async () => {
    await ctx.createUser({ email: 'admin@example.com', password: TEST_PASSWORD, administrator: true });
    await ctx.createUser({ email: 'monteur@example.com', password: TEST_PASSWORD });
    expect((await passwordStep(ctx, 'monteur@example.com')).json()).toHaveProperty('token');
    const challenge = await challengeFor(ctx, 'admin@example.com', 'setup');
    const step = timeStep(Date.now());
    const { secret } = (await call(ctx, 'POST', '/auth/twoFactor/setup', { payload: { challenge } })).json<{ secret: string }>();
    const done = await call(ctx, 'POST', '/auth/twoFactor', { payload: { challenge, code: await codeAt(secret, step) } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<{ token: string }>().token.length).toBeGreaterThan(20);
  });
});
