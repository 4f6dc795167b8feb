import { and, eq, inArray, notExists, or, sql } from 'drizzle-orm';
import type { TLogbookPeriodQuery, TLogbookSupersession } from '@aquasmart/domain';
import type { TDbOrTx } from '../../db/database';
import { logbookReports, logbookReportSupersessions } from '../../db/schema';

/**
 * Supersession of issued logbook reports (docs/logbook.md, "Issued reports"): a second issue of
 * the same subject (location or customer) and period supersedes the reports of it that counted.
 * `logbook_reports` is never updated, so each supersession is a row of its own in
 * `logbook_report_supersessions` (migration 0025), written with the new report in one transaction.
 */

type TSupersessionRow = typeof logbookReportSupersessions.$inferSelect;

const answer = (row: TSupersessionRow): TLogbookSupersession => ({
  number: row.supersededBy,
  at: row.supersededAt.toISOString(),
  by: row.supersededByUser,
  reason: row.reason,
});

/**
 * Whether an issued report was superseded: by which number, when, by whom and why; null while it
 * counts (or for a number that was never issued). For the register and the verification route.
 */
export async function supersessionOf(db: TDbOrTx, number: string): Promise<TLogbookSupersession | null> {
  const [row] = await db.select().from(logbookReportSupersessions).where(eq(logbookReportSupersessions.reportNumber, number));
  return row ? answer(row) : null;
}

/** For a page of the register: each number's supersession, and the numbers each one superseded. */
export async function supersessionsOf(db: TDbOrTx, numbers: string[]): Promise<{ supersededBy: Map<string, TLogbookSupersession>; supersedes: Map<string, string[]> }> {
  const supersededBy = new Map<string, TLogbookSupersession>();
  const supersedes = new Map<string, string[]>();
  if (numbers.length === 0) return { supersededBy, supersedes };
  const rows = await db
    .select()
    .from(logbookReportSupersessions)
    .where(or(inArray(logbookReportSupersessions.reportNumber, numbers), inArray(logbookReportSupersessions.supersededBy, numbers)))
    .orderBy(logbookReportSupersessions.reportNumber);
  for (const row of rows) {
    supersededBy.set(row.reportNumber, answer(row));
    supersedes.set(row.supersededBy, [...(supersedes.get(row.supersededBy) ?? []), row.reportNumber]);
  }
  return { supersededBy, supersedes };
}

/** The subject of an issue: a location's report, or a customer's whole report. */
export type TIssueSubjectKey = { scope: 'location'; customerId: number; locationId: number } | { scope: 'customer'; customerId: number };

/**
 * The numbers of the issued reports of a subject and period that count now (not superseded), in
 * any language, oldest first. A location's are those issued for its current customer.
 */
export async function currentIssuedNumbers(db: TDbOrTx, subject: TIssueSubjectKey, period: TLogbookPeriodQuery): Promise<string[]> {
  const rows = await db
    .select({ number: logbookReports.number })
    .from(logbookReports)
    .where(
      and(
        eq(logbookReports.scope, subject.scope),
        eq(logbookReports.customerId, subject.customerId),
        subject.scope === 'location' ? eq(logbookReports.locationId, subject.locationId) : sql`true`,
        eq(logbookReports.periodFrom, period.from),
        eq(logbookReports.periodTo, period.to),
        notExists(db.select({ one: sql`1` }).from(logbookReportSupersessions).where(eq(logbookReportSupersessions.reportNumber, logbookReports.number))),
      ),
    )
    .orderBy(logbookReports.id);
  return rows.map((row) => row.number);
}

/** Records that `numbers` are superseded by `by` (inside the transaction). */
export async function recordSupersessions(db: TDbOrTx, numbers: string[], by: string, reason: string, user: string, at: Date): Promise<void> {
  if (numbers.length === 0) return;
  await db
    .insert(logbookReportSupersessions)
    .values(numbers.map((reportNumber) => ({ reportNumber, supersededBy: by, reason, supersededAt: at, supersededByUser: user })));
}
