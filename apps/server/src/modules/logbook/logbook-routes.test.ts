import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { caller, insertCustomer, insertLocation, restrictUser } from '../../test/places-fixtures';
import { useTestContext } from '../../test/test-app';
import { LOGBOOK_CUSTOMER, LOGBOOK_LOCATION, LOGBOOK_PERIOD, seedLogbookWorld } from './logbook.fixture';

/**
 * The logbook routes end to end on the known week (logbook.fixture.ts): the JSON the screen shows,
 * the PDF (read back with pdftotext) and CSV, issuing, the register, downloads and who may do what.
 */
const ctx = useTestContext();
const call = caller(ctx);
const tokens: Record<string, string> = {};
const place = `/customers/${encodeURIComponent(LOGBOOK_CUSTOMER)}/locations/${encodeURIComponent(LOGBOOK_LOCATION)}`;
const query = `from=${LOGBOOK_PERIOD.from}&to=${LOGBOOK_PERIOD.to}`;
/** Issuing is a sign-off (logbook-sign-off.test.ts): the statement confirmed and a role. */
const SIGN = { statement: true, role: 'Beheerder' } as const;
const ISSUE = { ...LOGBOOK_PERIOD, ...SIGN };
const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' }).replace(/\s+/g, ' ');

beforeEach(async () => {
  const db = ctx.database.db;
  const { customerId } = await seedLogbookWorld(db);
  const otherId = await insertCustomer(db, 'Andere Klant');
  await insertLocation(db, otherId, 'Elders');
  await ctx.createUser({ email: 'admin@example.com', password: 'Logbook-test-2026', administrator: true });
  const klant = await ctx.createUser({ email: 'klant@example.com', password: 'Logbook-test-2026', rights: { dashboard: true, signLogbook: true } });
  await restrictUser(db, klant, [customerId]);
  const other = await ctx.createUser({ email: 'other@example.com', password: 'Logbook-test-2026', rights: { dashboard: true, signLogbook: true } });
  await restrictUser(db, other, [otherId]);
  for (const name of ['admin', 'klant', 'other']) tokens[name] = await ctx.tokenFor(`${name}@example.com`);
});

describe('logbook routes', () => {
  it("GET a location's report: the figures of the known week", async () => {
    const response = await call(tokens.klant, 'GET', `${place}/logbook?${query}`);
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({ scope: 'location', number: null, verdict: 'deviations', generatedBy: 'klant@example.com' });
    expect(report.locations[0].channels[0]).toMatchObject({ readings: 736, coverage: 0.9583, growthRangeHours: 2, flushesFailed: 1 });
  });

  it('the PDF holds the figures, marked as a concept; the CSV has them with decimal commas in Dutch', async () => {
    const pdf = await call(tokens.klant, 'GET', `${place}/logbook/pdf?${query}&language=nl`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="logbook-concept-Gemeente-Logboek-Sporthal-Noord-2026-10-05-2026-10-12\.pdf"$/);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Gemeente Logboek');
    expect(text).toContain('Sportlaan 5');
    expect(text).toContain('95,8%'); // coverage of the hot line
    expect(text).toContain('Afwijkingen');
    expect(text).toContain('54,0'); // the failed flush: before
    expect(text).toContain('55,0'); // and after
    const csv = await call(tokens.klant, 'GET', `${place}/logbook/csv?${query}&language=nl`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toContain(';');
    expect(csv.body).toContain(";95,83;"); // the hot line's coverage in %, decimal comma
    // Issue 39: the handling columns are always there, "niet afgehandeld" where nobody handled an
    // alarm; every excursion with its class; a due date as a date; settings in words.
    expect(csv.body).toContain(';Afhandeling;Bevestigd door;Bevestigd op;Opgelost door;Opgelost op;Notitie;');
    const lines = csv.body.split('\r\n');
    expect(lines.filter((line) => line.startsWith('alarm;')).every((line) => line.includes(';niet afgehandeld;'))).toBe(true);
    expect(lines.filter((line) => line.startsWith('alarm;')).length).toBeGreaterThan(0);
    expect(lines.filter((line) => line.startsWith('overschrijding;'))).toEqual([expect.stringContaining(';08-10-2026 12:00;08-10-2026 14:00;2;korter dan 2 dagen;')]);
    expect(csv.body).toContain(';08-10-2028;');
    expect(csv.body).toContain('Loginterval: 15\u00A0min → 15\u00A0min');
    expect(text).toContain('niet afgehandeld');
    expect(text).toContain('Overschrijdingen van de grens');
  });

  it('German: the PDF and CSV with language=de, issued in German, a German user by default; another language is a 400 on the field', async () => {
    const pdf = await call(tokens.klant, 'GET', `${place}/logbook/pdf?${query}&language=de`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Legionellen-Betriebsbuch');
    expect(text).toContain('05.10.2026 bis 12.10.2026');
    expect(text).toContain('Befund Standort: Abweichungen');
    expect(text).toContain('95,8%');
    expect(text).toContain('Änderungen');
    const csv = await call(tokens.klant, 'GET', `${place}/logbook/csv?${query}&language=de`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.startsWith('\uFEFFBereich;Standort;Messknoten;')).toBe(true);
    expect(csv.body).toContain(';95,83;');
    expect(csv.body).toContain('05.10.2026');

    const issued = await call(tokens.klant, 'POST', `${place}/logbook/issued`, { ...ISSUE, language: 'de' });
    expect(issued.statusCode).toBe(201);
    expect(issued.json()).toMatchObject({ language: 'de' });
    expect(pdfText((await call(tokens.klant, 'GET', `/logbook/issued/${issued.json().number}/pdf`)).rawPayload)).toContain('Legionellen-Betriebsbuch');

    for (const [method, url, body] of [
      ['GET', `${place}/logbook/pdf?${query}&language=fr`, undefined],
      ['GET', `${place}/logbook/csv?${query}&language=fr`, undefined],
      ['POST', `${place}/logbook/issued`, { ...LOGBOOK_PERIOD, language: 'fr' }],
    ] as const) {
      const refused = await call(tokens.klant, method, url, body);
      expect([url, refused.statusCode]).toEqual([url, 400]);
      expect(Object.keys(refused.json().fields)).toEqual(['language']);
    }
    expect((await call(tokens.klant, 'GET', `${place}/logbook/issued`)).json()).toHaveLength(1);

    // A user whose language is German gets German when the request names none.
    await ctx.database.db.execute(sql`UPDATE users SET language = 'de' WHERE email = 'klant@example.com'`);
    const byDefault = await call(tokens.klant, 'GET', `${place}/logbook/pdf?${query}`);
    expect(pdfText(byDefault.rawPayload)).toContain('Legionellen-Betriebsbuch');
  });

  it('issuing registers the report: numbered, hashed, listed, downloadable byte for byte, hash in the PDF footer', async () => {
    const issued = await call(tokens.klant, 'POST', `${place}/logbook/issued`, { ...ISSUE, language: 'en' });
    expect(issued.statusCode).toBe(201);
    const entry = issued.json();
    expect(entry).toMatchObject({ scope: 'location', customer: LOGBOOK_CUSTOMER, location: LOGBOOK_LOCATION, from: '2026-10-05', to: '2026-10-12', rulebook: 'NL', verdict: 'deviations', issuedBy: 'klant@example.com', language: 'en' });
    expect(entry.number).toMatch(/^LB-\d{4}-\d{6}$/);
    expect(entry.sha256).toMatch(/^[0-9a-f]{64}$/);
    // NL keeps 3 years after the period's end.
    expect(entry.keepUntil).toBe('2029-10-12T22:00:00.000Z');

    const list = await call(tokens.klant, 'GET', `${place}/logbook/issued`);
    expect(list.json()).toEqual([entry]);
    const pdf = await call(tokens.klant, 'GET', `/logbook/issued/${entry.number}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(entry.pdfSha256);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(entry.number);
    expect(text).toContain(entry.sha256);
    const again = await call(tokens.klant, 'GET', `/logbook/issued/${entry.number}/pdf`);
    expect(Buffer.compare(again.rawPayload, pdf.rawPayload)).toBe(0);
    const csv = await call(tokens.klant, 'GET', `/logbook/issued/${entry.number}/csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(entry.number);
    expect((await call(tokens.admin, 'GET', `/logbook/issued/${entry.number}`)).json()).toEqual(entry);
  });

  it('the customer report has a section per location and its own register', async () => {
    const customer = `/customers/${encodeURIComponent(LOGBOOK_CUSTOMER)}`;
    const report = (await call(tokens.admin, 'GET', `${customer}/logbook?${query}`)).json();
    expect(report.scope).toBe('customer');
    expect(report.locations.map((section: { location: { name: string } }) => section.location.name)).toEqual([LOGBOOK_LOCATION]);
    const issued = await call(tokens.admin, 'POST', `${customer}/logbook/issued`, ISSUE);
    expect(issued.statusCode).toBe(201);
    expect(issued.json()).toMatchObject({ scope: 'customer', location: null, language: 'nl' });
    expect((await call(tokens.admin, 'GET', `${customer}/logbook/issued`)).json()).toHaveLength(1);
    expect((await call(tokens.admin, 'GET', `${place}/logbook/issued`)).json()).toHaveLength(0);
  });

  it.each([
    ['from=2026-10-12&to=2026-10-05', { to: 'validation.periodEndBeforeStart' }],
    ['from=2024-01-01&to=2026-01-01', { to: 'validation.periodTooLong?days=367' }],
    ['from=2099-01-01&to=2099-01-31', { from: 'validation.periodInFuture' }],
    ['from=2026-02-30&to=2026-03-01', { from: 'validation.date' }],
  ])('a bad period (%s) is a 400 naming the field, and nothing is issued', async (period, fields) => {
    const response = await call(tokens.klant, 'GET', `${place}/logbook?${period}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual(fields);
    const [from, to] = period.split('&').map((part) => part.split('=')[1]);
    expect((await call(tokens.klant, 'POST', `${place}/logbook/issued`, { from, to, ...SIGN })).statusCode).toBe(400);
    expect((await call(tokens.klant, 'GET', `${place}/logbook/issued`)).json()).toEqual([]);
  });

  it('after the location moved to another customer its issued reports stay the old customer\'s: listed and opened there, not by the new one', async () => {
    const entry = (await call(tokens.klant, 'POST', `${place}/logbook/issued`, ISSUE)).json();
    const moved = await call(tokens.admin, 'PATCH', place, { customer: 'Andere Klant' });
    expect(moved.statusCode).toBe(200);
    const movedPlace = `/customers/${encodeURIComponent('Andere Klant')}/locations/${encodeURIComponent(LOGBOOK_LOCATION)}`;
    expect((await call(tokens.other, 'GET', `${movedPlace}/logbook/issued`)).json()).toEqual([]);
    expect((await call(tokens.admin, 'GET', `${movedPlace}/logbook/issued`)).json()).toEqual([]);
    expect((await call(tokens.other, 'GET', `/logbook/issued/${entry.number}`)).statusCode).toBe(404);
    expect((await call(tokens.other, 'GET', '/customers/Andere%20Klant/logbook/issued')).json()).toEqual([]);
    const customer = `/customers/${encodeURIComponent(LOGBOOK_CUSTOMER)}`;
    expect((await call(tokens.klant, 'GET', `${customer}/logbook/issued`)).json()).toEqual([entry]);
    expect((await call(tokens.klant, 'GET', `/logbook/issued/${entry.number}`)).json()).toEqual(entry);
    // Issued at its new customer: theirs, and not the old customer's.
    const fresh = (await call(tokens.other, 'POST', `${movedPlace}/logbook/issued`, ISSUE)).json();
    expect((await call(tokens.other, 'GET', `${movedPlace}/logbook/issued`)).json()).toEqual([fresh]);
    expect((await call(tokens.klant, 'GET', `${customer}/logbook/issued`)).json()).toEqual([entry]);
    expect((await call(tokens.klant, 'GET', `/logbook/issued/${fresh.number}`)).statusCode).toBe(404);
  });

  it('a user outside the customer gets 404 everywhere, also for an issued number; no token is 401', async () => {
    const entry = (await call(tokens.admin, 'POST', `${place}/logbook/issued`, ISSUE)).json();
    for (const [method, url] of [
      ['GET', `${place}/logbook?${query}`],
      ['GET', `${place}/logbook/pdf?${query}`],
      ['GET', `${place}/logbook/issued`],
      ['POST', `${place}/logbook/issued`],
      ['GET', `/logbook/issued/${entry.number}`],
      ['GET', `/logbook/issued/${entry.number}/pdf`],
    ] as const) {
      const response = await call(tokens.other, method, url, method === 'POST' ? ISSUE : undefined);
      expect([method, url, response.statusCode]).toEqual([method, url, 404]);
    }
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1${place}/logbook?${query}` })).statusCode).toBe(401);
    expect((await call(tokens.klant, 'GET', '/logbook/issued/LB-2026-999999')).statusCode).toBe(404);
  });
});
