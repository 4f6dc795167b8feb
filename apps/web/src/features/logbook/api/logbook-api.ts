import { queryOptions } from '@tanstack/react-query';
import {
  effectiveResponsible,
  ZIssuedLogbookReport,
  ZLogbookReport,
  ZLogbookReportJob,
  type TIssuedLogbookReport,
  type TLogbookReportJob,
  type TLogbookPeriodQuery,
  type TLogbookReport,
  type TLogbookReportLanguage,
  type TResponsiblePerson,
} from '@aquasmart/domain';
import { http } from '../../../lib/http/http';
import { HttpError, isHttpError } from '../../../lib/http/http-error';
import { customerApiPath, locationApiPath } from '../../../lib/api/places';

/**
 * The logbook calls (docs/logbook.md): a location's or a whole customer's report over a period,
 * its PDF and CSV, and the issued (registered) reports. Names are encoded in the paths as the
 * other place calls do (lib/api/places.ts).
 */

/** Whose logbook: a location of a customer, or the whole customer. */
export interface TLogbookScope {
  customer: string;
  location?: string;
}
export type TLogbookFormat = 'pdf' | 'csv';
/** The report's language: nl, en or de (the report has German texts, the screens do not). */
export type TLogbookLanguage = TLogbookReportLanguage;

export const logbookApiPath = (scope: TLogbookScope) =>
  `${scope.location === undefined ? customerApiPath(scope.customer) : locationApiPath(scope.customer, scope.location)}/logbook`;
export const issuedLogbookApiPath = (number: string) => `/logbook/issued/${encodeURIComponent(number)}`;

/** Every logbook query starts with this, so issuing can refresh the lists. */
export const LOGBOOK_QUERY_ROOT = ['logbook'] as const;
const scopeKey = (scope: TLogbookScope) => [scope.customer, scope.location ?? null] as const;

/** A report on screen; `jobId` when it was made as a job (its downloads are rendered from it). */
export type TShownLogbookReport = TLogbookReport & { jobId?: string };

/**
 * The report of a period: asked directly, or with `job` made as a job whose progress goes to
 * `job.onProgress` (a customer's report over more than a month: logbookReportAsJob).
 */
export const logbookReportQuery = (scope: TLogbookScope, period: TLogbookPeriodQuery, job?: { onProgress: (job: TLogbookReportJob) => void }) =>
  queryOptions({
    queryKey: [...LOGBOOK_QUERY_ROOT, 'report', ...scopeKey(scope), period.from, period.to, job ? 'job' : 'direct'] as const,
    queryFn: async ({ signal }): Promise<TShownLogbookReport> => {
      if (!job) return ZLogbookReport.parse(await http.get<unknown>(logbookApiPath(scope), { query: { from: period.from, to: period.to }, signal }));
      const made = await makeLogbookReportByJob(scope, period, job.onProgress, signal);
      return { ...made.report, jobId: made.jobId };
    },
  });

/** How often the screen asks a report job how far it is. */
export const LOGBOOK_JOB_POLL_MS = 1000;

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/**
 * A report made as a job (docs/logbook.md, "Reports as jobs"): started, then asked every second how
 * far it is (`onProgress`) until done. A job the server no longer knows (another server copy, a
 * restart) is started once more; a failed one throws its error as the direct call would.
 */
export async function makeLogbookReportByJob(
  scope: TLogbookScope,
  period: TLogbookPeriodQuery,
  onProgress: (job: TLogbookReportJob) => void,
  signal?: AbortSignal,
): Promise<{ report: TLogbookReport; jobId: string }> {
  const path = `${logbookApiPath(scope)}/jobs`;
  for (let attempt = 0; ; attempt += 1) {
    let job = ZLogbookReportJob.parse(await http.post<unknown>(path, { from: period.from, to: period.to }, { signal }));
    try {
      while (job.status === 'running') {
        onProgress(job);
        await pause(LOGBOOK_JOB_POLL_MS, signal);
        job = ZLogbookReportJob.parse(await http.get<unknown>(`/logbook/jobs/${job.id}`, { signal }));
      }
    } catch (error) {
      if (attempt === 0 && isHttpError(error) && error.status === 404) continue;
      throw error;
    }
    onProgress(job);
    if (job.report) return { report: job.report, jobId: job.id };
    const failure = job.error ?? { status: 500, key: 'errors.internal', fields: {} };
    throw new HttpError(failure.status, 'POST', path, { statusCode: failure.status, error: 'Report job failed', message: 'The report job failed', key: failure.key, fields: failure.fields });
  }
}

/** GET /logbook/jobs/{id}/pdf|csv: a finished job's report as a file. */
export function fetchLogbookJobFile(jobId: string, format: TLogbookFormat, language: TLogbookLanguage) {
  return http.getFile(`/logbook/jobs/${jobId}/${format}`, { query: { language } });
}

export const issuedLogbookQuery = (scope: TLogbookScope) =>
  queryOptions({
    queryKey: [...LOGBOOK_QUERY_ROOT, 'issued', ...scopeKey(scope)] as const,
    queryFn: async ({ signal }): Promise<TIssuedLogbookReport[]> => {
      const rows = await http.get<unknown[]>(`${logbookApiPath(scope)}/issued`, { signal });
      return rows.map((row) => ZIssuedLogbookReport.parse(row));
    },
  });

/** What the signer sends with the period (docs/logbook.md, "Sign-off"): the confirmed statement, their role, a reason to supersede. */
export interface TSignOffInput {
  statement: boolean;
  role: string;
  reason?: string;
}

/** POST .../logbook/issued: signs and registers the report of the period; answers the issued report. */
export async function issueLogbookReport(scope: TLogbookScope, period: TLogbookPeriodQuery, language: TLogbookLanguage, signOff: TSignOffInput): Promise<TIssuedLogbookReport> {
  return ZIssuedLogbookReport.parse(await http.post<unknown>(`${logbookApiPath(scope)}/issued`, { from: period.from, to: period.to, language, ...signOff }));
}

type TPersons = { responsible: TResponsiblePerson | null; deputy: TResponsiblePerson | null };

/** Who is responsible for the place's logbook: the location's own, else its customer's (the sign-off dialog shows them). */
export const responsibleQuery = (scope: TLogbookScope) =>
  queryOptions({
    queryKey: [...LOGBOOK_QUERY_ROOT, 'responsible', ...scopeKey(scope)] as const,
    queryFn: async ({ signal }) => {
      const persons = (place: Partial<TPersons>): TPersons => ({ responsible: place.responsible ?? null, deputy: place.deputy ?? null });
      const customer = persons(await http.get<Partial<TPersons>>(customerApiPath(scope.customer), { signal }));
      const location = scope.location === undefined ? null : persons(await http.get<Partial<TPersons>>(locationApiPath(scope.customer, scope.location), { signal }));
      return effectiveResponsible(location, customer);
    },
  });

/** GET .../logbook/pdf|csv: the report of a period as a file (not registered). */
export function fetchLogbookFile(scope: TLogbookScope, format: TLogbookFormat, period: TLogbookPeriodQuery, language: TLogbookLanguage) {
  return http.getFile(`${logbookApiPath(scope)}/${format}`, { query: { from: period.from, to: period.to, language } });
}

/** GET /logbook/issued/{number}/pdf|csv|json: the stored bytes of an issued report (json: its canonical JSON, whose SHA-256 is the report's). */
export function fetchIssuedLogbookFile(number: string, format: TLogbookFormat | 'json') {
  return http.getFile(`${issuedLogbookApiPath(number)}/${format}`);
}
