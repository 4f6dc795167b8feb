import { describe, expect, it } from 'vitest';
import { logbookPeriod, logbookPeriodDays, logbookPeriodIssues } from './periods';

describe('logbookPeriod', () => {
  it.each([
    ['month', '2026-11-26', 0, '2026-11-01', '2026-11-30'],
    ['month', '2026-11-26', 1, '2026-10-01', '2026-10-31'],
    ['month', '2026-01-15', 1, '2025-12-01', '2025-12-31'],
    ['month', '2028-03-01', 1, '2028-02-01', '2028-02-29'],
    ['month', '2027-03-01', 1, '2027-02-01', '2027-02-28'],
    ['quarter', '2026-11-26', 0, '2026-10-01', '2026-12-31'],
    ['quarter', '2026-01-01', 0, '2026-01-01', '2026-03-31'],
    ['quarter', '2026-02-10', 1, '2025-10-01', '2025-12-31'],
    ['quarter', '2026-06-30', 0, '2026-04-01', '2026-06-30'],
    ['year', '2026-11-26', 0, '2026-01-01', '2026-12-31'],
    ['year', '2026-11-26', 1, '2025-01-01', '2025-12-31'],
  ] as const)('%s of %s, %i back: %s to %s', (kind, date, previous, from, to) => {
    expect(logbookPeriod(kind, date, previous)).toEqual({ from, to });
  });
});

describe('logbookPeriodDays', () => {
  it.each([
    ['2026-11-01', '2026-11-30', 30],
    ['2026-11-26', '2026-11-26', 1],
    ['2028-01-01', '2028-12-31', 366],
    ['2026-11-27', '2026-11-26', 0],
    ['2026-02-30', '2026-03-01', null],
  ])('%s to %s: %s', (from, to, days) => {
    expect(logbookPeriodDays({ from, to })).toBe(days);
  });
});

describe('logbookPeriodIssues', () => {
  const today = '2026-11-26';
  it.each([
    [{ from: '2026-11-01', to: '2026-11-30' }, {}],
    [{ from: '2026-11-26', to: '2026-11-26' }, {}],
    [{ from: '2026-11-27', to: '2026-11-30' }, { from: 'validation.periodInFuture' }],
    [{ from: '2026-11-02', to: '2026-11-01' }, { to: 'validation.periodEndBeforeStart' }],
    [{ from: '2025-01-01', to: '2026-01-03' }, { to: 'validation.periodTooLong?days=367' }],
    [{ from: '2025-01-01', to: '2026-01-02' }, {}],
    [{ from: '2025-01-01', to: '2026-01-01' }, {}],
    [{ from: '2026-13-01', to: '2026-11-31' }, { from: 'validation.date', to: 'validation.date' }],
    [{ from: '26-11-01', to: '2026-11-30' }, { from: 'validation.date' }],
  ])('%j: %j', (period, issues) => {
    expect(logbookPeriodIssues(period, today)).toEqual(issues);
  });
});
