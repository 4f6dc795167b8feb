import { z } from 'zod';
import { ZIssuedLogbookReport } from './report';
import { ZLogbookSupersession } from './sign-off';

/**
 * Verifying an issued logbook file (docs/logbook.md, "Verifying a file"): a PDF, CSV or JSON as
 * issued, or its SHA-256, gives the issued report it is, if any.
 */

/** A SHA-256 in hex (64 digits; upper case is read as lower). */
export const ZSha256 = z
  .string()
  .trim()
  .transform((text) => text.toLowerCase())
  .pipe(z.string().regex(/^[0-9a-f]{64}$/, 'validation.sha256'));

/** The JSON body of POST /logbook/verify (a file is sent as its bytes instead: application/octet-stream). */
export const ZLogbookVerifyBody = z.object({ sha256: ZSha256 });
export type TLogbookVerifyBody = z.infer<typeof ZLogbookVerifyBody>;

/** Which of the issued files the hash is of. */
export const ZVerifiedFile = z.enum(['pdf', 'csv', 'json']);
export type TVerifiedFile = z.infer<typeof ZVerifiedFile>;

/** The signed-in answer: the report as the register has it, for a report of the user's customers only. */
export const ZLogbookVerification = z.object({
  /** The SHA-256 looked for (of the file sent, or as given). */
  sha256: z.string(),
  /** false: no issued report the user may see has a file with this hash (an unknown file, or another customer's). */
  known: z.boolean(),
  file: ZVerifiedFile.nullable(),
  report: ZIssuedLogbookReport.nullable(),
  supersession: ZLogbookSupersession.nullable(),
});
export type TLogbookVerification = z.infer<typeof ZLogbookVerification>;

/** The answer without an account: that the portal issued it, its number and period, and whether it was replaced; nothing about the customer. */
export const ZPublicLogbookVerification = z.object({
  sha256: z.string(),
  known: z.boolean(),
  file: ZVerifiedFile.nullable(),
  number: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  issuedAt: z.string().nullable(),
  superseded: z.boolean().nullable(),
});
export type TPublicLogbookVerification = z.infer<typeof ZPublicLogbookVerification>;
