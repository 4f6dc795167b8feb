import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type TDb } from '../../db/database';
import { customers, locations, logbookReports, users } from '../../db/schema';
import { useTestContext } from '../../test/test-app';
import { insertCustomer, insertLocation } from '../../test/places-fixtures';
import { insertSubscriber, MAIL_FROM, PUBLIC_URL } from '../../test/alert-fixtures';
import { startTestSmtpServer, type TTestSmtpServer } from '../../test/smtp-fixture';
import { sendDueMails } from '../alerts/mail-sender';
import { smtpTransport, type TMailTransport } from '../alerts/mail-transport';
import {
  composeMonthlyLogbookMail,
  createMonthlyLogbookJob,
  dueMonthlyPeriod,
  monthlyMessageId,
  runMonthlyLogbookStep,
  type TMonthlyDraftArgs,
  type TMonthlyLogbookDeps,
  type TPrepareMonthlyDraft,
} from './monthly-logbook-job';

/**
 * The monthly logbook e-mail (docs/logbook.md, "Monthly by e-mail") on the real database, the real
 * outbox tables and sender, nodemailer and a real SMTP server (smtp-server): the draft preparer is
 * a fake (the report service's prepareMonthlyDraft computes the report); nothing is issued.
 */

const ctx = useTestContext();
let db: TDb;
let smtp: TTestSmtpServer;
let transport: TMailTransport;
let calls: TMonthlyDraftArgs[];
let ids: { utrecht: number; leeds: number; stadhuis: number; kelder: number; kliniek: number };

const CUSTOMER_A = 'Gemeente Utrecht';
/** A name with characters a URL must encode and HTML must escape. */
const LOCATION_KELDER = 'Stadhuis / Kelder #2 <oost>';
const CUSTOMER_B = 'NHS Trust Leeds';

/** 1 December 2026 06:30 in Amsterdam (05:30 UTC, 05:30 in London). */
const DEC_1_0630_AMSTERDAM = new Date('2026-12-01T05:30:00Z');
const NOVEMBER = { from: '2026-11-01', to: '2026-11-30' };

/** What the report service answers of a month's draft, as far as the job sees it. */
const fakePreparer: TPrepareMonthlyDraft = async (args) => {
  calls.push(args);
  return { verdict: 'openDeviations', openDeviations: 2 };
};

const ANNA = { name: 'Anna de Vries', role: 'Beheerder', organisation: 'Gemeente Utrecht', email: 'anna@example.com', phone: '' };
/** No e-mail address: gets no e-mail. */
const BRAM = { name: 'Bram Jansen', role: 'Facilitair', organisation: '', email: '', phone: '030 123 4567' };
const CARLA = { name: 'Carla Bos', role: 'Beheerder', organisation: 'Kelder BV', email: 'Carla@Example.com', phone: '' };

function deps(at: Date, overrides: Partial<TMonthlyLogbookDeps> = {}): TMonthlyLogbookDeps {
  return { db, prepareDraft: fakePreparer, now: () => at, publicUrl: PUBLIC_URL, ...overrides };
}

async function outbox(): Promise<{ recipient: string; kind: string; subject: string; language: string; message_id: string; state: string }[]> {
  return queryRows(db, sql`SELECT recipient, kind, subject, language, message_id, state FROM mail_messages ORDER BY id`);
}

beforeEach(async () => {
  db = ctx.database.system;
  calls = [];
  // Utrecht names a responsible person (with an address) and a deputy (phone only); its Kelder names its own.
  const utrecht = await insertCustomer(db, CUSTOMER_A, { responsible: ANNA, deputy: BRAM });
  const leeds = await insertCustomer(db, CUSTOMER_B, { country: 'United Kingdom' });
  ids = {
    utrecht,
    leeds,
    stadhuis: await insertLocation(db, utrecht, 'Stadhuis'),
    kelder: await insertLocation(db, utrecht, LOCATION_KELDER, { responsible: CARLA }),
    kliniek: await insertLocation(db, leeds, 'Kliniek', { timeZone: 'Europe/London', healthcare: true }),
  };
  // piet and the administrator see Utrecht; noor sees Leeds; klaas and mies have the toggle off.
  await insertSubscriber(db, { email: 'piet@example.com', customers: [utrecht], logbook: true });
  await insertSubscriber(db, { email: 'admin@example.com', administrator: true, language: 'en', logbook: true });
  await insertSubscriber(db, { email: 'noor@example.com', customers: [leeds], language: 'en', logbook: true });
  await insertSubscriber(db, { email: 'klaas@example.com', customers: [leeds], logbook: false, flush: true });
  await insertSubscriber(db, { email: 'mies@example.com', customers: [utrecht], logbook: false });
  smtp = await startTestSmtpServer();
  transport = smtpTransport(smtp.url, MAIL_FROM);
});

afterEach(async () => {
  transport.close();
  await smtp.stop();
});

describe('when the monthly report is due (06:00 on the first, local time, catching up until the third)', () => {
  it.each([
    ['Amsterdam, 1 December 05:59', '2026-12-01T04:59:00Z', 'Europe/Amsterdam', null],
    ['Amsterdam, 1 December 06:00', '2026-12-01T05:00:00Z', 'Europe/Amsterdam', NOVEMBER],
    ['Amsterdam, 3 December 23:59', '2026-12-03T22:59:00Z', 'Europe/Amsterdam', NOVEMBER],
    ['Amsterdam, 4 December 00:00', '2026-12-03T23:00:00Z', 'Europe/Amsterdam', null],
    ['Amsterdam, 30 November 23:00', '2026-11-30T22:00:00Z', 'Europe/Amsterdam', null],
    ['Amsterdam, 1 January 06:00: December of the year before', '2027-01-01T05:00:00Z', 'Europe/Amsterdam', { from: '2026-12-01', to: '2026-12-31' }],
    ['Amsterdam in summer time, 1 July 06:00', '2026-07-01T04:00:00Z', 'Europe/Amsterdam', { from: '2026-06-01', to: '2026-06-30' }],
    ['Amsterdam in summer time, 1 July 05:59', '2026-07-01T03:59:00Z', 'Europe/Amsterdam', null],
    ['1 March 06:00: February of a common year', '2027-03-01T05:00:00Z', 'Europe/Amsterdam', { from: '2027-02-01', to: '2027-02-28' }],
    ['London, 1 December 05:30 (06:30 in Amsterdam)', '2026-12-01T05:30:00Z', 'Europe/London', null],
    ['London, 1 December 06:00', '2026-12-01T06:00:00Z', 'Europe/London', NOVEMBER],
    ['New York, 1 December 05:59', '2026-12-01T10:59:00Z', 'America/New_York', null],
    ['New York, 1 December 06:00', '2026-12-01T11:00:00Z', 'America/New_York', NOVEMBER],
    ['an unknown stored zone counts as Amsterdam', '2026-12-01T05:00:00Z', 'Mars/Olympus', NOVEMBER],
  ])('%s', (_case, at, zone, expected) => {
    expect(dueMonthlyPeriod(new Date(at), zone)).toEqual(expected);
  });
});

describe('the monthly logbook job', () => {
  it("prepares each location's draft once, issues nothing, and mails its responsible person and each subscriber who may see it, nobody else; a second run does nothing", async () => {
    const first = await runMonthlyLogbookStep(deps(DEC_1_0630_AMSTERDAM));
    // Utrecht's two locations: the responsible person (Anna, the customer's; Carla, the Kelder's own), piet (nl) and the administrator (en). Leeds is still 05:30.
    expect(first).toEqual({ prepared: 2, queued: 6, failed: 0, remaining: 0 });
    expect(calls.map((call) => [call.location, call.period])).toEqual([
      ['Stadhuis', NOVEMBER],
      [LOCATION_KELDER, NOVEMBER],
    ]);
    expect((await outbox()).map((mail) => [mail.recipient, mail.kind, mail.language, mail.state])).toEqual([
      ['anna@example.com', 'logbook', 'nl', 'pending'],
      ['piet@example.com', 'logbook', 'nl', 'pending'],
      ['admin@example.com', 'logbook', 'en', 'pending'],
      ['Carla@Example.com', 'logbook', 'nl', 'pending'],
      ['piet@example.com', 'logbook', 'nl', 'pending'],
      ['admin@example.com', 'logbook', 'en', 'pending'],
    ]);
    expect(await db.select().from(logbookReports)).toEqual([]);

    expect(await runMonthlyLogbookStep(deps(new Date('2026-12-01T05:45:00Z')))).toEqual({ prepared: 0, queued: 0, failed: 0, remaining: 0 });
    expect(calls).toHaveLength(2);

    // 06:00 in London: the clinic's draft, once, in English for the administrator and noor (Leeds names nobody).
    expect(await runMonthlyLogbookStep(deps(new Date('2026-12-01T06:00:00Z')))).toEqual({ prepared: 1, queued: 2, failed: 0, remaining: 0 });
    expect(calls.slice(2).map((call) => [call.customer, call.location])).toEqual([[CUSTOMER_B, 'Kliniek']]);
    expect((await outbox()).slice(6).map((mail) => mail.recipient)).toEqual(['admin@example.com', 'noor@example.com']);
    expect(await runMonthlyLogbookStep(deps(new Date('2026-12-02T12:00:00Z')))).toEqual({ prepared: 0, queued: 0, failed: 0, remaining: 0 });

    // The real sender delivers them through nodemailer to the SMTP server.
    await sendDueMails(db, transport, { lockWhileSending: ctx.database.kind === 'postgres' });
    const received = await smtp.waitFor(8);
    expect(received.map((mail) => mail.to[0].toLowerCase()).sort()).toEqual([
      'admin@example.com',
      'admin@example.com',
      'admin@example.com',
      'anna@example.com',
      'carla@example.com',
      'noor@example.com',
      'piet@example.com',
      'piet@example.com',
    ]);
    expect(received.filter((mail) => mail.to.includes('klaas@example.com') || mail.to.includes('mies@example.com'))).toEqual([]);
    const toPiet = received.find((mail) => mail.to[0] === 'piet@example.com' && mail.subject.includes('Kelder'))!;
    expect(toPiet.subject).toBe(`Legionellalogboek november 2026: ${LOCATION_KELDER} (${CUSTOMER_A})`);
    expect(toPiet.text).toContain('staat als concept klaar en wacht op ondertekening.');
    expect(toPiet.text).toContain('Oordeel: Open afwijkingen. Open afwijkingen (zonder vastgelegde oorzaak en maatregel): 2.');
    const link = `${PUBLIC_URL}/locations/Gemeente%20Utrecht/${encodeURIComponent(LOCATION_KELDER)}?from=2026-11-01&to=2026-11-30#logbook`;
    expect(toPiet.text).toContain(link);
    expect(toPiet.html).toContain(`href="${link.replace('&', '&amp;')}"`);
    expect(toPiet.html).toContain('Stadhuis / Kelder #2 &lt;oost&gt;');
    expect(toPiet.html).not.toContain('<oost>');
    expect(toPiet.messageId).toBe(monthlyMessageId(ids.kelder, NOVEMBER, await userId('piet@example.com'), PUBLIC_URL));
    const toAnna = received.find((mail) => mail.to[0] === 'anna@example.com')!;
    expect(toAnna.text.startsWith('Beste Anna de Vries,')).toBe(true);
    expect(toAnna.text).toContain('bent vastgelegd als verantwoordelijke of plaatsvervanger');
    expect(toAnna.text).not.toContain('/users/current');
    expect(toAnna.messageId).toBe(monthlyMessageId(ids.stadhuis, NOVEMBER, { email: 'ANNA@example.com' }, PUBLIC_URL));
    const toNoor = received.find((mail) => mail.to[0] === 'noor@example.com')!;
    expect(toNoor.subject).toBe(`Legionella logbook November 2026: Kliniek (${CUSTOMER_B})`);
    expect(toNoor.text).toContain('Verdict: Open deviations. Open deviations (no cause and corrective action recorded): 2.');
    expect(toNoor.text).toContain(`${PUBLIC_URL}/users/current`);
    expect((await outbox()).every((mail) => mail.state === 'sent')).toBe(true);
  });

  it('outside the window, or without subscribers and responsible persons, it mails nothing', async () => {
    expect(await runMonthlyLogbookStep(deps(new Date('2026-12-04T12:00:00Z')))).toEqual({ prepared: 0, queued: 0, failed: 0, remaining: 0 });
    expect(await runMonthlyLogbookStep(deps(new Date('2026-11-15T12:00:00Z')))).toEqual({ prepared: 0, queued: 0, failed: 0, remaining: 0 });
    await db.update(users).set({ logbookEmails: false });
    await db.update(customers).set({ responsible: null, deputy: null });
    await db.update(locations).set({ responsible: null, deputy: null });
    expect(await runMonthlyLogbookStep(deps(DEC_1_0630_AMSTERDAM))).toEqual({ prepared: 0, queued: 0, failed: 0, remaining: 0 });
    expect(calls).toEqual([]);
    expect(await outbox()).toEqual([]);
  });

  it('a responsible person who is also a subscriber gets one e-mail, as the user; a crash before the e-mails writes them once in the next step', async () => {
    await db.update(customers).set({ responsible: { ...ANNA, email: 'PIET@example.com' } }).where(eq(customers.id, ids.utrecht));
    const failingOnce: TPrepareMonthlyDraft = async (args) => {
      if (args.location === 'Stadhuis' && !calls.some((call) => call.location === 'Stadhuis')) {
        calls.push(args);
        throw new Error('server stopped');
      }
      return fakePreparer(args);
    };
    expect(await runMonthlyLogbookStep(deps(DEC_1_0630_AMSTERDAM, { prepareDraft: failingOnce }))).toEqual({ prepared: 1, queued: 3, failed: 1, remaining: 0 });
    expect(await runMonthlyLogbookStep(deps(DEC_1_0630_AMSTERDAM, { prepareDraft: failingOnce }))).toEqual({ prepared: 1, queued: 2, failed: 0, remaining: 0 });
    expect((await outbox()).filter((mail) => mail.subject.includes('Stadhuis (')).map((mail) => mail.recipient)).toEqual(['piet@example.com', 'admin@example.com']);
  });

  it('two server copies running the step at once: every report and every e-mail once', async () => {
    const [one, two] = await Promise.all([runMonthlyLogbookStep(deps(DEC_1_0630_AMSTERDAM)), runMonthlyLogbookStep(deps(DEC_1_0630_AMSTERDAM))]);
    expect(one.queued + two.queued).toBe(6);
    expect(one.failed + two.failed).toBe(0);
    const messageIds = (await outbox()).map((mail) => mail.message_id);
    expect(new Set(messageIds).size).toBe(6);
    expect(messageIds).toHaveLength(6);
  });

  it('a report that fails is logged and tried again in the next step; the other locations go on', async () => {
    const errors: object[] = [];
    const failing: TPrepareMonthlyDraft = async (args) => {
      if (args.location === 'Stadhuis') throw new Error('history not readable');
      return fakePreparer(args);
    };
    const log = { error: (object: object) => errors.push(object) };
    expect(await runMonthlyLogbookStep(deps(DEC_1_0630_AMSTERDAM, { prepareDraft: failing, log }))).toEqual({ prepared: 1, queued: 3, failed: 1, remaining: 0 });
    expect(errors).toEqual([expect.objectContaining({ location: 'Stadhuis', customer: CUSTOMER_A, period: NOVEMBER })]);
    expect(await runMonthlyLogbookStep(deps(new Date('2026-12-01T05:45:00Z')))).toEqual({ prepared: 1, queued: 3, failed: 0, remaining: 0 });
    expect((await outbox()).map((mail) => mail.subject.replace(/^.*: /, ''))).toEqual([
      ...Array(3).fill(`${LOCATION_KELDER} (${CUSTOMER_A})`),
      ...Array(3).fill(`Stadhuis (${CUSTOMER_A})`),
    ]);
  });

  it('a user who switches it on later in the window gets the issued reports; a user moved to another customer gets that one', async () => {
    await runMonthlyLogbookStep(deps(new Date('2026-12-01T06:30:00Z')));
    expect(calls).toHaveLength(3);
    await db.update(users).set({ logbookEmails: true }).where(eq(users.email, 'mies@example.com'));
    expect(await runMonthlyLogbookStep(deps(new Date('2026-12-02T09:00:00Z')))).toEqual({ prepared: 2, queued: 2, failed: 0, remaining: 0 });
    expect((await outbox()).filter((mail) => mail.recipient === 'mies@example.com')).toHaveLength(2);
    await db.update(users).set({ logbookEmails: true }).where(eq(users.email, 'klaas@example.com'));
    expect(await runMonthlyLogbookStep(deps(new Date('2026-12-02T09:05:00Z')))).toEqual({ prepared: 1, queued: 1, failed: 0, remaining: 0 });
    expect(calls.at(-1)).toMatchObject({ location: 'Kliniek' });
  });

  it('handles a limited number of locations per step and says how many wait', async () => {
    for (let index = 0; index < 4; index++) await insertLocation(db, ids.utrecht, `Gebouw ${index}`);
    await db.update(users).set({ logbookEmails: false }).where(eq(users.email, 'admin@example.com'));
    await db.update(customers).set({ responsible: null });
    await db.update(locations).set({ responsible: null });
    const first = await runMonthlyLogbookStep(deps(DEC_1_0630_AMSTERDAM, { locationsPerStep: 4 }));
    expect(first).toEqual({ prepared: 4, queued: 4, failed: 0, remaining: 2 });
    const second = await runMonthlyLogbookStep(deps(DEC_1_0630_AMSTERDAM, { locationsPerStep: 4 }));
    expect(second).toEqual({ prepared: 2, queued: 2, failed: 0, remaining: 0 });
    expect((await outbox()).map((mail) => mail.recipient)).toEqual(Array(6).fill('piet@example.com'));
  });

  it('each location follows its own time zone', async () => {
    await db.update(locations).set({ timeZone: 'America/New_York' }).where(eq(locations.id, ids.stadhuis));
    await runMonthlyLogbookStep(deps(DEC_1_0630_AMSTERDAM));
    expect(calls.map((call) => call.location)).toEqual([LOCATION_KELDER]);
    await runMonthlyLogbookStep(deps(new Date('2026-12-01T11:00:00Z')));
    expect(calls.map((call) => call.location)).toEqual([LOCATION_KELDER, 'Stadhuis', 'Kliniek']);
  });
});

describe('as a background loop', () => {
  it('runs steps until the due work is done, wakes the mailer, and stops', async () => {
    let woken = 0;
    const job = createMonthlyLogbookJob({ ...deps(new Date('2026-12-01T06:30:00Z')), locationsPerStep: 1, log: { error: () => undefined }, onQueued: () => (woken += 1) }, 60_000);
    job.start();
    const end = Date.now() + 20_000;
    while ((await outbox()).length < 8 && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
    await job.stop();
    expect((await outbox()).length).toBe(8);
    expect(calls).toHaveLength(3);
    expect(woken).toBe(3); // one location per step: Stadhuis, Kelder, Kliniek
  });
});

describe('the e-mail', () => {
  it.each([
    ['nl', 'Legionellalogboek februari 2027: Hal (Acme)', 'Beste Jan Jansen,'],
    ['en', 'Legionella logbook February 2027: Hal (Acme)', 'Dear Jan Jansen,'],
  ] as const)('%s: subject, greeting, verdict and open deviations, link', (language, subject, greeting) => {
    const mail = composeMonthlyLogbookMail({
      recipient: { userId: 7, name: 'Jan Jansen', email: 'jan@example.com', language },
      customer: 'Acme',
      location: 'Hal',
      period: { from: '2027-02-01', to: '2027-02-28' },
      draft: { verdict: 'insufficientData', openDeviations: 0 },
      link: 'https://portal.example.nl/locations/Acme/Hal#logbook',
      publicUrl: 'https://portal.example.nl/',
    });
    expect(mail.subject).toBe(subject);
    expect(mail.text.startsWith(greeting)).toBe(true);
    expect(mail.text).toContain(language === 'nl' ? 'Oordeel: Onvoldoende gegevens. Open afwijkingen (zonder vastgelegde oorzaak en maatregel): 0.' : 'Verdict: Insufficient data. Open deviations (no cause and corrective action recorded): 0.');
    expect(mail.text).toContain('https://portal.example.nl/locations/Acme/Hal#logbook');
    expect(mail.text).toContain('https://portal.example.nl/users/current');
    expect(mail.html).toContain(`<html lang="${language}">`);
  });
});

async function userId(email: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row.id;
}
