import { eq } from 'drizzle-orm';
import { isPdf, SAMPLE_REPORT_MAX_BYTES, SAMPLING_ERROR, type TSampleReportInput } from '@aquasmart/domain';
import type { TDbOrTx } from '../../db/database';
import { sampleResultReports } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { decodeBase64File } from '../../lib/base64-file';

/**
 * The lab's PDF of a result (docs/sampling.md, "The lab's PDF"): decoded from JSON, checked by its
 * bytes (`%PDF-`), at most SAMPLE_REPORT_MAX_BYTES, stored in `sample_result_reports` (one per
 * result, never replaced: results are compliance records).
 */

/** Room for a base64 PDF just over the limit plus a result, so that our own 413 answers rather than Fastify's. */
export const SAMPLE_REPORT_BODY_LIMIT = Math.ceil((SAMPLE_REPORT_MAX_BYTES * 4) / 3) + 1024 * 1024;

export interface TDecodedReport {
  name: string;
  bytes: Buffer;
}

/** `{ name, data }` into the PDF's bytes; 413 beyond 10 MiB, 400 validation.pdfType for anything but a PDF (on `field`). */
export function decodeReport(report: TSampleReportInput, field: string): TDecodedReport {
  const bytes = decodeBase64File(report.data, { field, max: SAMPLE_REPORT_MAX_BYTES, notBase64Key: 'validation.pdfData', noun: 'PDF' });
  if (!isPdf(bytes)) throw ApiError.badRequest('The file is not a PDF (it does not begin with %PDF-)', { [field]: 'validation.pdfType' });
  return { name: report.name, bytes };
}

/** Stores the PDF of a result; 409 errors.sampleReportAttached when it has one. */
export async function storeReport(db: TDbOrTx, resultId: number, report: TDecodedReport, userEmail: string): Promise<void> {
  const inserted = await db
    .insert(sampleResultReports)
    .values({ resultId, name: report.name, size: report.bytes.length, bytes: report.bytes, userEmail })
    .onConflictDoNothing()
    .returning({ resultId: sampleResultReports.resultId });
  if (inserted.length === 0) throw new ApiError(409, SAMPLING_ERROR.sampleReportAttached, `Sample result ${resultId} already has its report`);
}

/** The stored PDF of a result, or null. */
export async function readReport(db: TDbOrTx, resultId: number): Promise<TDecodedReport | null> {
  const [row] = await db.select({ name: sampleResultReports.name, bytes: sampleResultReports.bytes }).from(sampleResultReports).where(eq(sampleResultReports.resultId, resultId)).limit(1);
  return row ? { name: row.name, bytes: Buffer.from(row.bytes) } : null;
}

/** `Content-Disposition` for a download: an ASCII fallback name and the name as given (RFC 6266 / 5987). */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
