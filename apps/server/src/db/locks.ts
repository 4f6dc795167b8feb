/**
 * Every advisory lock id of the server, in one table so that no two jobs share one by accident (the
 * monthly logbook e-mails once took the logbook days' id and waited on late readings). Any number
 * works; it must be the same in every copy of the server. `locks.test.ts` checks they differ.
 */
export const ADVISORY_LOCKS = {
  /** db/migrate.ts: one copy applies the migrations. */
  migrations: 7_331_001,
  /** db/partitions.ts: one copy creates the history's month partitions. */
  partitions: 7_331_002,
  /** modules/users/user-service.ts: changes that could leave no administrator, one at a time. */
  administratorChanges: 7_331_003,
  /**
   * Copies starting together on an empty database create the first administrator and the demo data
   * one after another, so only the first creates them (bootstrap/first-admin.ts, demo/seed.ts).
   */
  bootstrap: 7_331_004,
  /** modules/alerts/alert-composer.ts: one copy composes the alert e-mails at a time. */
  alertComposer: 7_331_014,
  /** modules/logbook/logbook-days.ts; also written in migration 0013's trigger on device_data (never change it). */
  logbookDays: 7_331_024,
  /** modules/alarm-notifications/alarm-notifier.ts: one copy writes the alarm e-mails at a time. */
  alarmNotifier: 7_331_025,
  /** modules/logbook/monthly-logbook-job.ts: the check for an e-mail written before, then the insert. */
  monthlyLogbookMail: 7_331_026,
  /** modules/dashboard/dashboard-snapshot.ts: one copy makes the dashboard summary at a time. */
  dashboardSummary: 7_331_027,
  /** modules/logbook/logbook-service.ts: one issue of a subject and period at a time (with the subject's key), so one report counts. */
  logbookIssue: 7_331_028,
  /** modules/alarm-notifications/escalation-chain.ts: one copy advances the escalation chains at a time. */
  escalationChain: 7_331_029,
} as const;

export const BOOTSTRAP_LOCK_ID = ADVISORY_LOCKS.bootstrap;
