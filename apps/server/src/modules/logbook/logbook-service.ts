import { createHash } from 'node:crypto';
import { and, desc, eq, notInArray, or, sql } from 'drizzle-orm';
import {
  CSV_BOM,
  ERROR,
  RULEBOOKS,
  keepUntil,
  logbookIssuePeriodIssues,
  logbookPeriodEnded,
  logbookPeriodIssues,
  type TLogbookSignOff,
  type TIssuedLogbookReport,
  type TLogbookPeriodQuery,
  type TLogbookReport,
  type TLogbookReportLanguage,
} from '@aquasmart/domain';
import type { TDb, TDbOrTx } from '../../db/database';
import { customers, locations, logbookReports } from '../../db/schema';
import { column, rowShape } from '../../db/rows';
import type { TAuthUser } from '../../identity/auth-user';
import { inCustomerScope } from '../../identity/customer-scope';
import { ApiError } from '../../lib/api-error';
import { createConcurrencyGate } from '../../lib/concurrency-gate';
import { requireCustomer } from '../customers/customer-repository';
import { requireLocation } from '../locations/location-repository';
import type { TReportSignature } from './report-signature';
import { ADVISORY_LOCKS } from '../../db/locks';
import { currentIssuedNumbers, recordSupersessions, supersessionsOf, type TIssueSubjectKey } from './supersession';
import type { TLogbookPdfOptions } from './report-sign-off';
import { buildReport, keepLocationDays, placesAsTheyWere, reportCustomer, reportLocation, reportRulebook, type TUnhashedReport } from './logbook-report';

/** The PDF and CSV renderers (report-pdf.ts, report-csv.ts), given to the service so it stays testable. */
export interface TLogbookRenderers {
  pdf(report: TLogbookReport, language: TLogbookLanguage, options?: TLogbookPdfOptions): Promise<Buffer>;
  csv(report: TLogbookReport, language: TLogbookLanguage): Promise<string>;
  /** An issued report's PDF, digitally signed, and who signed it (report-signature.ts). */
  signedPdf(report: TLogbookReport, language: TLogbookLanguage, options?: TLogbookPdfOptions): Promise<{ pdf: Buffer; signature: TReportSignature }>;
}

/** nl, en or de (docs/logbook.md, "PDF and CSV"). */
export type TLogbookLanguage = TLogbookReportLanguage;

/** JSON with the keys of every object sorted: the same report always gives the same text, so the same hash. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** The report with its content hash: SHA-256 of the canonical JSON of everything else. */
export function withContentHash(report: TUnhashedReport): TLogbookReport {
  return { ...report, sha256: sha256(canonicalJson(report)) };
}

/** Whether a stored report's hash still matches its content (the verification an inspector can ask for). */
export function contentHashMatches(report: TLogbookReport): boolean {
  const { sha256: stated, ...rest } = report;
  return sha256(canonicalJson(rest)) === stated;
}

function localToday(timeZone: string, now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

function checkPeriod(period: TLogbookPeriodQuery, timeZone: string, now: Date): void {
  const issues = logbookPeriodIssues(period, localToday(timeZone, now));
  if (Object.keys(issues).length > 0) throw ApiError.badRequest('The period is not valid', issues);
}

type TLocationRow = typeof locations.$inferSelect;
type TCustomerRow = typeof customers.$inferSelect;

/** What a report is about: one location, or a customer with all its locations. */
export type TLogbookSubject = { scope: 'location'; customer: TCustomerRow; location: TLocationRow } | { scope: 'customer'; customer: TCustomerRow };

export async function locationSubject(db: TDb, user: TAuthUser, customerName: string, locationName: string): Promise<TLogbookSubject> {
  const location = await requireLocation(db, user, customerName, locationName);
  const [customer] = await db.select().from(customers).where(eq(customers.id, location.customerId));
  return { scope: 'location', customer, location };
}

export async function customerSubject(db: TDb, user: TAuthUser, customerName: string): Promise<TLogbookSubject> {
  return { scope: 'customer', customer: await requireCustomer(db, user, customerName) };
}

/**
 * A report's statements read a period's whole history: they may take longer than the API pool's
 * statement timeout, which is set for list reads (docs/logbook.md, Speed).
 */
export const LOGBOOK_STATEMENT_TIMEOUT_MS = 120_000;
/** Reports built at once per server copy: each holds a database connection for seconds; the others wait their turn. */
export const LOGBOOK_CONCURRENT_REPORTS = 2;
const reportGate = createConcurrencyGate(LOGBOOK_CONCURRENT_REPORTS);

/** How a report's reads run (app.ts chooses by database). */
export type TReportReads = (read: (db: TDbOrTx) => Promise<TUnhashedReport>) => Promise<TUnhashedReport>;

/** PostgreSQL: in one transaction whose statements may take LOGBOOK_STATEMENT_TIMEOUT_MS; at most LOGBOOK_CONCURRENT_REPORTS at once. */
export function longReportReads(db: TDb): TReportReads {
  return (read) =>
    reportGate(() =>
      db.transaction(async (tx) => {
        await tx.execute(sql.raw(`SET LOCAL statement_timeout = ${LOGBOOK_STATEMENT_TIMEOUT_MS}`));
        return read(tx);
      }),
    );
}

/** PGlite: one connection and no statement timeout; a transaction would hold the intake off for the whole report. */
export function plainReportReads(db: TDb): TReportReads {
  return (read) => reportGate(() => read(db));
}

/** The report of a subject over a period (not issued: no number). */
export async function makeReport(
  db: TDb,
  subject: TLogbookSubject,
  period: TLogbookPeriodQuery,
  generatedBy: string,
  now = new Date(),
  reads: TReportReads = plainReportReads(db),
  checkIssuable = false,
  /** Steps done of the total: per location, keeping its days and reading its part (report-jobs.ts shows them). */
  onProgress?: (done: number, total: number) => void,
): Promise<TLogbookReport> {
  const rows =
    subject.scope === 'location'
      ? [subject.location]
      : await db.select().from(locations).where(eq(locations.customerId, subject.customer.id)).orderBy(sql`lower(${locations.name})`, locations.id);
  checkPeriod(period, rows[0]?.timeZone ?? 'Europe/Amsterdam', now);
  if (checkIssuable && rows.length > 0) checkIssuablePeriod(period, rows[0].timeZone, now);
  const timeZone = rows[0]?.timeZone ?? 'Europe/Amsterdam';
  // The customer and its locations as they were at the period's end (place_versions).
  const asTheyWere = await placesAsTheyWere(db, reportCustomer(subject.customer), rows.map(reportLocation), period);
  const customer = asTheyWere.customer;
  let done = 0;
  const step = () => onProgress?.(++done, rows.length * 2);
  onProgress?.(0, rows.length * 2);
  await reportGate(async () => {
    for (const location of asTheyWere.locations) {
      await keepLocationDays(db, customer, location, period, now, LOGBOOK_STATEMENT_TIMEOUT_MS);
      step();
    }
  });
  const report = await reads((reader) =>
    buildReport(reader, {
      scope: subject.scope,
      customer,
      locations: asTheyWere.locations,
      period,
      generatedBy,
      now,
      onSection: step,
    }),
  );
  // A period that has not ended is judged until now: the report says so (docs/logbook.md, "Sign-off").
  const open = logbookPeriodEnded(period, timeZone, now) ? {} : { judgedUntil: now.toISOString() };
  return withContentHash({ ...report, ...open });
}

/** Only an ended period is issued, in the location's time zone (a customer's: its first location's). */
function checkIssuablePeriod(period: TLogbookPeriodQuery, timeZone: string, now: Date): void {
  const issues = logbookIssuePeriodIssues(period, timeZone, now);
  if (Object.keys(issues).length > 0) throw ApiError.badRequest('The period cannot be issued', issues);
}

type TSupersessions = Awaited<ReturnType<typeof supersessionsOf>>;

export function issuedOf(row: typeof logbookReports.$inferSelect, supersessions: TSupersessions): TIssuedLogbookReport {
  const content = row.content as TLogbookReport;
  const supersededBy = supersessions.supersededBy.get(row.number) ?? null;
  return {
    number: row.number,
    scope: row.scope,
    customer: content.customer.name,
    location: row.scope === 'location' ? (content.locations[0]?.location.name ?? null) : null,
    from: row.periodFrom,
    to: row.periodTo,
    rulebook: row.rulebook,
    verdict: row.verdict as TIssuedLogbookReport['verdict'],
    issuedAt: row.issuedAt.toISOString(),
    issuedBy: row.issuedBy,
    language: row.language as TLogbookLanguage,
    sha256: row.sha256,
    pdfSha256: row.pdfSha256,
    keepUntil: row.keepUntil.toISOString(),
    signature: row.signature ?? null,
    current: supersededBy === null,
    supersededBy,
    supersedes: supersessions.supersedes.get(row.number) ?? [],
    signer: content.signOff ? { name: content.signOff.signer.name, role: content.signOff.signer.role } : null,
  };
}

/** Register entries of stored rows, with their supersessions. */
export async function issuedEntries(db: TDbOrTx, rows: (typeof logbookReports.$inferSelect)[]): Promise<TIssuedLogbookReport[]> {
  const supersessions = await supersessionsOf(
    db,
    rows.map((row) => row.number),
  );
  return rows.map((row) => issuedOf(row, supersessions));
}

/** The subject as the supersession lookups key it. */
export function issueSubjectKey(subject: TLogbookSubject): TIssueSubjectKey {
  return subject.scope === 'location'
    ? { scope: 'location', customerId: subject.customer.id, locationId: subject.location.id }
    : { scope: 'customer', customerId: subject.customer.id };
}

const reportNumber = rowShape({ n: column.number });

/** The next report number, e.g. LB-2026-000042 (one sequence for all; the year is the issue's). */
async function nextNumber(db: TDb, now: Date): Promise<string> {
  const [row] = await reportNumber.read(db, sql`SELECT nextval('logbook_report_numbers') AS n`);
  return `LB-${now.getUTCFullYear()}-${String(row.n).padStart(6, '0')}`;
}

/**
 * Issues (registers) a report: numbers it, hashes it, renders its PDF and CSV and stores all of it,
 * so the bytes an inspector gets later are the bytes issued. Only an ended period is issued. With a
 * sign-off (logbook-sign-off.ts) the report carries it, and the reports it names in `supersedes`
 * are recorded as superseded in the same transaction, under a lock per subject and period: when
 * the reports that count changed meanwhile, 409 `errors.logbookIssuedMeanwhile` and nothing is
 * stored. `issuedBy` 'monthly' (reports of the monthly mail before sign-off) is unique per
 * location, period and language (answered with the existing one).
 */
export async function issueReport(
  db: TDb,
  renderers: TLogbookRenderers,
  subject: TLogbookSubject,
  period: TLogbookPeriodQuery,
  language: TLogbookLanguage,
  issuedBy: string,
  now = new Date(),
  reads?: TReportReads,
  signOff?: TLogbookSignOff,
): Promise<TIssuedLogbookReport> {
  const draft = await makeReport(db, subject, period, issuedBy, now, reads, true);
  const { sha256: _draftHash, judgedUntil: _open, ...unhashed } = draft;
  const report = withContentHash({ ...unhashed, number: await nextNumber(db, now), ...(signOff ? { signOff } : {}) });
  const [{ pdf, signature }, csv] = await Promise.all([renderers.signedPdf(report, language), renderers.csv(report, language)]);
  const rulebook = reportRulebook(report);
  const stored = await db.transaction(async (tx) => {
    const subjectKey = issueSubjectKey(subject);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.logbookIssue}, hashtext(${`${subject.scope}:${subject.customer.id}:${subject.scope === 'location' ? subject.location.id : ''}:${period.from}:${period.to}`}))`);
    if (signOff) {
      const counting = await currentIssuedNumbers(tx, subjectKey, period);
      if (counting.join() !== signOff.supersedes.join()) {
        throw ApiError.conflict('Another report of this period was issued meanwhile', ERROR.logbookIssuedMeanwhile);
      }
    }
    const [inserted] = await tx
    .insert(logbookReports)
    .values({
      number: report.number as string,
      scope: subject.scope,
      customerId: subject.customer.id,
      locationId: subject.scope === 'location' ? subject.location.id : null,
      periodFrom: period.from,
      periodTo: period.to,
      rulebook,
      verdict: report.verdict,
      language,
      issuedAt: now,
      issuedBy,
      sha256: report.sha256,
      pdfSha256: sha256(pdf),
      csvSha256: sha256(csv),
      signature,
      content: report,
      pdf,
      csv,
      keepUntil: keepUntil(rulebook, new Date(report.period.end)),
    })
    .onConflictDoNothing()
    .returning();
    if (inserted && signOff) await recordSupersessions(tx, signOff.supersedes, inserted.number, signOff.reason ?? '', signOff.signer.email, now);
    return inserted;
  });
  if (stored) return (await issuedEntries(db, [stored]))[0];
  // Only the monthly index can refuse the row: the month's report exists already.
  const [existing] = await db
    .select()
    .from(logbookReports)
    .where(
      and(
        eq(logbookReports.issuedBy, issuedBy),
        subject.scope === 'location' ? eq(logbookReports.locationId, subject.location.id) : eq(logbookReports.customerId, subject.customer.id),
        eq(logbookReports.periodFrom, period.from),
        eq(logbookReports.periodTo, period.to),
        eq(logbookReports.language, language),
      ),
    );
  return (await issuedEntries(db, [existing]))[0];
}

/**
 * Issued reports of a subject, newest first. A report belongs to the customer it was issued for
 * (its `customer_id`), in the list as by number (`requireIssued`): after a location moved to
 * another customer its earlier reports are not the new customer's; the customer's own list holds
 * them, with those of its deleted locations, as nowhere else lists them.
 */
export async function listIssued(db: TDb, subject: TLogbookSubject): Promise<TIssuedLogbookReport[]> {
  const ownLocations = db.select({ id: locations.id }).from(locations).where(eq(locations.customerId, subject.customer.id));
  const where =
    subject.scope === 'location'
      ? and(eq(logbookReports.scope, 'location'), eq(logbookReports.locationId, subject.location.id), eq(logbookReports.customerId, subject.customer.id))
      : and(
          eq(logbookReports.customerId, subject.customer.id),
          or(eq(logbookReports.scope, 'customer'), and(eq(logbookReports.scope, 'location'), notInArray(logbookReports.locationId, ownLocations))),
        );
  const rows = await db.select().from(logbookReports).where(where).orderBy(desc(logbookReports.issuedAt), desc(logbookReports.id)).limit(500);
  return issuedEntries(db, rows);
}

/** One issued report with its bytes, if the user may see the customer it was issued for (else 404, like an unknown number). */
export async function requireIssued(db: TDb, user: TAuthUser, number: string): Promise<{ issued: TIssuedLogbookReport; pdf: Buffer; csv: string; report: TLogbookReport }> {
  const [row] = await db.select().from(logbookReports).where(eq(logbookReports.number, number));
  if (!row || !inCustomerScope(user, row.customerId)) throw ApiError.notFound(`No issued logbook report ${number}`);
  // Every issued CSV starts with a byte order mark; PGlite's text decoding drops a leading one, so it is put back (the bytes as issued).
  const csv = row.csv.startsWith(CSV_BOM) ? row.csv : CSV_BOM + row.csv;
  return { issued: (await issuedEntries(db, [row]))[0], pdf: row.pdf, csv, report: row.content as TLogbookReport };
}

/** How long issued reports and the history behind them must be kept: the longest rulebook's years. */
export const LONGEST_RETENTION_YEARS = Math.max(...Object.values(RULEBOOKS).map((book) => book.retentionYears));

/** A file name for a download: aquasmart-logbook-<place>-<from>-<to>.<ext>, ASCII only. */
export function reportFileName(report: TLogbookReport, extension: 'pdf' | 'csv' | 'json'): string {
  const place = report.scope === 'location' ? `${report.customer.name}-${report.locations[0]?.location.name ?? ''}` : report.customer.name;
  const safe = place
    .normalize('NFKD')
    .replace(/[^\w-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
  return `logbook-${report.number ?? 'concept'}-${safe}-${report.period.from}-${report.period.to}.${extension}`;
}


/**
 * The monthly mail's draft (monthly-logbook-job.ts): a location's month computed as a preview is,
 * not stored and not issued (issuing is a sign-off); the e-mail says its verdict and how many of
 * its deviations are still open. Preparing it materialises the month's deviations (docs/logbook.md, "Deviations").
 */
export async function prepareMonthlyDraft(
  db: TDb,
  args: { customerId: number; locationId: number; period: TLogbookPeriodQuery },
  now = new Date(),
  reads?: TReportReads,
): Promise<{ verdict: TLogbookReport['verdict']; openDeviations: number }> {
  const [location] = await db.select().from(locations).where(eq(locations.id, args.locationId));
  const [customer] = await db.select().from(customers).where(eq(customers.id, args.customerId));
  if (!location || !customer) throw new Error(`monthly logbook: location ${args.locationId} of customer ${args.customerId} is gone`);
  const report = await makeReport(db, { scope: 'location', customer, location }, args.period, 'monthly', now, reads);
  // Every deviation of the month without a recorded action or an alarm resolution (docs/logbook.md, "Deviations").
  const openDeviations = report.locations.flatMap((section) => section.deviations ?? []).filter((deviation) => deviation.state === 'open').length;
  return { verdict: report.verdict, openDeviations };
}
