import { eq, or } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { TLogbookSupersession, TLogbookVerification, TPublicLogbookVerification, TVerifiedFile } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { column, rowShape } from '../../db/rows';
import { logbookReports } from '../../db/schema';
import type { TAuthUser } from '../../identity/auth-user';
import { inCustomerScope } from '../../identity/customer-scope';
import { canonicalJson, issuedOf } from './logbook-service';

/**
 * Which issued report a file is (docs/logbook.md, "Verifying a file"): the SHA-256 of the bytes
 * someone hands over is looked up among the register's three hashes per report (the PDF's, the
 * CSV's, the canonical JSON's, which is the content hash in the PDF's footer).
 */

type TRow = typeof logbookReports.$inferSelect;

/** The issued report one of whose files has this SHA-256, and which file; null when none. */
async function findByHash(db: TDb, hash: string): Promise<{ row: TRow; file: TVerifiedFile } | null> {
  const [row] = await db
    .select()
    .from(logbookReports)
    .where(or(eq(logbookReports.pdfSha256, hash), eq(logbookReports.csvSha256, hash), eq(logbookReports.sha256, hash)))
    .limit(1);
  if (!row) return null;
  return { row, file: row.pdfSha256 === hash ? 'pdf' : row.csvSha256 === hash ? 'csv' : 'json' };
}

const tableThere = rowShape({ there: column.as<boolean>() });
const supersessionRow = rowShape({ supersededBy: column.as<string>(), reason: column.as<string>(), at: column.iso, by: column.as<string>() });

/**
 * The latest supersession of a report (logbook_report_supersessions, migration 0025 of the
 * sign-off work), or null: none, or the table is not there (a database before that migration).
 */
export async function supersessionOf(db: TDb, number: string): Promise<TLogbookSupersession | null> {
  const [table] = await tableThere.read(db, sql`SELECT to_regclass('logbook_report_supersessions') IS NOT NULL AS there`);
  if (!table?.there) return null;
  const [row] = await supersessionRow.read(
    db,
    sql`SELECT superseded_by AS "supersededBy", reason, "at", "by" FROM logbook_report_supersessions WHERE report_number = ${number} ORDER BY "at" DESC LIMIT 1`,
  );
  return row ?? null;
}

/** A signed-in user's verification: the whole register entry, for a report of the user's customers only (else the same answer as an unknown file). */
export async function verifyForUser(db: TDb, user: TAuthUser, hash: string): Promise<TLogbookVerification> {
  const found = await findByHash(db, hash);
  if (!found || !inCustomerScope(user, found.row.customerId)) return { sha256: hash, known: false, file: null, report: null, supersession: null };
  return { sha256: hash, known: true, file: found.file, report: issuedOf(found.row), supersession: await supersessionOf(db, found.row.number) };
}

/** Verification without an account: that it was issued here, its number, period and issue time and whether it was superseded; nothing about the customer. */
export async function verifyPublicly(db: TDb, hash: string): Promise<TPublicLogbookVerification> {
  const found = await findByHash(db, hash);
  if (!found) return { sha256: hash, known: false, file: null, number: null, from: null, to: null, issuedAt: null, superseded: null };
  const { row, file } = found;
  return {
    sha256: hash,
    known: true,
    file,
    number: row.number,
    from: row.periodFrom,
    to: row.periodTo,
    issuedAt: row.issuedAt.toISOString(),
    superseded: (await supersessionOf(db, row.number)) !== null,
  };
}

/** The issued report's JSON as downloaded: the canonical JSON of its content without the hash, so its SHA-256 is that hash. */
export function issuedJson(content: Record<string, unknown>): string {
  const { sha256: _hash, ...rest } = content;
  return canonicalJson(rest);
}
