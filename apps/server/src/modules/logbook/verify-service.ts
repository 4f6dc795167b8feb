import { eq, or } from 'drizzle-orm';
import type { TLogbookVerification, TPublicLogbookVerification, TVerifiedFile } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { logbookReports } from '../../db/schema';
import type { TAuthUser } from '../../identity/auth-user';
import { inCustomerScope } from '../../identity/customer-scope';
import { canonicalJson, issuedEntries } from './logbook-service';
import { supersessionOf } from './supersession';

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

/** A signed-in user's verification: the whole register entry, for a report of the user's customers only (else the same answer as an unknown file). */
export async function verifyForUser(db: TDb, user: TAuthUser, hash: string): Promise<TLogbookVerification> {
  const found = await findByHash(db, hash);
  if (!found || !inCustomerScope(user, found.row.customerId)) return { sha256: hash, known: false, file: null, report: null, supersession: null };
  const [report] = await issuedEntries(db, [found.row]);
  return { sha256: hash, known: true, file: found.file, report, supersession: report.supersededBy };
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
