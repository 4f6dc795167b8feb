import { describe, expect, it } from 'vitest';
import { choiceOf, localToday, presetPeriod } from './period-choice';

describe('logbook period choices', () => {
  it.each([
    ['thisMonth', '2026-11-26', '2026-11-01', '2026-11-30'],
    ['lastMonth', '2026-11-26', '2026-10-01', '2026-10-31'],
    ['lastMonth', '2026-01-05', '2025-12-01', '2025-12-31'],
    ['lastMonth', '2024-03-31', '2024-02-01', '2024-02-29'],
    ['thisQuarter', '2026-11-26', '2026-10-01', '2026-12-31'],
    ['lastQuarter', '2026-11-26', '2026-07-01', '2026-09-30'],
    ['lastQuarter', '2026-02-10', '2025-10-01', '2025-12-31'],
    ['thisYear', '2026-11-26', '2026-01-01', '2026-12-31'],
    ['lastYear', '2026-11-26', '2025-01-01', '2025-12-31'],
  ] as const)('%s on %s is %s..%s', (choice, today, from, to) => {
    expect(presetPeriod(choice, today)).toEqual({ from, to });
  });

  it('names the preset of a period, else custom', () => {
    expect(choiceOf({ from: '2026-10-01', to: '2026-10-31' }, '2026-11-26')).toBe('lastMonth');
    expect(choiceOf({ from: '2026-10-01', to: '2026-10-30' }, '2026-11-26')).toBe('custom');
  });

  it('takes the local date, not the UTC one', () => {
    expect(localToday(new Date(2026, 0, 1, 0, 30))).toBe('2026-01-01');
  });
});
