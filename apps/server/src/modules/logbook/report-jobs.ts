import { randomUUID } from 'node:crypto';
import { ERROR, type TLogbookReport, type TLogbookReportJob } from '@aquasmart/domain';
import { ApiError } from '../../lib/api-error';

/**
 * Logbook reports made as jobs (docs/logbook.md, "Reports as jobs"): a customer's year reads every
 * location's year of days, which may take longer than a request should wait. The screen starts a
 * job, asks for its progress every second and gets the report when it is done; the PDF and CSV are
 * rendered from that report, so nothing is computed twice.
 *
 * Kept in this server copy's memory, not in the database: a job is a few seconds to minutes of one
 * user's work, and its report a preview (issuing stores its own). A job asked for at another copy,
 * or after this one restarted, is a 404 and the screen starts it again.
 */

/** A finished job is kept this long for its downloads. */
export const REPORT_JOB_KEEP_MS = 15 * 60_000;
/** Jobs running at once: per user, and per server copy. */
export const REPORT_JOB_LIMITS = { perUser: 2, perServer: 4 } as const;

interface TJob {
  id: string;
  userId: number;
  /** The subject and period: the same asked again while running or kept is the same job. */
  key: string;
  status: TLogbookReportJob['status'];
  done: number;
  total: number;
  report: TLogbookReport | null;
  error: TLogbookReportJob['error'];
  finishedAt: number | null;
}

export type TReportJobs = ReturnType<typeof createReportJobs>;

export function createReportJobs(
  options: { keepMs?: number; limits?: { perUser: number; perServer: number }; now?: () => number; onUnexpected?: (error: unknown) => void } = {},
) {
  const keepMs = options.keepMs ?? REPORT_JOB_KEEP_MS;
  const limits = options.limits ?? REPORT_JOB_LIMITS;
  const now = options.now ?? Date.now;
  const jobs = new Map<string, TJob>();

  const prune = () => {
    for (const [id, job] of jobs) if (job.finishedAt !== null && now() - job.finishedAt > keepMs) jobs.delete(id);
  };
  const view = (job: TJob): TLogbookReportJob => ({ id: job.id, status: job.status, done: job.done, total: job.total, report: job.report, error: job.error });

  return {
    /**
     * Starts `make` as a job of this user for `key`, or answers the user's job for the same key that
     * is still running (a finished one is kept for its downloads by id; asked again, the report is made
     * anew with what arrived since). More running jobs than the limits allow: 429.
     */
    start(userId: number, key: string, make: (progress: (done: number, total: number) => void) => Promise<TLogbookReport>): TLogbookReportJob {
      prune();
      const same = [...jobs.values()].find((job) => job.userId === userId && job.key === key && job.status === 'running');
      if (same) return view(same);
      const running = [...jobs.values()].filter((job) => job.status === 'running');
      if (running.filter((job) => job.userId === userId).length >= limits.perUser) {
        throw new ApiError(429, ERROR.tooManyReports, `At most ${limits.perUser} report jobs per user at once`, {}, { max: limits.perUser });
      }
      if (running.length >= limits.perServer) throw new ApiError(429, ERROR.reportsBusy, `At most ${limits.perServer} report jobs at once`, {}, { max: limits.perServer });
      const job: TJob = { id: randomUUID(), userId, key, status: 'running', done: 0, total: 0, report: null, error: null, finishedAt: null };
      jobs.set(job.id, job);
      make((done, total) => {
        job.done = done;
        job.total = total;
      }).then(
        (report) => {
          job.report = report;
          job.status = 'done';
          job.finishedAt = now();
        },
        (error: unknown) => {
          const known = error instanceof ApiError ? error : null;
          if (!known) options.onUnexpected?.(error);
          job.error = { status: known?.statusCode ?? 500, key: known?.key ?? ERROR.internal, fields: known?.fields ?? {} };
          job.status = 'failed';
          job.finishedAt = now();
        },
      );
      return view(job);
    },
    /** A job of this user; another user's is answered like an unknown one (404). */
    get(userId: number, id: string): TLogbookReportJob {
      prune();
      const job = jobs.get(id);
      if (!job || job.userId !== userId) throw ApiError.notFound(`No logbook report job ${id}`);
      return view(job);
    },
    /** The report of this user's finished job (409 while it runs or when it failed). */
    report(userId: number, id: string): TLogbookReport {
      const job = this.get(userId, id);
      if (!job.report) throw ApiError.conflict(`Logbook report job ${id} is ${job.status}`);
      return job.report;
    },
  };
}
