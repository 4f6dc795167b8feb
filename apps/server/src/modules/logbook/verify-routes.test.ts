import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/database';
import { caller, insertCustomer, insertLocation, restrictUser } from '../../test/places-fixtures';
import { useTestContext } from '../../test/test-app';
import { LOGBOOK_CUSTOMER, LOGBOOK_LOCATION, LOGBOOK_PERIOD, seedLogbookWorld } from './logbook.fixture';
import { pdfsig } from './report-signature.fixture';
import { supersessionOf } from './supersession';

/**
 * Issue 38 item 4 on the real app and database (PGlite, and PostgreSQL with TEST_DATABASE_URL): the
 * issued PDF's signature, the JSON download, verifying a file or hash, and the register that
 * refuses UPDATE, DELETE and TRUNCATE in the database itself.
 */
const ctx = useTestContext();
const call = caller(ctx);
const tokens: Record<string, string> = {};
const place = `/customers/${encodeURIComponent(LOGBOOK_CUSTOMER)}/locations/${encodeURIComponent(LOGBOOK_LOCATION)}`;
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** A raw body, as a browser or curl sends a file. */
const sendFile = (url: string, body: Buffer, token?: string, type = 'application/octet-stream') =>
  ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: { ...(token ? { 'x-access-token': token } : {}), 'content-type': type }, payload: body });

beforeEach(async () => {
  const db = ctx.database.db;
  const { customerId } = await seedLogbookWorld(db);
  const otherId = await insertCustomer(db, 'Andere Klant');
  await insertLocation(db, otherId, 'Elders');
  const klant = await ctx.createUser({ email: 'klant@example.com', password: 'Logbook-test-2026', rights: { dashboard: true, signLogbook: true } });
  await restrictUser(db, klant, [customerId]);
  const other = await ctx.createUser({ email: 'other@example.com', password: 'Logbook-test-2026', rights: { dashboard: true } });
  await restrictUser(db, other, [otherId]);
  for (const name of ['klant', 'other']) tokens[name] = await ctx.tokenFor(`${name}@example.com`);
});

async function issue(): Promise<Record<string, string>> {
  const issued = await call(tokens.klant, 'POST', `${place}/logbook/issued`, { ...LOGBOOK_PERIOD, language: 'nl', statement: true, role: 'Beheerder' });
  expect(issued.statusCode).toBe(201);
  return issued.json();
}

describe('an issued report can be verified by anyone', () => {
  it('the issued PDF carries a signature pdfsig accepts, by the portal\'s self-signed key, as the entry says; its hash is of the signed bytes', async () => {
    const entry = await issue();
    expect(entry.signature).toEqual({ subject: 'Aquasmart Portal', selfSigned: true });
    const pdf = (await call(tokens.klant, 'GET', `/logbook/issued/${entry.number}/pdf`)).rawPayload;
    expect(sha256(pdf)).toBe(entry.pdfSha256);
    const checked = pdfsig(pdf);
    expect(checked.out).toMatch(/Signature Validation: Signature is Valid\./);
    expect(checked.out).toContain('Signer Certificate Common Name: Aquasmart Portal');
    // The key is made once and kept: the next report is signed by the same certificate.
    const keys = await queryRows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM logbook_signing_keys`);
    expect(keys[0].n).toBe(1);
  });

  it('GET /logbook/issued/{number}/json gives the canonical JSON whose SHA-256 is the report\'s (the footer\'s); another customer gets 404', async () => {
    const entry = await issue();
    const json = await call(tokens.klant, 'GET', `/logbook/issued/${entry.number}/json`);
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(json.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="logbook-${entry.number}-.*\\.json"$`));
    expect(sha256(json.rawPayload)).toBe(entry.sha256);
    expect(json.json()).toMatchObject({ number: entry.number, scope: 'location' });
    expect(json.json().sha256).toBeUndefined();
    expect((await call(tokens.other, 'GET', `/logbook/issued/${entry.number}/json`)).statusCode).toBe(404);
    expect((await call(tokens.klant, 'GET', '/logbook/issued/LB-2026-999999/json')).statusCode).toBe(404);
  });

  it('POST /logbook/verify: the PDF, CSV or JSON as issued, or the hash, names the report; another customer\'s is answered like an unknown file', async () => {
    const entry = await issue();
    const files = {
      pdf: (await call(tokens.klant, 'GET', `/logbook/issued/${entry.number}/pdf`)).rawPayload,
      csv: (await call(tokens.klant, 'GET', `/logbook/issued/${entry.number}/csv`)).rawPayload,
      json: (await call(tokens.klant, 'GET', `/logbook/issued/${entry.number}/json`)).rawPayload,
    };
    for (const [file, bytes] of Object.entries(files)) {
      const answer = await sendFile('/logbook/verify', bytes, tokens.klant);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ sha256: sha256(bytes), known: true, file, report: entry, supersession: null });
    }
    expect(files.csv.subarray(0, 3).toString('hex')).toBe('efbbbf'); // the byte order mark as issued (PGlite's decoding drops it: put back)
    // The browser sends a PDF as application/pdf.
    expect((await sendFile('/logbook/verify', files.pdf, tokens.klant, 'application/pdf')).json().known).toBe(true);
    // The hash as text, in capitals too.
    const byHash = await call(tokens.klant, 'POST', '/logbook/verify', { sha256: ` ${entry.sha256.toUpperCase()} ` });
    expect(byHash.json()).toMatchObject({ known: true, file: 'json', report: { number: entry.number } });

    // One byte changed: unknown. Another customer's user: the same answer as for an unknown file.
    const changed = Buffer.from(files.pdf);
    changed[changed.length - 10] ^= 1;
    const unknown = (await sendFile('/logbook/verify', changed, tokens.klant)).json();
    expect(unknown).toEqual({ sha256: sha256(changed), known: false, file: null, report: null, supersession: null });
    const foreign = (await sendFile('/logbook/verify', files.pdf, tokens.other)).json();
    expect(foreign).toEqual({ sha256: sha256(files.pdf), known: false, file: null, report: null, supersession: null });

    const bad = await call(tokens.klant, 'POST', '/logbook/verify', { sha256: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ sha256: 'validation.sha256' });
    expect((await sendFile('/logbook/verify', files.pdf)).statusCode).toBe(401);
  });

  it('POST /logbook/verify/public answers without an account: number, period, issue time, superseded; nothing about the customer', async () => {
    const entry = await issue();
    const pdf = (await call(tokens.klant, 'GET', `/logbook/issued/${entry.number}/pdf`)).rawPayload;
    // Without an account a hash only (sha256sum of the file): no one unknown streams files in.
    const file = await sendFile('/logbook/verify/public', pdf);
    expect(file.statusCode).toBe(415);
    const answer = await ctx.app.inject({ method: 'POST', url: '/api/v1/logbook/verify/public', payload: { sha256: createHash('sha256').update(pdf).digest('hex') } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      sha256: entry.pdfSha256,
      known: true,
      file: 'pdf',
      number: entry.number,
      from: LOGBOOK_PERIOD.from,
      to: LOGBOOK_PERIOD.to,
      issuedAt: entry.issuedAt,
      superseded: false,
    });
    expect(answer.body).not.toContain(LOGBOOK_CUSTOMER);
    const unknown = await ctx.app.inject({ method: 'POST', url: '/api/v1/logbook/verify/public', payload: { sha256: '0'.repeat(64) } });
    expect(unknown.json()).toEqual({ sha256: '0'.repeat(64), known: false, file: null, number: null, from: null, to: null, issuedAt: null, superseded: null });
  });

  it('a file over the size bound is a 413 with the message key', async () => {
    const answer = await sendFile('/logbook/verify', Buffer.alloc(32 * 1024 * 1024 + 1), tokens.klant);
    expect(answer.statusCode).toBe(413);
    expect(answer.json().key).toBe('errors.payloadTooLarge');
  });

  it('a supersession (logbook_report_supersessions) shows in both answers', async () => {
    const entry = await issue();
    expect(await supersessionOf(ctx.database.db, entry.number)).toBeNull();
    await ctx.database.db.execute(
      sql`INSERT INTO logbook_report_supersessions (report_number, superseded_by, reason, superseded_at, superseded_by_user) VALUES (${entry.number}, 'LB-2026-000099', 'sensor fout', '2026-11-01T10:00:00Z', 'klant@example.com')`,
    );
    const answer = (await call(tokens.klant, 'POST', '/logbook/verify', { sha256: entry.pdfSha256 })).json();
    const supersession = { number: 'LB-2026-000099', reason: 'sensor fout', at: '2026-11-01T10:00:00.000Z', by: 'klant@example.com' };
    expect(answer.supersession).toEqual(supersession);
    expect(answer.report).toMatchObject({ current: false, supersededBy: supersession });
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/logbook/verify/public', payload: { sha256: entry.pdfSha256 } })).json().superseded).toBe(true);
  });
});

describe('the register refuses to change (migration 0026)', () => {
  it('UPDATE, DELETE and TRUNCATE of logbook_reports fail in the database itself, and the row stays as issued', async () => {
    const entry = await issue();
    const row = async () => (await queryRows<Record<string, unknown>>(ctx.database.db, sql`SELECT number, verdict, sha256, pdf_sha256, issued_by FROM logbook_reports`))[0];
    const before = await row();
    for (const statement of [
      sql`UPDATE logbook_reports SET verdict = 'compliant' WHERE number = ${entry.number}`,
      sql`UPDATE logbook_reports SET issued_by = 'someone' WHERE false`,
      sql`DELETE FROM logbook_reports WHERE number = ${entry.number}`,
      sql`TRUNCATE logbook_reports`,
    ]) {
      const error = await ctx.database.system.execute(statement).then(
        () => null,
        (failure: Error) => failure,
      );
      expect(String((error?.cause as Error | undefined)?.message ?? error?.message)).toMatch(/logbook_reports is a register of issued reports: (UPDATE|DELETE|TRUNCATE) is not allowed/);
    }
    expect(await row()).toEqual(before);
    expect(before).toMatchObject({ number: entry.number, verdict: 'openDeviations', issued_by: 'klant@example.com' });
  });

  it('nor do its supersessions (migration 0027): which report counts stays as recorded', async () => {
    const first = await issue();
    const second = await call(tokens.klant, 'POST', `${place}/logbook/issued`, { ...LOGBOOK_PERIOD, language: 'nl', statement: true, role: 'Beheerder', reason: 'Kalibratie gecorrigeerd' });
    expect(second.statusCode).toBe(201);
    const rows = () => queryRows<Record<string, unknown>>(ctx.database.db, sql`SELECT report_number, superseded_by, reason FROM logbook_report_supersessions`);
    const before = await rows();
    expect(before).toEqual([{ report_number: first.number, superseded_by: second.json().number, reason: 'Kalibratie gecorrigeerd' }]);
    for (const statement of [
      sql`UPDATE logbook_report_supersessions SET reason = 'anders'`,
      sql`DELETE FROM logbook_report_supersessions`,
      sql`TRUNCATE logbook_report_supersessions`,
    ]) {
      const error = await ctx.database.system.execute(statement).then(
        () => null,
        (failure: Error) => failure,
      );
      expect(String((error?.cause as Error | undefined)?.message ?? error?.message)).toMatch(/logbook_report_supersessions is part of the register of issued logbook reports: (UPDATE|DELETE|TRUNCATE) is not allowed/);
    }
    expect(await rows()).toEqual(before);
  });
});
