/**
 * One background job of the server process (docs/architecture.md, "Background jobs"): what it is
 * called, how often its loops look for work, how several server copies share that work, and how
 * to start and stop it.
 */
export interface TBackgroundJob {
  name: string;
  /** Each loop's idle interval in ms, by loop name; empty when only the database wakes it. */
  intervals: Readonly<Record<string, number>>;
  /** How server copies keep from doing the same work twice (a row lock, an advisory lock, ON CONFLICT). */
  lease: string;
  start(): unknown;
  stop(): Promise<void>;
}

/**
 * The background jobs in their start order. They stop in the reverse order, so a job is stopped
 * before the jobs it hands work to (the notifier before the mailer, the dashboard refresher before
 * the change feed it listens on, everything before the intake pipeline).
 */
export class JobRegistry {
  constructor(readonly jobs: readonly TBackgroundJob[]) {}

  /** Starts every job, one after the other; a job that fails to start stops the start. */
  async start(): Promise<void> {
    for (const job of this.jobs) await job.start();
  }

  /** Stops every job, last started first; one that fails does not keep the others running (its error is thrown after). */
  async stop(): Promise<void> {
    const failures: unknown[] = [];
    for (const job of [...this.jobs].reverse()) {
      try {
        await job.stop();
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length > 0) throw failures[0];
  }
}
