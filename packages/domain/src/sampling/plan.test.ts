import { describe, expect, it } from 'vitest';
import { addLocalDays, addLocalMonths, defaultIntervalMonths, effectivePlan, nlSamplePointsForTaps, pointDue, RESAMPLE_WITHIN_DAYS_DEFAULT } from './plan';

describe('months at month ends', () => {
  it.each([
    ['2026-08-31', 6, '2027-02-28'],
    ['2027-08-31', 6, '2028-02-29'],
    ['2026-03-31', 6, '2026-09-30'],
    ['2026-01-31', 1, '2026-02-28'],
    ['2026-06-30', 6, '2026-12-30'],
    ['2026-07-31', 6, '2027-01-31'],
    ['2026-12-15', 12, '2027-12-15'],
    ['2028-02-29', 12, '2029-02-28'],
    ['2028-02-29', 36, '2031-02-28'],
    ['2026-11-30', 3, '2027-02-28'],
  ] as const)('%s + %d months is %s', (from, months, expected) => {
    expect(addLocalMonths(from, months)).toBe(expected);
  });

  it.each([
    ['2026-12-31', 1, '2027-01-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-01-31', 30, '2026-03-02'],
  ] as const)('%s + %d days is %s', (from, days, expected) => {
    expect(addLocalDays(from, days)).toBe(expected);
  });
});

describe('the interval per rulebook, overridable per location', () => {
  it('NL every 6 months, DE yearly for public and every 3 years for commercial, UK as the risk assessment sets', () => {
    expect(defaultIntervalMonths('NL')).toBe(6);
    expect(defaultIntervalMonths('DE', 'public')).toBe(12);
    expect(defaultIntervalMonths('DE', 'commercial')).toBe(36);
    expect(defaultIntervalMonths('UK')).toBeNull();
  });

  it('the location sets its own interval and re-sample time', () => {
    expect(effectivePlan('NL', null)).toEqual({ intervalMonths: 6, intervalSource: 'rulebook', resampleWithinDays: RESAMPLE_WITHIN_DAYS_DEFAULT });
    expect(effectivePlan('NL', { intervalMonths: 12, deUse: null, resampleWithinDays: 14 })).toEqual({ intervalMonths: 12, intervalSource: 'location', resampleWithinDays: 14 });
    expect(effectivePlan('UK', null)).toMatchObject({ intervalMonths: null, intervalSource: 'none' });
    expect(effectivePlan('UK', { intervalMonths: 3, deUse: null, resampleWithinDays: null })).toMatchObject({ intervalMonths: 3, intervalSource: 'location' });
    expect(effectivePlan('DE', { intervalMonths: null, deUse: 'commercial', resampleWithinDays: null })).toMatchObject({ intervalMonths: 36, intervalSource: 'rulebook' });
  });
});

describe('next due per point', () => {
  const nl = effectivePlan('NL', null);
  it('a point never sampled is due from the day it joined the plan', () => {
    expect(pointDue(nl, { since: '2026-03-01', latest: null }, '2026-03-01')).toEqual({ routineDue: '2026-03-01', resampleDue: null, nextDue: '2026-03-01', state: 'due' });
    expect(pointDue(nl, { since: '2026-03-01', latest: null }, '2026-03-02').state).toBe('overdue');
  });

  it('the interval from the latest sampling, clamped at the month end; due within 30 days, overdue after the date', () => {
    const history = { since: '2026-01-01', latest: { takenOn: '2026-08-31', opensAlarm: false } };
    expect(pointDue(nl, history, '2026-09-01')).toEqual({ routineDue: '2027-02-28', resampleDue: null, nextDue: '2027-02-28', state: 'planned' });
    expect(pointDue(nl, history, '2027-01-29').state).toBe('due');
    expect(pointDue(nl, history, '2027-02-28').state).toBe('due');
    expect(pointDue(nl, history, '2027-03-01').state).toBe('overdue');
  });

  it('a result that opened an alarm asks for a re-sample within the plan\'s days, earlier than the routine date', () => {
    const history = { since: '2026-01-01', latest: { takenOn: '2026-05-10', opensAlarm: true } };
    expect(pointDue(nl, history, '2026-05-11')).toEqual({ routineDue: '2026-11-10', resampleDue: '2026-06-09', nextDue: '2026-06-09', state: 'due' });
  });

  it('UK without the risk assessment\'s interval: nothing routine is due, a re-sample still is', () => {
    const uk = effectivePlan('UK', null);
    expect(pointDue(uk, { since: '2026-01-01', latest: { takenOn: '2026-05-10', opensAlarm: false } }, '2026-05-11')).toEqual({ routineDue: null, resampleDue: null, nextDue: null, state: 'noInterval' });
    expect(pointDue(uk, { since: '2026-01-01', latest: { takenOn: '2026-05-10', opensAlarm: true } }, '2026-05-11').nextDue).toBe('2026-06-09');
  });
});

describe('NL sample points by number of taps (art. 43)', () => {
  it.each([
    [0, 0],
    [1, 2],
    [50, 2],
    [51, 4],
    [100, 4],
    [101, 6],
    [200, 6],
    [201, 8],
    [400, 8],
    [401, 10],
    [800, 10],
    [801, 12],
    [1600, 12],
    [1601, 14],
    [100_000, 14],
  ])('%d taps: %d points', (taps, points) => {
    expect(nlSamplePointsForTaps(taps)).toBe(points);
  });
});
