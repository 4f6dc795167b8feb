import { describe, expect, it } from 'vitest';
import { logbookIssuePeriodIssues, logbookPeriod, logbookPeriodDays, logbookPeriodEnd, logbookPeriodEnded, logbookPeriodIssues } from './periods';

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

describe('logbookPeriodEnd and logbookPeriodEnded: the last day ends at local midnight', () => {
  it.each([
    // zone, last day, the instant it ends (UTC)
    ['Europe/Amsterdam', '2026-10-31', '2026-10-31T23:00:00.000Z'], // winter time (CET)
    ['Europe/Amsterdam', '2026-09-30', '2026-09-30T22:00:00.000Z'], // summer time (CEST)
    ['Europe/Amsterdam', '2026-10-25', '2026-10-25T23:00:00.000Z'], // the 25-hour day clocks go back
    ['Europe/Amsterdam', '2026-10-24', '2026-10-24T22:00:00.000Z'], // the day before it, still summer time
    ['Europe/Amsterdam', '2026-03-29', '2026-03-29T22:00:00.000Z'], // the 23-hour day clocks go forward
    ['Europe/Amsterdam', '2026-03-28', '2026-03-28T23:00:00.000Z'],
    ['Europe/London', '2026-10-31', '2026-11-01T00:00:00.000Z'],
    ['Europe/London', '2026-06-30', '2026-06-30T23:00:00.000Z'],
    ['UTC', '2026-12-31', '2027-01-01T00:00:00.000Z'],
    ['America/Santiago', '2026-09-05', '2026-09-06T04:00:00.000Z'], // midnight skipped: the day starts at 01:00 (-03)
  ])('%s, last day %s, ends at %s', (zone, to, end) => {
    expect(logbookPeriodEnd(to, zone).toISOString()).toBe(end);
    const at = new Date(end).getTime();
    expect(logbookPeriodEnded({ to }, zone, new Date(at - 1))).toBe(false);
    expect(logbookPeriodEnded({ to }, zone, new Date(at))).toBe(true);
  });
});

describe('logbookIssuePeriodIssues', () => {
  const october = { from: '2026-10-01', to: '2026-10-31' };
  it.each([
    ['the last second of October in Amsterdam', october, 'Europe/Amsterdam', '2026-10-31T22:59:59Z', { to: 'validation.periodNotEnded' }],
    ['local midnight in Amsterdam', october, 'Europe/Amsterdam', '2026-10-31T23:00:00Z', {}],
    ['that midnight in London, still October there', october, 'Europe/London', '2026-10-31T23:00:00Z', { to: 'validation.periodNotEnded' }],
    ['a year that has only begun', { from: '2026-11-01', to: '2027-10-31' }, 'Europe/Amsterdam', '2026-11-29T10:00:00Z', { to: 'validation.periodNotEnded' }],
    ['today alone', { from: '2026-11-29', to: '2026-11-29' }, 'Europe/Amsterdam', '2026-11-29T10:00:00Z', { to: 'validation.periodNotEnded' }],
    ['a period in the future keeps its own message', { from: '2026-12-01', to: '2026-12-31' }, 'Europe/Amsterdam', '2026-11-29T10:00:00Z', { from: 'validation.periodInFuture' }],
    ['yesterday', { from: '2026-11-28', to: '2026-11-28' }, 'Europe/Amsterdam', '2026-11-29T10:00:00Z', {}],
  ])('%s', (_name, period, zone, now, issues) => {
    expect(logbookIssuePeriodIssues(period, zone, new Date(now))).toEqual(issues);
  });
});
