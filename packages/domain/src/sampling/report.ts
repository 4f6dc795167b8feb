import { z } from 'zod';
import { MESSAGE } from '../validation/message-key';
import { zRequiredText } from '../validation/validators';

/**
 * The lab's PDF of a result (docs/sampling.md, "The lab's PDF"): sent in JSON as `{ name, data }`
 * (base64 or a data: URL, like a product image), at most 10 MiB decoded, a PDF by its first bytes
 * whatever its name or declared type says. One per result, kept with it.
 */

/** Largest PDF accepted, decoded (10 MiB): a lab's report with a few scanned pages fits easily. */
export const SAMPLE_REPORT_MAX_BYTES = 10 * 1024 * 1024;
export const SAMPLE_REPORT_NAME_MAX = 200;

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

/** Whether the bytes are a PDF: they begin with `%PDF-` (the file's name and declared type are not asked). */
export function isPdf(bytes: Uint8Array): boolean {
  return bytes.length >= PDF_MAGIC.length && PDF_MAGIC.every((byte, index) => bytes[index] === byte);
}

export const ZSampleReportInput = z.object(
  {
    /** The file's name, as it is offered again on download. */
    name: zRequiredText(SAMPLE_REPORT_NAME_MAX),
    /** Base64 or a data: URL; the declared type of a data: URL is ignored, the bytes decide. */
    data: z.string({ error: MESSAGE.required }).min(1, { error: MESSAGE.required }),
  },
  { error: MESSAGE.required },
);
export type TSampleReportInput = z.infer<typeof ZSampleReportInput>;

/** The PDF as a result answers it: never the bytes, the route that serves them. */
export const ZSampleReport = z.object({
  name: z.string(),
  /** Bytes. */
  size: z.number().int(),
  uploadedAt: z.string(),
  uploadedBy: z.string(),
  /** `/api/v1/sample-results/{id}/report` (read with the x-access-token header). */
  url: z.string(),
});
export type TSampleReport = z.infer<typeof ZSampleReport>;
