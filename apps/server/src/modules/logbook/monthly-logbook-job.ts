import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  DEFAULT_TIME_ZONE,
  isTimeZone,
  LOGBOOK_REPORT_LANGUAGES,
  logbookMailEn,
  logbookMailNl,
  logbookPeriod,
  type TLogbookMailTexts,
  type TLogbookPeriodQuery,
  type TLogbookReportLanguage,
} from '@aquasmart/domain';
import { queryRows, type TDb, type TDbOrTx } from '../../db/database';
import { BackgroundLoop, type TLoopLog } from '../../lib/background-loop';
import { pgError } from '../../db/db-errors';
import { customers, locations, logbookReports, users } from '../../db/schema';
import { loadUsersWhere, type TAuthUser } from '../../identity/auth-user';
import { inCustomerScope } from '../../identity/customer-scope';
import { escapeHtml, fill, mailPage } from '../alerts/alert-mail';
import { insertMail } from '../alerts/alert-composer';
import { ADVISORY_LOCKS } from '../../db/locks';

/**
 * The monthly logbook by e-mail (docs/logbook.md, "Monthly by e-mail"). From 06:00 on the first
 * day of a month in a location's time zone (the previous month's last readings have arrived by
 * then) until the end of the third day (a server that was down on the first catches up), every
 * location whose customer a user with `logbook_emails` may see gets the previous month's location
 * report issued (issuedBy 'monthly', one per location, month and language), and each such user one
 * e-mail through the outbox (`mail_messages`, kind 'logbook') with a link to the location's
 * logbook, where the issued report is downloaded after signing in.
 *
 * Safe to repeat, across restarts and server copies: an issued report is found again (the unique
 * index logbook_reports_monthly_idx refuses a second), and an e-mail has a Message-ID made of
 * location, month and user, looked for before it is written, under an advisory lock. The issuing
 * and the clock are injected: the report service issues, tests pass a fake issuer and clock.
 */

/** Local hour of the first day from which the previous month's report is issued. */
export const MONTHLY_LOGBOOK_HOUR = 6;
/** Local days 1..this the report is due: a server that was down on the first catches up. */
export const MONTHLY_LOGBOOK_CATCH_UP_DAYS = 3;
/** Locations handled per step; the loop runs the next step at once while work is left. */
export const MONTHLY_LOGBOOK_LOCATIONS_PER_STEP = 20;
/** How often the job looks whether a month's reports are due (and, within the window, for new subscribers). */
export const MONTHLY_LOGBOOK_EVERY_MS = 5 * 60_000;

/** The report's language: nl, en or de (German readers get a German report; the mail's text is English for them, as the screens). */
export type TLogbookLanguage = TLogbookReportLanguage;

/** What the injected issuer gets: one location report, of a whole month, registered as issued by 'monthly'. */
export interface TMonthlyIssueArgs {
  customerId: number;
  customer: string;
  locationId: number;
  location: string;
  period: TLogbookPeriodQuery;
  language: TLogbookLanguage;
  issuedBy: 'monthly';
}

/**
 * Issues and registers one report; answers its number. Called only when no monthly report of that
 * location, period and language exists; when another server copy issued it meanwhile it may throw
 * the unique violation of logbook_reports_monthly_idx (the job then reads that report's number).
 */
export type TIssueMonthlyReport = (args: TMonthlyIssueArgs) => Promise<{ number: string }>;

export interface TMonthlyLogbookDeps {
  /** The system database (background work). */
  db: TDb;
  issueReport: TIssueMonthlyReport;
  now: () => Date;
  /** PUBLIC_URL: the links in the e-mails. */
  publicUrl: string;
  /** Where the e-mail links to; default the location's logbook tab (`/locations/{c}/{l}#logbook`). */
  reportLink?: (publicUrl: string, report: { number: string; customer: string; location: string }) => string;
  log?: { error(object: object, message: string): void };
  locationsPerStep?: number;
}

export interface TMonthlyLogbookStep {
  /** Reports issued in this step (not those found already issued). */
  issued: number;
  /** E-mails written to the outbox. */
  queued: number;
  /** Locations whose report could not be issued (logged; tried again in the next step). */
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

/** The Message-ID of a monthly e-mail: the same for a location, month and user on every run and server copy. */
export function monthlyMessageId(locationId: number, period: TLogbookPeriodQuery, userId: number, publicUrl: string): string {
  let host = 'aquasmart-portal';
  try {
    host = new URL(publicUrl).hostname || host;
  } catch {
    // keep the default
  }
  return `<logbook-${locationId}-${period.from.slice(0, 7)}-${userId}@${host}>`;
}

/** The default link: the location's page on its logbook tab (the web app asks to sign in first). */
export function locationLogbookUrl(publicUrl: string, report: { customer: string; location: string }): string {
  return `${publicUrl.replace(/\/+$/, '')}/locations/${encodeURIComponent(report.customer)}/${encodeURIComponent(report.location)}#logbook`;
}

const texts = (language: TLogbookLanguage): TLogbookMailTexts => (language === 'nl' ? logbookMailNl : logbookMailEn);
const languageOf = (user: Pick<TAuthUser, 'language'>): TLogbookLanguage => (user.language === 'en' || user.language === 'de' ? user.language : 'nl');
/** The language of the e-mail's text: German readers read English there, as on the screens. */
const mailLanguageOf = (user: Pick<TAuthUser, 'language'>): 'nl' | 'en' => (languageOf(user) === 'nl' ? 'nl' : 'en');

/** "november 2026" / "November 2026". */
function monthName(period: TLogbookPeriodQuery, locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${period.from}T00:00:00Z`));
}

export interface TMonthlyMailInput {
  recipient: Pick<TAuthUser, 'firstName' | 'lastName' | 'email' | 'language'>;
  customer: string;
  location: string;
  period: TLogbookPeriodQuery;
  number: string;
  link: string;
  publicUrl: string;
}

/** The e-mail itself: subject, plain text and HTML in the recipient's language. Pure. */
export function composeMonthlyLogbookMail(input: TMonthlyMailInput): { subject: string; text: string; html: string } {
  const language = languageOf(input.recipient);
  const words = texts(language);
  const values = { month: monthName(input.period, words.locale), location: input.location, customer: input.customer, number: input.number };
  const name = [input.recipient.firstName, input.recipient.lastName].filter(Boolean).join(' ').trim() || input.recipient.email;
  const greeting = fill(words.greeting, { name });
  const intro = fill(words.intro, values);
  const accountUrl = `${input.publicUrl.replace(/\/+$/, '')}/users/current`;
  const subject = fill(words.subject, values);
  const text = [greeting, '', intro, '', words.download, input.link, '', '-- ', fill(words.footer, { accountUrl }), ''].join('\n');
  const html = mailPage(
    `<p style="margin:0 0 12px;">${escapeHtml(greeting)}</p>
<p style="margin:0 0 12px;">${escapeHtml(intro)}</p>
<p style="margin:0 0 12px;">${escapeHtml(words.download)}</p>
<p style="margin:0 0 16px;"><a href="${escapeHtml(input.link)}" style="color:#0b57d0;">${escapeHtml(words.open)}</a></p>
<p style="color:#49454f;font-size:12px;border-top:1px solid #e0e0e0;padding-top:12px;">${escapeHtml(fill(words.footer, { accountUrl: '' }))}<a href="${escapeHtml(accountUrl)}" style="color:#0b57d0;">${escapeHtml(accountUrl)}</a></p>`,
    mailLanguageOf(input.recipient),
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
  /** Subscribers who may see it and have no e-mail of this month yet. */
  waiting: TAuthUser[];
}

/** The monthly report of a location, month and language already issued, if any. */
async function issuedNumber(db: TDbOrTx, locationId: number, period: TLogbookPeriodQuery, language: TLogbookLanguage): Promise<string | null> {
  const [row] = await db
    .select({ number: logbookReports.number })
    .from(logbookReports)
    .where(
      and(
        eq(logbookReports.issuedBy, 'monthly'),
        eq(logbookReports.locationId, locationId),
        eq(logbookReports.periodFrom, period.from),
        eq(logbookReports.periodTo, period.to),
        eq(logbookReports.language, language),
      ),
    )
    .limit(1);
  return row?.number ?? null;
}

/** The report's number: the one issued before, else a new one; a copy that issued it meanwhile wins. */
async function reportNumber(deps: TMonthlyLogbookDeps, location: TDueLocation, language: TLogbookLanguage): Promise<{ number: string; issued: boolean }> {
  const found = await issuedNumber(deps.db, location.id, location.period, language);
  if (found) return { number: found, issued: false };
  try {
    const { number } = await deps.issueReport({
      customerId: location.customerId,
      customer: location.customer,
      locationId: location.id,
      location: location.name,
      period: location.period,
      language,
      issuedBy: 'monthly',
    });
    return { number, issued: true };
  } catch (error) {
    if (pgError(error)?.code !== '23505') throw error;
    const raced = await issuedNumber(deps.db, location.id, location.period, language);
    if (!raced) throw error;
    return { number: raced, issued: false };
  }
}

/** Writes the e-mails of one report to the outbox, each unless written before (by an earlier run or another copy). */
async function queueMails(deps: TMonthlyLogbookDeps, location: TDueLocation, recipients: TAuthUser[], number: string): Promise<number> {
  const link = (deps.reportLink ?? ((url, report) => locationLogbookUrl(url, report)))(deps.publicUrl, { number, customer: location.customer, location: location.name });
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.monthlyLogbookMail})`);
    const ids = recipients.map((user) => monthlyMessageId(location.id, location.period, user.id, deps.publicUrl));
    const existing = await queryRows<{ message_id: string }>(
      tx,
      sql`SELECT message_id FROM mail_messages WHERE kind = 'logbook' AND message_id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    const written = new Set(existing.map((row) => row.message_id));
    let queued = 0;
    for (const [index, user] of recipients.entries()) {
      if (written.has(ids[index])) continue;
      const mail = composeMonthlyLogbookMail({ recipient: user, customer: location.customer, location: location.name, period: location.period, number, link, publicUrl: deps.publicUrl });
      await insertMail(tx, { ...mail, userId: user.id, kind: 'logbook', recipient: user.email, language: mailLanguageOf(user), messageId: ids[index] });
      queued += 1;
    }
    return queued;
  });
}

/**
 * One step of the job: finds the locations whose monthly report is due and not yet mailed to every
 * subscriber who may see it, and handles up to `locationsPerStep` of them (issue, then queue the
 * e-mails). A location whose report fails is logged and left for the next step.
 */
export async function runMonthlyLogbookStep(deps: TMonthlyLogbookDeps): Promise<TMonthlyLogbookStep> {
  const result: TMonthlyLogbookStep = { issued: 0, queued: 0, failed: 0, remaining: 0 };
  const now = deps.now();
  const zones = await queryRows<{ time_zone: string }>(deps.db, sql`SELECT DISTINCT time_zone FROM locations`);
  const periods = new Map<string, TLogbookPeriodQuery>();
  for (const { time_zone: zone } of zones) {
    const period = dueMonthlyPeriod(now, zone);
    if (period) periods.set(zone, period);
  }
  if (periods.size === 0) return result;

  const subscribers = await loadLogbookSubscribers(deps.db);
  if (subscribers.length === 0) return result;
  const everyCustomer = subscribers.some((user) => user.customers.length === 0);
  const customerIds = [...new Set(subscribers.flatMap((user) => user.customers.map((customer) => customer.id)))];
  const rows = await deps.db
    .select({ id: locations.id, name: locations.name, customerId: locations.customerId, customer: customers.name, timeZone: locations.timeZone })
    .from(locations)
    .innerJoin(customers, eq(customers.id, locations.customerId))
    .where(and(inArray(locations.timeZone, [...periods.keys()]), everyCustomer ? undefined : inArray(locations.customerId, customerIds)))
    .orderBy(locations.id);
  if (rows.length === 0) return result;

  // The monthly e-mails written lately (the window is three days; a week covers clock skew).
  const sent = await queryRows<{ message_id: string }>(
    deps.db,
    sql`SELECT message_id FROM mail_messages WHERE kind = 'logbook' AND created_at > now() - interval '7 days' AND user_id IN (${sql.join(
      subscribers.map((user) => sql`${user.id}`),
      sql`, `,
    )})`,
  );
  const written = new Set(sent.map((row) => row.message_id));
  const due: TDueLocation[] = [];
  for (const row of rows) {
    const period = periods.get(row.timeZone)!;
    const waiting = subscribers.filter((user) => inCustomerScope(user, row.customerId) && !written.has(monthlyMessageId(row.id, period, user.id, deps.publicUrl)));
    if (waiting.length > 0) due.push({ id: row.id, name: row.name, customerId: row.customerId, customer: row.customer, period, waiting });
  }

  const limit = deps.locationsPerStep ?? MONTHLY_LOGBOOK_LOCATIONS_PER_STEP;
  for (const location of due.slice(0, limit)) {
    try {
      for (const language of LOGBOOK_REPORT_LANGUAGES) {
        const recipients = location.waiting.filter((user) => languageOf(user) === language);
        if (recipients.length === 0) continue;
        const report = await reportNumber(deps, location, language);
        if (report.issued) result.issued += 1;
        result.queued += await queueMails(deps, location, recipients, report.number);
      }
    } catch (error) {
      result.failed += 1;
      deps.log?.error({ err: error, location: location.name, customer: location.customer, period: location.period }, 'monthly logbook report not issued');
    }
  }
  result.remaining = Math.max(0, due.length - limit);
  return result;
}

/**
 * The job as a background loop (lib/background-loop.ts): a step every MONTHLY_LOGBOOK_EVERY_MS, the
 * next at once while a step did work. `onQueued` wakes the mailer when e-mails were written.
 * jobs/background-jobs.ts registers it with the other background jobs; its issuer is logbook-service.ts's issueMonthlyReport.
 */
export function createMonthlyLogbookJob(deps: TMonthlyLogbookDeps & { log: TLoopLog; onQueued?: () => void }, everyMs = MONTHLY_LOGBOOK_EVERY_MS) {
  const loop = new BackgroundLoop(
    'monthly logbook',
    async () => {
      const step = await runMonthlyLogbookStep(deps);
      if (step.queued > 0) deps.onQueued?.();
      return step.issued + step.queued;
    },
    deps.log,
    everyMs,
  );
  return { start: () => loop.start(), stop: () => loop.stop(), wake: () => loop.wake() };
}
