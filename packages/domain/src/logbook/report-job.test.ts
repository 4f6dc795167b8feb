import { describe, expect, it } from 'vitest';
import { LOGBOOK_JOB_AFTER_DAYS, logbookReportAsJob } from './report-job';

describe('which logbook report the screen asks for as a job', () => {
  it.each([
    ['customer', LOGBOOK_JOB_AFTER_DAYS + 1, true],
    ['customer', 366, true],
    ['customer', LOGBOOK_JOB_AFTER_DAYS, false],
    ['customer', 1, false],
    ['location', 366, false],
    ['location', LOGBOOK_JOB_AFTER_DAYS + 1, false],
  ] as const)('%s over %i days: %s', (scope, days, asJob) => {
    expect(logbookReportAsJob(scope, days)).toBe(asJob);
  });
});
