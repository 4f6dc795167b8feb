import { createHash } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  DEFAULT_TIME_ZONE,
  effectiveResponsible,
  effectiveRulebook,
  isTimeZone,
  logbookMailEn,
  logbookMailNl,
  logbookPeriod,
  type TLogbookMailTexts,
  type TLogbookPeriodQuery,
  type TLogbookReport,
  type TLogbookReportLanguage,
  type TResponsiblePerson,
} from '@aquasmart/domain';
import { queryRows, type TDb, type TDbOrTx } from '../../db/database';
import { BackgroundLoop, type TLoopLog } from '../../lib/background-loop';
import { customers, locations, users } from '../../db/schema';
import { loadUsersWhere, type TAuthUser } from '../../identity/auth-user';
import { inCustomerScope } from '../../identity/customer-scope';
import { escapeHtml, fill, mailPage } from '../alerts/alert-mail';
import { insertMail } from '../alerts/alert-composer';
import { ADVISORY_LOCKS } from '../../db/locks';

/**
 * The monthly logbook by e-mail (docs/logbook.md, "Monthly by e-mail"). From 06:00 on the first
 * day of a month in a location's time zone (the previous month's last readings have arrived by
 * then) until the end of the third day (a server that was down on the first catches up), the
 * previous month's location report is **prepared as a draft** (computed, not stored, not issued:
 * issuing is a sign-off by a person, docs/logbook.md "Sign-off"), and an e-mail through the outbox
 * (`mail_messages`, kind 'logbook') with its verdict, the number of open deviations and a link to
 * the location's logbook tab for that month, to sign it there, goes to
 * - the location's responsible person and deputy (its own, else its customer's), at their contact
 *   e-mail address, in the language of the location's rulebook (UK: English, else Dutch); and
 * - every user with `logbook_emails` who may see the location, in their language, as before.
 * A person who is also such a user gets one e-mail (as the user).
 *
 * Safe to repeat, across restarts and server copies: an e-mail has a Message-ID made of location,
 * month and recipient (a user's id, or a hash of the person's address), looked for before it is
 * written, under an advisory lock; a draft is simply computed again. The draft and the clock are
 * injected: the report service prepares, tests pass a fake.
 */

/** Local hour of the first day from which the previous month's draft is prepared and mailed. */
export const MONTHLY_LOGBOOK_HOUR = 6;
/** Local days 1..this the report is due: a server that was down on the first catches up. */
export const MONTHLY_LOGBOOK_CATCH_UP_DAYS = 3;
/** Locations handled per step; the loop runs the next step at once while work is left. */
export const MONTHLY_LOGBOOK_LOCATIONS_PER_STEP = 20;
/** How often the job looks whether a month's reports are due (and, within the window, for new subscribers). */
export const MONTHLY_LOGBOOK_EVERY_MS = 5 * 60_000;

/** The report's language: nl, en or de (German readers get a German report; the mail's text is English for them, as the screens). */
export type TLogbookLanguage = TLogbookReportLanguage;

/** What the injected preparer gets: one location's report of a whole month, as a draft. */
export interface TMonthlyDraftArgs {
  customerId: number;
  customer: string;
  locationId: number;
  location: string;
  period: TLogbookPeriodQuery;
}

/** What the e-mail says of the draft. */
export interface TMonthlyDraft {
  verdict: TLogbookReport['verdict'];
  /** Deviations of the month still open: no corrective action recorded, no alarm resolution (docs/logbook.md, "Deviations"). */
  openDeviations: number;
}

/** Computes the draft (logbook-service.ts's prepareMonthlyDraft); stores nothing. */
export type TPrepareMonthlyDraft = (args: TMonthlyDraftArgs) => Promise<TMonthlyDraft>;

export interface TMonthlyLogbookDeps {
  /** The system database (background work). */
  db: TDb;
  prepareDraft: TPrepareMonthlyDraft;
  now: () => Date;
  /** PUBLIC_URL: the links in the e-mails. */
  publicUrl: string;
  /** Where the e-mail links to; default the location's logbook tab for the month (`/locations/{c}/{l}?from&to#logbook`). */
  reportLink?: (publicUrl: string, report: { customer: string; location: string; period: TLogbookPeriodQuery }) => string;
  log?: { error(object: object, message: string): void };
  locationsPerStep?: number;
}

export interface TMonthlyLogbookStep {
  /** Drafts prepared in this step. */
  prepared: number;
  /** E-mails written to the outbox. */
  queued: number;
  /** Locations whose draft could not be prepared (logged; tried again in the next step). */
  failed: number;
  /** Locations still waiting after this step. */
  remaining: number;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The local date ('2026-12-01') and hour of an instant in a time zone; an unknown zone counts as Europe/Amsterdam. */
export function localDateAndHour(at: Date, timeZone: string): { date: string; day: number; hour: number } {
  const zone = isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', hourCycle: 'h23' }).formatToParts(at);
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value);
  return { date: `${part('year')}-${pad(part('month'))}-${pad(part('day'))}`, day: part('day'), hour: part('hour') };
}

/**
 * The month whose report is due at `at` in a time zone: the previous month, from 06:00 on the
 * first day until the end of the third; null at any other time.
 */
export function dueMonthlyPeriod(at: Date, timeZone: string): TLogbookPeriodQuery | null {
  const local = localDateAndHour(at, timeZone);
  if (local.day > MONTHLY_LOGBOOK_CATCH_UP_DAYS || (local.day === 1 && local.hour < MONTHLY_LOGBOOK_HOUR)) return null;
  return logbookPeriod('month', local.date, 1);
}

/**
 * The Message-ID of a monthly e-mail: the same for a location, month and recipient on every run
 * and server copy. A user by id; a responsible person (no account) by a hash of the address.
 */
export function monthlyMessageId(locationId: number, period: TLogbookPeriodQuery, recipient: number | { email: string }, publicUrl: string): string {
  let host = 'aquasmart-portal';
  try {
    host = new URL(publicUrl).hostname || host;
  } catch {
    // keep the default
  }
  const who = typeof recipient === 'number' ? String(recipient) : `p${createHash('sha256').update(recipient.email.trim().toLowerCase()).digest('hex').slice(0, 16)}`;
  return `<logbook-${locationId}-${period.from.slice(0, 7)}-${who}@${host}>`;
}

/** The default link: the location's page on its logbook tab, opened on the month (the web app asks to sign in first). */
export function locationLogbookUrl(publicUrl: string, report: { customer: string; location: string; period?: TLogbookPeriodQuery }): string {
  const month = report.period ? `?from=${report.period.from}&to=${report.period.to}` : '';
  return `${publicUrl.replace(/\/+$/, '')}/locations/${encodeURIComponent(report.customer)}/${encodeURIComponent(report.location)}${month}#logbook`;
}

const texts = (language: TLogbookLanguage): TLogbookMailTexts => (language === 'nl' ? logbookMailNl : logbookMailEn);
const languageOf = (user: Pick<TAuthUser, 'language'>): TLogbookLanguage => (user.language === 'en' || user.language === 'de' ? user.language : 'nl');

/** "november 2026" / "November 2026". */
function monthName(period: TLogbookPeriodQuery, locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${period.from}T00:00:00Z`));
}

/** Who gets a monthly e-mail: a user with the toggle on, or a responsible person or deputy of the location. */
export interface TMonthlyRecipient {
  userId: number | null;
  name: string;
  email: string;
  language: TLogbookLanguage;
}

export interface TMonthlyMailInput {
  recipient: TMonthlyRecipient;
  customer: string;
  location: string;
  period: TLogbookPeriodQuery;
  draft: TMonthlyDraft;
  link: string;
  publicUrl: string;
}

/** The e-mail itself: subject, plain text and HTML in the recipient's language. Pure. */
export function composeMonthlyLogbookMail(input: TMonthlyMailInput): { subject: string; text: string; html: string } {
  const language = input.recipient.language;
  const words = texts(language);
  const values = { month: monthName(input.period, words.locale), location: input.location, customer: input.customer };
  const greeting = fill(words.greeting, { name: input.recipient.name || input.recipient.email });
  const intro = fill(words.intro, values);
  const summary = fill(words.summary, { verdict: words.verdicts[input.draft.verdict], open: input.draft.openDeviations });
  const accountUrl = `${input.publicUrl.replace(/\/+$/, '')}/users/current`;
  const subject = fill(words.subject, values);
  const footerText = input.recipient.userId === null ? fill(words.footerResponsible, values) : fill(words.footer, { accountUrl });
  const footerHtml =
    input.recipient.userId === null
      ? escapeHtml(footerText)
      : `${escapeHtml(fill(words.footer, { accountUrl: '' }))}<a href="${escapeHtml(accountUrl)}" style="color:#0b57d0;">${escapeHtml(accountUrl)}</a>`;
  const text = [greeting, '', intro, summary, '', words.download, input.link, '', '-- ', footerText, ''].join('\n');
  const html = mailPage(
    `<p style="margin:0 0 12px;">${escapeHtml(greeting)}</p>
<p style="margin:0 0 12px;">${escapeHtml(intro)}</p>
<p style="margin:0 0 12px;"><strong>${escapeHtml(summary)}</strong></p>
<p style="margin:0 0 12px;">${escapeHtml(words.download)}</p>
<p style="margin:0 0 16px;"><a href="${escapeHtml(input.link)}" style="color:#0b57d0;">${escapeHtml(words.open)}</a></p>
<p style="color:#49454f;font-size:12px;border-top:1px solid #e0e0e0;padding-top:12px;">${footerHtml}</p>`,
    language,
  );
  return { subject, text, html };
}

/** The users with the monthly logbook on, with their customer scope (empty: every customer). */
function loadLogbookSubscribers(db: TDbOrTx): Promise<TAuthUser[]> {
  return loadUsersWhere(db, eq(users.logbookEmails, true));
}

interface TDueLocation {
  id: number;
  name: string;
  customerId: number;
  customer: string;
  period: TLogbookPeriodQuery;
  /** Recipients who have no e-mail of this month yet. */
  waiting: TMonthlyRecipient[];
}

/** Writes the e-mails of one draft to the outbox, each unless written before (by an earlier run or another copy). */
async function queueMails(deps: TMonthlyLogbookDeps, location: TDueLocation, draft: TMonthlyDraft): Promise<number> {
  const link = (deps.reportLink ?? ((url, report) => locationLogbookUrl(url, report)))(deps.publicUrl, { customer: location.customer, location: location.name, period: location.period });
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.monthlyLogbookMail})`);
    const ids = location.waiting.map((recipient) => messageIdOf(location, recipient, deps.publicUrl));
    const existing = await queryRows<{ message_id: string }>(
      tx,
      sql`SELECT message_id FROM mail_messages WHERE kind = 'logbook' AND message_id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    const written = new Set(existing.map((row) => row.message_id));
    let queued = 0;
    for (const [index, recipient] of location.waiting.entries()) {
      if (written.has(ids[index])) continue;
      const mail = composeMonthlyLogbookMail({ recipient, customer: location.customer, location: location.name, period: location.period, draft, link, publicUrl: deps.publicUrl });
      await insertMail(tx, { ...mail, userId: recipient.userId, kind: 'logbook', recipient: recipient.email, language: recipient.language, messageId: ids[index] });
      queued += 1;
    }
    return queued;
  });
}

const messageIdOf = (location: { id: number; period: TLogbookPeriodQuery }, recipient: TMonthlyRecipient, publicUrl: string) =>
  monthlyMessageId(location.id, location.period, recipient.userId ?? { email: recipient.email }, publicUrl);

/** A responsible person or deputy with an e-mail address, as a recipient. */
function personRecipient(person: TResponsiblePerson | null, language: TLogbookLanguage): TMonthlyRecipient[] {
  return person && person.email ? [{ userId: null, name: person.name, email: person.email.trim(), language }] : [];
}

/**
 * One step of the job: finds the locations whose monthly draft is due and not yet mailed to every
 * recipient, and handles up to `locationsPerStep` of them (prepare the draft, then queue the
 * e-mails). A location whose draft fails is logged and left for the next step.
 */
export async function runMonthlyLogbookStep(deps: TMonthlyLogbookDeps): Promise<TMonthlyLogbookStep> {
  const result: TMonthlyLogbookStep = { prepared: 0, queued: 0, failed: 0, remaining: 0 };
  const now = deps.now();
  const zones = await queryRows<{ time_zone: string }>(deps.db, sql`SELECT DISTINCT time_zone FROM locations`);
  const periods = new Map<string, TLogbookPeriodQuery>();
  for (const { time_zone: zone } of zones) {
    const period = dueMonthlyPeriod(now, zone);
    if (period) periods.set(zone, period);
  }
  if (periods.size === 0) return result;

  const subscribers = await loadLogbookSubscribers(deps.db);
  const rows = await deps.db
    .select({
      id: locations.id,
      name: locations.name,
      customerId: locations.customerId,
      customer: customers.name,
      timeZone: locations.timeZone,
      rulebook: locations.rulebook,
      customerRulebook: customers.rulebook,
      country: customers.country,
      responsible: locations.responsible,
      deputy: locations.deputy,
      customerResponsible: customers.responsible,
      customerDeputy: customers.deputy,
    })
    .from(locations)
    .innerJoin(customers, eq(customers.id, locations.customerId))
    .where(inArray(locations.timeZone, [...periods.keys()]))
    .orderBy(locations.id);
  if (rows.length === 0) return result;

  // The monthly e-mails written lately (the window is three days; a week covers clock skew).
  const sent = await queryRows<{ message_id: string }>(deps.db, sql`SELECT message_id FROM mail_messages WHERE kind = 'logbook' AND created_at > now() - interval '7 days'`);
  const written = new Set(sent.map((row) => row.message_id));
  const due: TDueLocation[] = [];
  for (const row of rows) {
    const period = periods.get(row.timeZone)!;
    const users = subscribers
      .filter((user) => inCustomerScope(user, row.customerId))
      .map((user): TMonthlyRecipient => ({ userId: user.id, name: [user.firstName, user.lastName].filter(Boolean).join(' ').trim(), email: user.email, language: languageOf(user) }));
    const { responsible, deputy } = effectiveResponsible({ responsible: row.responsible, deputy: row.deputy }, { responsible: row.customerResponsible, deputy: row.customerDeputy });
    const personLanguage: TLogbookLanguage = effectiveRulebook(row.rulebook, row.customerRulebook, row.country) === 'UK' ? 'en' : 'nl';
    const addresses = new Set(users.map((user) => user.email.toLowerCase()));
    const persons: TMonthlyRecipient[] = [];
    for (const person of [...personRecipient(responsible, personLanguage), ...personRecipient(deputy, personLanguage)]) {
      if (addresses.has(person.email.toLowerCase())) continue;
      addresses.add(person.email.toLowerCase());
      persons.push(person);
    }
    const waiting = [...persons, ...users].filter((recipient) => !written.has(messageIdOf({ id: row.id, period }, recipient, deps.publicUrl)));
    if (waiting.length > 0) due.push({ id: row.id, name: row.name, customerId: row.customerId, customer: row.customer, period, waiting });
  }

  const limit = deps.locationsPerStep ?? MONTHLY_LOGBOOK_LOCATIONS_PER_STEP;
  for (const location of due.slice(0, limit)) {
    try {
      const draft = await deps.prepareDraft({ customerId: location.customerId, customer: location.customer, locationId: location.id, location: location.name, period: location.period });
      result.prepared += 1;
      result.queued += await queueMails(deps, location, draft);
    } catch (error) {
      result.failed += 1;
      deps.log?.error({ err: error, location: location.name, customer: location.customer, period: location.period }, 'monthly logbook draft not prepared');
    }
  }
  result.remaining = Math.max(0, due.length - limit);
  return result;
}

/**
 * The job as a background loop (lib/background-loop.ts): a step every MONTHLY_LOGBOOK_EVERY_MS, the
 * next at once while a step did work. `onQueued` wakes the mailer when e-mails were written.
 * jobs/background-jobs.ts registers it with the other background jobs; its preparer is logbook-service.ts's prepareMonthlyDraft.
 */
export function createMonthlyLogbookJob(deps: TMonthlyLogbookDeps & { log: TLoopLog; onQueued?: () => void }, everyMs = MONTHLY_LOGBOOK_EVERY_MS) {
  const loop = new BackgroundLoop(
    'monthly logbook',
    async () => {
      const step = await runMonthlyLogbookStep(deps);
      if (step.queued > 0) deps.onQueued?.();
      return step.prepared + step.queued;
    },
    deps.log,
    everyMs,
  );
  return { start: () => loop.start(), stop: () => loop.stop(), wake: () => loop.wake() };
}
