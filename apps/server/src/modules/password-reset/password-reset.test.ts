import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { RESET_LIMITS } from '@aquasmart/domain';
import { queryRows, type TDb } from '../../db/database';
import { basicAuth, useTestContext } from '../../test/test-app';
import { startTestSmtpServer, type TTestSmtpServer } from '../../test/smtp-fixture';
import { sendDueMails } from '../alerts/mail-sender';
import { smtpTransport, type TMailTransport } from '../alerts/mail-transport';

/**
 * The forgotten-password reset (docs/users.md, "Forgotten password") end to end: the request
 * through the outbox and the real nodemailer transport to a real SMTP server (smtp-server), the
 * link taken from the received e-mail, the new password, and every way a link stops working.
 */
const PUBLIC_URL = 'https://portal.example.nl';
const ctx = useTestContext({ mail: { smtpUrl: 'smtp://127.0.0.1:9', from: 'Aquasmart Portal <portal@example.nl>', publicUrl: PUBLIC_URL } });
const EMAIL = 'Monteur@Example.com';
const OLD_PASSWORD = 'Oud-wachtwoord-42';
const NEW_PASSWORD = 'Nieuw-wachtwoord-43';
let db: TDb;
let smtp: TTestSmtpServer;
let transport: TMailTransport;

beforeEach(async () => {
  db = ctx.database.system;
  await ctx.createUser({ email: EMAIL, password: OLD_PASSWORD });
  smtp = await startTestSmtpServer();
  transport = smtpTransport(smtp.url, 'Aquasmart Portal <portal@example.nl>');
});

afterEach(async () => {
  transport.close();
  await smtp.stop();
});

function post(path: string, payload: unknown, remoteAddress = '10.0.0.7') {
  return ctx.app.inject({ method: 'POST', url: `/api/v1/auth/password-reset${path}`, payload: payload as object, remoteAddress });
}

function signIn(password: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/auth', headers: { authorization: basicAuth(EMAIL, password) }, remoteAddress: '10.0.0.8' });
}

/** Asks for a link, delivers the outbox to the SMTP server and answers the token in the last e-mail's link. */
async function linkByMail(email = EMAIL): Promise<string> {
  expect((await post('', { email })).statusCode).toBe(202);
  await sendDueMails(db, transport, { lockWhileSending: ctx.database.kind === 'postgres' });
  const mail = smtp.received.at(-1)!;
  const match = /https:\/\/portal\.example\.nl\/reset-password#token=([A-Za-z0-9_-]{43})/.exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  return match![1];
}

async function mails() {
  return queryRows<{ kind: string; recipient: string; state: string; text_body: string; html_body: string }>(
    db,
    sql`SELECT kind, recipient, state, text_body, html_body FROM mail_messages ORDER BY id`,
  );
}

describe('asking for a link', () => {
  it('sends one e-mail with the link to a known address (any case, spaces), none to an unknown one, and answers both the same', async () => {
    const known = await post('', { email: '  monteur@example.COM ' });
    const unknown = await post('', { email: 'nobody@example.com' });
    expect([known.statusCode, known.body]).toEqual([202, '{}']);
    expect([unknown.statusCode, unknown.body]).toEqual([known.statusCode, known.body]);
    await sendDueMails(db, transport, { lockWhileSending: ctx.database.kind === 'postgres' });
    expect(smtp.received.map((mail) => mail.to.map((address) => address.toLowerCase()))).toEqual([[EMAIL.toLowerCase()]]);
    const mail = smtp.received[0];
    expect(mail.subject).toBe('Nieuw wachtwoord voor het Aquasmart-portaal');
    expect(mail.text).toContain('30 minuten geldig');
    expect(mail.text).toContain('10.0.0.7');
    expect(mail.html).toContain('/reset-password#token=');
  });

  it('keeps only the SHA-256 of the token, and blanks the e-mail body once it is sent', async () => {
    const token = await linkByMail();
    const [stored] = await queryRows<{ token_hash: string }>(db, sql`SELECT token_hash FROM password_resets`);
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await queryRows(db, sql`SELECT * FROM password_resets`))).not.toContain(token);
    const [mail] = await mails();
    expect(mail).toMatchObject({ kind: 'passwordReset', recipient: EMAIL, state: 'sent', text_body: '', html_body: '' });
  });

  it('without a mail server the e-mail is kept as not sent, its body blanked', async () => {
    await post('', { email: EMAIL });
    expect((await mails())[0].text_body).toContain('/reset-password#token=');
    await sendDueMails(db, null, { lockWhileSending: false });
    expect(await mails()).toEqual([expect.objectContaining({ state: 'unsent', text_body: '', html_body: '' })]);
  });

  it('refuses a malformed address with the field, and counts per address and per e-mail before looking the address up', async () => {
    const malformed = await post('', { email: 'not-an-address' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields).toEqual({ email: 'validation.email' });
    // Per e-mail: the same answer for a known and an unknown address once the limit is reached.
    for (const email of [EMAIL, 'nobody@example.com']) {
      for (let attempt = 1; attempt <= RESET_LIMITS.email.max; attempt += 1) expect((await post('', { email }, `10.1.0.${attempt}`)).statusCode).toBe(202);
      const refused = await post('', { email }, '10.1.0.99');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().key).toBe('errors.tooManyAttempts');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await mails()).length).toBe(RESET_LIMITS.email.max);
    // Per address: one caller cannot mail many accounts.
    for (let attempt = 1; attempt <= RESET_LIMITS.address.max; attempt += 1) expect((await post('', { email: `x${attempt}@example.com` }, '10.2.0.1')).statusCode).toBe(202);
    expect((await post('', { email: 'y@example.com' }, '10.2.0.1')).statusCode).toBe(429);
  });
});

describe('using a link', () => {
  it('names the account, sets the new password once, ends every session and forgives counted sign-in failures', async () => {
    const session = await ctx.signIn(EMAIL, OLD_PASSWORD);
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await signIn('Fout-wachtwoord-1')).statusCode).toBe(401);
    const token = await linkByMail();
    const check = await post('/check', { token });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ email: EMAIL });
    expect(new Date(check.json().expiresAt).getTime() - Date.now()).toBeGreaterThan(29 * 60_000);

    expect((await post('/confirm', { token, password: NEW_PASSWORD })).statusCode).toBe(204);
    expect((await signIn(NEW_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(OLD_PASSWORD)).statusCode).toBe(401);
    const oldSession = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/current', headers: { 'x-access-token': session } });
    expect(oldSession.statusCode).toBe(401);
    const [counted] = await queryRows<{ attempts: number }>(db, sql`SELECT coalesce(sum(attempts), 0)::int AS attempts FROM login_attempts WHERE subject LIKE 'email:%'`);
    expect(counted.attempts).toBeLessThanOrEqual(1);

    // Used up: the same link a second time, for the check and the confirmation.
    for (const path of ['/check', '/confirm']) {
      const again = await post(path, { token, password: 'Derde-wachtwoord-44' });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ key: 'errors.resetLinkInvalid', fields: { token: 'errors.resetLinkInvalid' } });
    }
    expect((await signIn(NEW_PASSWORD)).statusCode).toBe(200);
  });

  it.each([
    ['29 minutes 59 seconds old', 29 * 60 + 59, 204],
    ['30 minutes old', 30 * 60, 400],
  ])('a link %s -> %i', async (_case, ageSeconds, status) => {
    const token = await linkByMail();
    await db.execute(sql`UPDATE password_resets SET created_at = created_at - ${ageSeconds} * interval '1 second', expires_at = expires_at - ${ageSeconds} * interval '1 second'`);
    expect((await post('/confirm', { token, password: NEW_PASSWORD })).statusCode).toBe(status);
  });

  it('a newer link ends the older one; an unknown token and a weak password are refused with their fields, changing nothing', async () => {
    const first = await linkByMail();
    const second = await linkByMail();
    expect((await post('/confirm', { token: first, password: NEW_PASSWORD })).json().key).toBe('errors.resetLinkInvalid');
    const unknown = await post('/confirm', { token: 'A'.repeat(43), password: NEW_PASSWORD });
    expect([unknown.statusCode, unknown.json().fields]).toEqual([400, { token: 'errors.resetLinkInvalid' }]);
    const weak = await post('/confirm', { token: second, password: 'kort' });
    expect(weak.statusCode).toBe(400);
    expect(Object.keys(weak.json().fields)).toEqual(['password']);
    expect((await signIn(OLD_PASSWORD)).statusCode).toBe(200);
    // The weak try did not use the link up.
    expect((await post('/confirm', { token: second, password: NEW_PASSWORD })).statusCode).toBe(204);
  });

  it('two confirmations of one link at once: one wins', async () => {
    const token = await linkByMail();
    const answers = await Promise.all([post('/confirm', { token, password: NEW_PASSWORD }), post('/confirm', { token, password: 'Ander-wachtwoord-45' })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 400]);
    const [used] = await queryRows<{ used: number }>(db, sql`SELECT count(*)::int AS used FROM password_resets WHERE used_at IS NOT NULL`);
    expect(used.used).toBe(1);
  });
});
