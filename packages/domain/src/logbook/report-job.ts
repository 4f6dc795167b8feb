import { z } from 'zod';
import { ZLogbookReport } from './report';

/**
 * A logbook report made as a job (docs/logbook.md, "Reports as jobs"): a customer's report over
 * more than a month reads a year of days for every location and may take longer than a request
 * should, so the screen starts it, shows its progress and is told when it is ready.
 */

/** Longer than this, a customer's report is made as a job; a location's is always asked directly (seconds for a year). */
export const LOGBOOK_JOB_AFTER_DAYS = 31;

/** Whether the screen asks for a report as a job: a customer's over more than LOGBOOK_JOB_AFTER_DAYS days. */
export function logbookReportAsJob(scope: 'location' | 'customer', days: number): boolean {
  return scope === 'customer' && days > LOGBOOK_JOB_AFTER_DAYS;
}

export const ZLogbookReportJob = z.object({
  id: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  /** Steps done of `total`: per location, keeping its days and reading its part. */
  done: z.number().int(),
  total: z.number().int(),
  /** The report once done. */
  report: ZLogbookReport.nullable(),
  /** Why it failed: a message key (with its parameters) as an error answer gives it. */
  error: z.object({ status: z.number().int(), key: z.string(), fields: z.record(z.string(), z.string()) }).nullable(),
});
export type TLogbookReportJob = z.infer<typeof ZLogbookReportJob>;
