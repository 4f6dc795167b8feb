import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { localDateIn, logbookPeriod } from '@aquasmart/domain';
import { logbookReports, users } from '../../db/schema';
import { caller, restrictUser } from '../../test/places-fixtures';
import { useTestContext } from '../../test/test-app';
import { LOGBOOK_CUSTOMER, LOGBOOK_LOCATION, LOGBOOK_PERIOD, seedLogbookWorld } from './logbook.fixture';
import { supersessionOf } from './supersession';

/**
 * Issue 38 items 2 and 3 (docs/logbook.md, "Sign-off"): only an ended period is issued, a preview
 * of an open one says so everywhere; a second issue of a period supersedes the first with a reason;
 * issuing is a sign-off by a holder of signLogbook who confirms the statement, and the report
 * carries the signer and the responsible person and deputy (the location's, else the customer's).
 */
const ctx = useTestContext();
const call = caller(ctx);
const tokens: Record<string, string> = {};
const customer = `/customers/${encodeURIComponent(LOGBOOK_CUSTOMER)}`;
const place = `${customer}/locations/${encodeURIComponent(LOGBOOK_LOCATION)}`;
const SIGN = { statement: true, role: 'Technisch beheerder' } as const;
const ISSUE = { ...LOGBOOK_PERIOD, ...SIGN };
const pdfText = (pdf: Buffer, pages: string[] = []) =>
  execFileSync('pdftotext', [...pages, '-raw', '-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' }).replace(/\s+/g, ' ');
const pageCount = (text: string) => Number(/Pagina 1 \/ (\d+)/.exec(text)?.[1] ?? /Page 1 \/ (\d+)/.exec(text)?.[1]);
const count = (text: string, part: string) => text.split(part).length - 1;

const RESPONSIBLE = { name: 'Anna de Vries', role: 'Beheerder legionellapreventie', organisation: 'Gemeente Logboek', email: 'anna@example.com', phone: '+31 30 123 4567' };
const DEPUTY = { name: 'Bram Jansen', role: 'Facilitair', organisation: 'Gemeente Logboek', email: '', phone: '030 765 4321' };

beforeEach(async () => {
  const db = ctx.database.db;
  const { customerId } = await seedLogbookWorld(db);
  await ctx.createUser({ email: 'admin@example.com', password: 'Logbook-test-2026', administrator: true });
  const signer = await ctx.createUser({ email: 'signer@example.com', password: 'Logbook-test-2026', rights: { dashboard: true, signLogbook: true } });
  await restrictUser(db, signer, [customerId]);
  await db.update(users).set({ firstName: 'Sanne', lastName: 'Smit' }).where(eq(users.id, signer));
  const reader = await ctx.createUser({ email: 'reader@example.com', password: 'Logbook-test-2026', rights: { dashboard: true } });
  await restrictUser(db, reader, [customerId]);
  for (const name of ['admin', 'signer', 'reader']) tokens[name] = await ctx.tokenFor(`${name}@example.com`);
});

describe('only an ended period is issued; a preview of an open one says so', () => {
  it('this month: issuing is 400 validation.periodNotEnded on to; the JSON, every PDF page and the CSV say the period is still running', async () => {
    const month = logbookPeriod('month', localDateIn(new Date(), 'Europe/Amsterdam'));
    const refused = await call(tokens.signer, 'POST', `${place}/logbook/issued`, { ...month, ...SIGN });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ to: 'validation.periodNotEnded' });
    expect((await call(tokens.signer, 'GET', `${place}/logbook/issued`)).json()).toEqual([]);

    const query = `from=${month.from}&to=${month.to}`;
    const before = Date.now();
    const report = (await call(tokens.signer, 'GET', `${place}/logbook?${query}`)).json();
    expect(new Date(report.judgedUntil).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const pdf = await call(tokens.signer, 'GET', `${place}/logbook/pdf?${query}&language=nl`);
    const text = pdfText(pdf.rawPayload);
    const pages = pageCount(text);
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(count(text, 'Periode loopt nog: cijfers tot')).toBe(pages);
    const csv = await call(tokens.signer, 'GET', `${place}/logbook/csv?${query}&language=en`);
    expect(csv.body).toContain(';period still running;');
    expect(csv.body).toContain('Period still running: figures until');

    // An ended period carries no such mark.
    const ended = (await call(tokens.signer, 'GET', `${place}/logbook?from=${LOGBOOK_PERIOD.from}&to=${LOGBOOK_PERIOD.to}`)).json();
    expect(ended.judgedUntil).toBeUndefined();
    expect(pdfText((await call(tokens.signer, 'GET', `${place}/logbook/pdf?from=${LOGBOOK_PERIOD.from}&to=${LOGBOOK_PERIOD.to}&language=nl`)).rawPayload)).not.toContain('Periode loopt nog');
  });
});

describe('issuing is a sign-off', () => {
  it('without signLogbook 403; without the statement 400 on statement; without a role 400 on role; nothing is stored', async () => {
    expect((await call(tokens.reader, 'POST', `${place}/logbook/issued`, ISSUE)).statusCode).toBe(403);
    const unconfirmed = await call(tokens.signer, 'POST', `${place}/logbook/issued`, { ...LOGBOOK_PERIOD, role: 'Beheerder' });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().fields).toEqual({ statement: 'validation.statementRequired' });
    const unsaid = await call(tokens.signer, 'POST', `${place}/logbook/issued`, { ...LOGBOOK_PERIOD, statement: false, role: ' ' });
    expect(unsaid.json().fields).toEqual({ statement: 'validation.statementRequired', role: 'validation.required' });
    expect((await call(tokens.reader, 'GET', `${place}/logbook/issued`)).json()).toEqual([]);
  });

  it("carries the signer, the statement and the customer's responsible person and deputy (inherited) in the JSON, the CSV and on the PDF's first page", async () => {
    const patched = await call(tokens.admin, 'PATCH', customer, { responsible: RESPONSIBLE, deputy: DEPUTY });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ responsible: RESPONSIBLE, deputy: DEPUTY });
    expect((await call(tokens.admin, 'GET', place)).json()).toMatchObject({ responsible: null, deputy: null });

    const issued = await call(tokens.signer, 'POST', `${place}/logbook/issued`, { ...ISSUE, language: 'nl' });
    expect(issued.statusCode).toBe(201);
    const entry = issued.json();
    expect(entry).toMatchObject({ current: true, supersededBy: null, supersedes: [], signer: { name: 'Sanne Smit', role: 'Technisch beheerder' } });
    const [row] = await ctx.database.db.select().from(logbookReports).where(eq(logbookReports.number, entry.number));
    const content = row.content as { signOff: Record<string, unknown> };
    expect(content.signOff).toEqual({
      signedAt: entry.issuedAt,
      signer: { name: 'Sanne Smit', email: 'signer@example.com', role: 'Technisch beheerder' },
      statement: expect.stringContaining('Ik verklaar dat dit logboek'),
      responsible: RESPONSIBLE,
      deputy: DEPUTY,
      responsibleSource: 'customer',
      supersedes: [],
      reason: null,
    });
    // The sign-off is part of the hashed content.
    const { sha256, ...rest } = row.content as { sha256: string };
    expect(sha256).toBe(entry.sha256);
    expect(JSON.stringify(rest)).toContain('Anna de Vries');

    const first = pdfText(row.pdf, ['-f', '1', '-l', '1']);
    expect(first).toContain('Ondertekend door Sanne Smit (Technisch beheerder)');
    expect(first).toContain('Verantwoordelijke (van de klant) Anna de Vries · Beheerder legionellapreventie · Gemeente Logboek · anna@example.com · +31 30 123 4567');
    expect(first).toContain('Plaatsvervanger Bram Jansen · Facilitair · Gemeente Logboek · 030 765 4321');
    expect(first).toContain('Ik verklaar dat dit logboek');
    const csv = (await call(tokens.signer, 'GET', `/logbook/issued/${entry.number}/csv`)).body;
    expect(csv).toMatch(/\r\nrapport;[^\r]*;ondertekening;Sanne Smit \(Technisch beheerder\);Ik verklaar dat dit logboek/);
    expect(csv).toContain(';verantwoordelijke;;Anna de Vries · Beheerder legionellapreventie');
    expect(csv).toContain(';plaatsvervanger;;Bram Jansen');
  });

  it("a location's own responsible person wins over the customer's", async () => {
    await call(tokens.admin, 'PATCH', customer, { responsible: RESPONSIBLE });
    const own = { name: 'Carla Bos', role: '', organisation: 'Sporthal BV', email: 'carla@example.com', phone: '' };
    const patched = await call(tokens.admin, 'PATCH', place, { responsible: own });
    expect(patched.statusCode).toBe(200);
    const entry = (await call(tokens.admin, 'POST', `${place}/logbook/issued`, { ...ISSUE, language: 'en' })).json();
    const [row] = await ctx.database.db.select().from(logbookReports).where(eq(logbookReports.number, entry.number));
    expect((row.content as { signOff: unknown }).signOff).toMatchObject({ responsible: own, deputy: null, responsibleSource: 'location' });
    expect(pdfText(row.pdf, ['-f', '1', '-l', '1'])).toContain("Responsible person (the location's) Carla Bos · Sporthal BV · carla@example.com");
  });
});

describe('a second issue of the same period supersedes the first', () => {
  it('needs a reason; the register shows which counts and why; the superseded PDF says so on every page; ?original=1 is the bytes as issued', async () => {
    const first = (await call(tokens.signer, 'POST', `${place}/logbook/issued`, ISSUE)).json();
    const without = await call(tokens.signer, 'POST', `${place}/logbook/issued`, ISSUE);
    expect(without.statusCode).toBe(400);
    expect(without.json().fields).toEqual({ reason: 'validation.supersedeReasonRequired' });

    const reason = 'Sensor 2 bleek verkeerd gekalibreerd; kalibratie gecorrigeerd';
    const second = await call(tokens.admin, 'POST', `${place}/logbook/issued`, { ...ISSUE, reason });
    expect(second.statusCode).toBe(201);
    const entry = second.json();
    expect(entry).toMatchObject({ current: true, supersededBy: null, supersedes: [first.number] });

    const register = (await call(tokens.signer, 'GET', `${place}/logbook/issued`)).json();
    expect(register.map((item: { number: string; current: boolean }) => [item.number, item.current])).toEqual([
      [entry.number, true],
      [first.number, false],
    ]);
    const superseded = { number: entry.number, at: entry.issuedAt, by: 'admin@example.com', reason };
    expect(register[1].supersededBy).toEqual(superseded);
    expect((await call(tokens.signer, 'GET', `/logbook/issued/${first.number}`)).json()).toMatchObject({ current: false, supersededBy: superseded });
    expect(await supersessionOf(ctx.database.db, first.number)).toEqual(superseded);
    expect(await supersessionOf(ctx.database.db, entry.number)).toBeNull();
    // The customer's whole report of the period is another subject: not superseded, no reason needed.
    expect((await call(tokens.signer, 'POST', `${customer}/logbook/issued`, ISSUE)).statusCode).toBe(201);

    const again = await call(tokens.signer, 'GET', `/logbook/issued/${first.number}/pdf`);
    expect(again.statusCode).toBe(200);
    const text = pdfText(again.rawPayload);
    expect(count(text, `VERVANGEN door ${entry.number}`)).toBe(pageCount(text));
    expect(text).toContain(reason.slice(0, 40));
    expect(createHash('sha256').update(again.rawPayload).digest('hex')).not.toBe(first.pdfSha256);
    const original = await call(tokens.signer, 'GET', `/logbook/issued/${first.number}/pdf?original=1`);
    expect(createHash('sha256').update(original.rawPayload).digest('hex')).toBe(first.pdfSha256);
    expect(pdfText(original.rawPayload)).not.toContain('VERVANGEN');
    // The counting one is downloaded as issued.
    const current = await call(tokens.signer, 'GET', `/logbook/issued/${entry.number}/pdf`);
    expect(createHash('sha256').update(current.rawPayload).digest('hex')).toBe(entry.pdfSha256);
    expect(pdfText(current.rawPayload)).toContain(`Vervangt ${first.number}; reden: ${reason}`);
  });
});
