import { describe, expect, it } from 'vitest';
import { calibrationDueDate, calibrationOverdue, excursionClass, requiredFlushes } from './report-rules';

const H = 3_600_000;

describe('excursion duration classes (NL: under 2 days, 2 days to a week, over a week)', () => {
  it.each([
    { name: 'a quarter of an hour', ms: 0.25 * H, cls: 'underTwoDays' },
    { name: 'a minute under 2 days', ms: 48 * H - 60_000, cls: 'underTwoDays' },
    { name: 'exactly 2 days', ms: 48 * H, cls: 'twoDaysToWeek' },
    { name: 'exactly a week', ms: 168 * H, cls: 'twoDaysToWeek' },
    { name: 'a week and a minute', ms: 168 * H + 60_000, cls: 'overWeek' },
    { name: 'a week and an hour', ms: 169 * H, cls: 'overWeek' },
  ])('$name is $cls', ({ ms, cls }) => {
    expect(excursionClass(ms)).toBe(cls);
  });
});

describe('flushes a (partial) week asks for', () => {
  it.each([
    // NL and UK: one a week (168 h)
    { days: 7, every: 168, required: 1 },
    { days: 4, every: 168, required: 1 },
    { days: 3, every: 168, required: 0 },
    { days: 1, every: 168, required: 0 },
    { days: 0, every: 168, required: 0 },
    // DE: every 72 h, two a week
    { days: 7, every: 72, required: 2 },
    { days: 6, every: 72, required: 2 },
    { days: 5, every: 72, required: 1 },
    { days: 2, every: 72, required: 1 },
    { days: 1, every: 72, required: 0 },
    // twice a week (84 h)
    { days: 7, every: 84, required: 2 },
    { days: 2, every: 84, required: 1 },
  ])('$days days at one flush per $every h ask $required', ({ days, every, required }) => {
    expect(requiredFlushes(days, every)).toBe(required);
  });
});

describe('a calibration due date is a local date', () => {
  it.each([
    { name: 'a year after a calibration at 10:00', at: '2025-10-15T08:00:00Z', years: 1, zone: 'Europe/Amsterdam', due: '2026-10-15' },
    { name: 'just after local midnight (the UTC day before)', at: '2025-10-14T22:30:00Z', years: 1, zone: 'Europe/Amsterdam', due: '2026-10-15' },
    { name: 'two years', at: '2024-03-01T12:00:00Z', years: 2, zone: 'Europe/Amsterdam', due: '2026-03-01' },
    { name: '29 February to 28 February', at: '2024-02-29T12:00:00Z', years: 1, zone: 'Europe/Amsterdam', due: '2025-02-28' },
    { name: 'three years in London', at: '2023-06-30T23:30:00Z', years: 3, zone: 'Europe/London', due: '2026-07-01' },
  ])('$name: $due', ({ at, years, zone, due }) => {
    expect(calibrationDueDate(new Date(at), years, zone)).toBe(due);
  });

  it.each([
    { name: 'due the period\'s last day: in time', due: '2026-10-31', end: '2026-10-31T23:00:00Z', overdue: false },
    { name: 'due the day before: overdue', due: '2026-10-30', end: '2026-10-31T23:00:00Z', overdue: true },
    { name: 'due after the period: in time', due: '2026-11-01', end: '2026-10-31T23:00:00Z', overdue: false },
    { name: 'never calibrated: overdue', due: null, end: '2026-10-31T23:00:00Z', overdue: true },
    { name: 'a node that left at 14:00 on its due day: in time', due: '2026-10-20', end: '2026-10-20T12:00:00Z', overdue: false },
  ])('$name', ({ due, end, overdue }) => {
    expect(calibrationOverdue(due, new Date(end), 'Europe/Amsterdam')).toBe(overdue);
  });
});
