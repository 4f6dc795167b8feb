import { describe, expect, it } from 'vitest';
import { checkInPeriod, type TCheckDone } from './check-period';
import type { TCheckPeriod } from './check-plans';

const monthly: TCheckPeriod = { unit: 'months', count: 1 };
const weekly: TCheckPeriod = { unit: 'days', count: 7 };
const at = (on: string): TCheckDone => ({ on, at: `${on}T09:00:00.000Z` });
const closed = (from: string, to: string) => ({ from, to, endedThrough: to });

describe('a check plan over a logbook period', () => {
  it.each([
    // what, period, since, last done before, done in the period, span, due dates (due, done on, overdue), overdue stretches (first due, done on)
    ['monthly after 31 January, leap February: due the 29th, its day ended', monthly, '2027-06-01', '2028-01-31', [], closed('2028-02-01', '2028-02-29'), [['2028-02-29', null, true]], [['2028-02-29', null]]],
    ['monthly after 31 January, February 2027: due the 28th', monthly, '2026-06-01', '2027-01-31', [], closed('2027-02-01', '2027-02-28'), [['2027-02-28', null, true]], [['2027-02-28', null]]],
    ['the same while the month runs, on the 28th: due, not overdue yet', monthly, '2026-06-01', '2027-01-31', [], { from: '2027-02-01', to: '2027-02-28', endedThrough: '2027-02-27' }, [['2027-02-28', null, false]], []],
    ['done early (10th for the 15th): met on time', monthly, '2026-01-01', '2026-10-15', ['2026-11-10'], closed('2026-11-01', '2026-11-30'), [['2026-11-15', '2026-11-10', false]], []],
    ['done on the due day: met on time', monthly, '2026-01-01', '2026-10-15', ['2026-11-15'], closed('2026-11-01', '2026-11-30'), [['2026-11-15', '2026-11-15', false]], []],
    ['done a day late: overdue, met late, one stretch', monthly, '2026-01-01', '2026-10-15', ['2026-11-16'], closed('2026-11-01', '2026-11-30'), [['2026-11-15', '2026-11-16', true]], [['2026-11-15', '2026-11-16']]],
    ['never done since July: carried in, October missed too', monthly, '2026-07-10', null, [], closed('2026-10-01', '2026-10-31'), [['2026-10-10', null, true]], [['2026-07-10', null]]],
    ['missed three months of a quarter: months stay at the month end from the check', monthly, '2026-01-01', '2026-08-31', [], closed('2026-10-01', '2026-12-31'), [['2026-10-31', null, true], ['2026-11-30', null, true], ['2026-12-31', null, true]], [['2026-09-30', null]]],
    ['a due date the day after the period is not in it', monthly, '2026-01-01', '2026-10-01', [], closed('2026-10-01', '2026-10-31'), [], []],
    ['weekly on time all October', weekly, '2026-01-01', '2026-09-29', ['2026-10-06', '2026-10-13', '2026-10-20', '2026-10-27'], closed('2026-10-01', '2026-10-31'), [['2026-10-06', '2026-10-06', false], ['2026-10-13', '2026-10-13', false], ['2026-10-20', '2026-10-20', false], ['2026-10-27', '2026-10-27', false]], []],
    ['weekly, a week skipped: the missed date, then met on the next one', weekly, '2026-01-01', '2026-09-29', ['2026-10-06', '2026-10-20'], closed('2026-10-01', '2026-10-24'), [['2026-10-06', '2026-10-06', false], ['2026-10-13', null, true], ['2026-10-20', '2026-10-20', false]], [['2026-10-13', '2026-10-20']]],
    ['two checks on one day meet one due date', weekly, '2026-01-01', '2026-09-29', ['2026-10-06', '2026-10-06'], closed('2026-10-01', '2026-10-12'), [['2026-10-06', '2026-10-06', false]], []],
    ['a new outlet is due the day it joined', weekly, '2026-10-05', null, ['2026-10-05'], closed('2026-10-01', '2026-10-11'), [['2026-10-05', '2026-10-05', false]], []],
  ] as const)('%s', (_what, period, since, lastDoneBefore, done, span, occurrences, stretches) => {
    const result = checkInPeriod(period, { since, lastDoneBefore }, done.map(at), span);
    expect(result.occurrences.map((entry) => [entry.due, entry.doneAt?.slice(0, 10) ?? null, entry.overdue])).toEqual(occurrences);
    expect(result.overdue.map((entry) => [entry.firstDue, entry.doneAt?.slice(0, 10) ?? null])).toEqual(stretches);
  });

  it('a daily plan never done for ten years walks to the period without stepping through the years', () => {
    const result = checkInPeriod({ unit: 'days', count: 1 }, { since: '2016-10-01', lastDoneBefore: null }, [], closed('2026-10-01', '2026-10-03'));
    expect(result.occurrences.map((entry) => entry.due)).toEqual(['2026-10-01', '2026-10-02', '2026-10-03']);
    expect(result.overdue).toEqual([{ firstDue: '2016-10-01', doneAt: null }]);
  });
});
