import { describe, expect, it } from 'vitest';
import { addCheckPeriod, checkApplies, checkDue, checkDueEdges, checkDueState, checkLimit, earliestDoneReaching, checkRunningSeconds, effectiveCheckPlans, outletCheckPlans, rulebookCheckPlans, ZCheckOverride, ZCheckOverrides, type TCheckKind, type TCheckPlan } from './check-plans';
import { addLocalDays } from '../sampling/plan';
import type { TOutletFacts } from './outlet';

const outlet = (facts: Partial<TOutletFacts>): TOutletFacts => ({ kind: 'washbasinTap', water: 'hot', sentinel: 'none', littleUsed: false, flushedByNode: false, ...facts });
const planOf = (plans: readonly TCheckPlan[], check: TCheckKind) => plans.find((plan) => plan.check === check) as TCheckPlan;

describe('the plans per rulebook', () => {
  it.each([
    // rulebook, healthcare, check, period, running hot/cold, borrowed from HSG274
    ['UK', false, 'sentinelTemperature', { unit: 'months', count: 1 }, { hot: 60, cold: 120 }, false],
    ['NL', false, 'sentinelTemperature', { unit: 'months', count: 1 }, { hot: 60, cold: 120 }, true],
    ['DE', false, 'sentinelTemperature', { unit: 'months', count: 1 }, { hot: 30, cold: 30 }, true],
    ['UK', false, 'showerheadDescaling', { unit: 'months', count: 3 }, null, false],
    ['NL', false, 'showerheadDescaling', { unit: 'months', count: 3 }, null, true],
    ['DE', false, 'showerheadDescaling', { unit: 'months', count: 3 }, null, true],
    ['UK', false, 'tmvService', { unit: 'months', count: 12 }, null, false],
    ['NL', false, 'tmvService', { unit: 'months', count: 12 }, null, true],
    ['DE', false, 'tmvService', { unit: 'months', count: 12 }, null, true],
    ['UK', false, 'coldTankInspection', { unit: 'months', count: 6 }, null, false],
    ['NL', false, 'coldTankInspection', { unit: 'months', count: 6 }, null, true],
    ['UK', false, 'incomingColdWater', { unit: 'months', count: 6 }, { hot: 60, cold: 120 }, false],
    ['DE', false, 'incomingColdWater', { unit: 'months', count: 6 }, { hot: 30, cold: 30 }, true],
    ['NL', false, 'littleUsedFlush', { unit: 'days', count: 7 }, null, false],
    ['UK', false, 'littleUsedFlush', { unit: 'days', count: 7 }, null, false],
    ['UK', true, 'littleUsedFlush', { unit: 'days', count: 3 }, null, false],
    ['DE', false, 'littleUsedFlush', { unit: 'days', count: 3 }, null, false],
    ['NL', true, 'littleUsedFlush', { unit: 'days', count: 7 }, null, false],
  ] as const)('%s (healthcare %s) %s: every %o, running %o, borrowed %s', (rulebook, healthcare, check, period, running, borrowed) => {
    const plan = rulebookCheckPlans(rulebook, healthcare)[check];
    expect(plan.period).toEqual(period);
    expect(plan.runningSeconds).toEqual(running);
    expect(plan.borrowed).toBe(borrowed);
    expect(plan.source).not.toBe('');
    if (borrowed) expect(plan.source).toContain('HSG274');
  });

  it.each([
    ['NL', 'sentinelTemperature', 'hot', false, { kind: 'atLeast', celsius: 60 }],
    ['NL', 'sentinelTemperature', 'cold', false, { kind: 'atMost', celsius: 25 }],
    ['UK', 'sentinelTemperature', 'hot', false, { kind: 'atLeast', celsius: 50 }],
    ['UK', 'sentinelTemperature', 'hot', true, { kind: 'atLeast', celsius: 55 }],
    ['UK', 'sentinelTemperature', 'cold', false, { kind: 'below', celsius: 20 }],
    ['DE', 'sentinelTemperature', 'hot', false, { kind: 'atLeast', celsius: 55 }],
    ['DE', 'sentinelTemperature', 'cold', false, { kind: 'atMost', celsius: 25 }],
    ['NL', 'sentinelTemperature', 'mixed', false, null],
    ['UK', 'incomingColdWater', 'cold', false, { kind: 'below', celsius: 20 }],
    ['NL', 'incomingColdWater', 'cold', false, { kind: 'atMost', celsius: 25 }],
    ['DE', 'incomingColdWater', 'cold', false, { kind: 'atMost', celsius: 25 }],
    ['UK', 'tmvService', 'mixed', false, null],
  ] as const)('%s %s on %s water (healthcare %s): limit %o', (rulebook, check, water, healthcare, limit) => {
    expect(checkLimit(rulebook, check, water, healthcare)).toEqual(limit);
  });

  it('the running time by water: cold for the incoming cold water, hot for a mixed outlet', () => {
    const uk = effectiveCheckPlans('UK', false, []);
    expect(checkRunningSeconds(planOf(uk, 'sentinelTemperature'), 'hot')).toBe(60);
    expect(checkRunningSeconds(planOf(uk, 'sentinelTemperature'), 'cold')).toBe(120);
    expect(checkRunningSeconds(planOf(uk, 'sentinelTemperature'), 'mixed')).toBe(60);
    expect(checkRunningSeconds(planOf(uk, 'incomingColdWater'), 'hot')).toBe(120);
    expect(checkRunningSeconds(planOf(uk, 'tmvService'), 'mixed')).toBeNull();
  });
});

describe('which checks an outlet gets', () => {
  it.each([
    [outlet({}), []],
    [outlet({ sentinel: 'nearest' }), ['sentinelTemperature']],
    [outlet({ sentinel: 'furthest', water: 'cold' }), ['sentinelTemperature']],
    [outlet({ kind: 'shower', water: 'mixed' }), ['showerheadDescaling']],
    [outlet({ kind: 'shower', sentinel: 'furthest', littleUsed: true }), ['sentinelTemperature', 'showerheadDescaling', 'littleUsedFlush']],
    [outlet({ kind: 'tmv', water: 'mixed' }), ['tmvService']],
    [outlet({ kind: 'coldTank', water: 'cold' }), ['coldTankInspection', 'incomingColdWater']],
    [outlet({ kind: 'coldInlet', water: 'cold' }), ['incomingColdWater']],
    [outlet({ kind: 'calorifier' }), []],
    [outlet({ littleUsed: true }), ['littleUsedFlush']],
    [outlet({ littleUsed: true, flushedByNode: true }), []],
  ] as const)('%o: %o', (facts, checks) => {
    expect(outletCheckPlans(effectiveCheckPlans('NL', false, []), facts).map((plan) => plan.check)).toEqual(checks);
  });

  it('little-used flushing only without a flushing node', () => {
    expect(checkApplies('littleUsedFlush', outlet({ littleUsed: true, flushedByNode: false }))).toBe(true);
    expect(checkApplies('littleUsedFlush', outlet({ littleUsed: true, flushedByNode: true }))).toBe(false);
    expect(checkApplies('littleUsedFlush', outlet({ littleUsed: false, flushedByNode: false }))).toBe(false);
  });
});

describe("a location's overrides", () => {
  it('switches a check off or sets its own period; the rest is the rulebook\'s', () => {
    const plans = effectiveCheckPlans('UK', false, [
      { check: 'tmvService', off: true, period: null },
      { check: 'showerheadDescaling', off: false, period: { unit: 'months', count: 1 } },
      { check: 'littleUsedFlush', off: false, period: null },
    ]);
    expect(plans.map((plan) => plan.check)).toEqual(['sentinelTemperature', 'showerheadDescaling', 'coldTankInspection', 'incomingColdWater', 'littleUsedFlush']);
    expect(planOf(plans, 'showerheadDescaling')).toMatchObject({ period: { unit: 'months', count: 1 }, periodSource: 'location' });
    expect(planOf(plans, 'littleUsedFlush')).toMatchObject({ period: { unit: 'days', count: 7 }, periodSource: 'rulebook' });
  });

  it.each([
    [{ check: 'tmvService' }, true],
    [{ check: 'tmvService', period: { unit: 'months', count: 60 } }, true],
    [{ check: 'tmvService', period: { unit: 'months', count: 61 } }, false],
    [{ check: 'littleUsedFlush', period: { unit: 'days', count: 366 } }, true],
    [{ check: 'littleUsedFlush', period: { unit: 'days', count: 367 } }, false],
    [{ check: 'littleUsedFlush', period: { unit: 'days', count: 0 } }, false],
    [{ check: 'littleUsedFlush', period: { unit: 'days', count: 1.5 } }, false],
    [{ check: 'littleUsedFlush', period: { unit: 'weeks', count: 1 } }, false],
    [{ check: 'descaling' }, false],
  ])('%o valid: %s', (override, valid) => {
    expect(ZCheckOverride.safeParse(override).success).toBe(valid);
  });

  it('one override per check', () => {
    const twice = ZCheckOverrides.safeParse([{ check: 'tmvService' }, { check: 'tmvService', off: true }]);
    expect(twice.success).toBe(false);
    expect(twice.error?.issues[0]).toMatchObject({ path: [1, 'check'], message: 'validation.checkTwice' });
  });
});

describe('due dates across month ends and leap years', () => {
  it.each([
    ['2026-01-31', { unit: 'months', count: 1 }, '2026-02-28'],
    ['2028-01-31', { unit: 'months', count: 1 }, '2028-02-29'],
    ['2026-03-31', { unit: 'months', count: 1 }, '2026-04-30'],
    ['2026-12-31', { unit: 'months', count: 1 }, '2027-01-31'],
    ['2026-11-30', { unit: 'months', count: 3 }, '2027-02-28'],
    ['2027-11-30', { unit: 'months', count: 3 }, '2028-02-29'],
    ['2026-08-31', { unit: 'months', count: 6 }, '2027-02-28'],
    ['2028-02-29', { unit: 'months', count: 12 }, '2029-02-28'],
    ['2027-02-28', { unit: 'months', count: 12 }, '2028-02-28'],
    ['2028-02-29', { unit: 'months', count: 48 }, '2032-02-29'],
    ['2026-12-29', { unit: 'days', count: 7 }, '2027-01-05'],
    ['2028-02-26', { unit: 'days', count: 3 }, '2028-02-29'],
    ['2027-02-26', { unit: 'days', count: 3 }, '2027-03-01'],
  ] as const)('done %s, every %o: next due %s', (done, period, next) => {
    expect(addCheckPeriod(done, period)).toBe(next);
  });

  const monthly = planOf(effectiveCheckPlans('UK', false, []), 'sentinelTemperature');
  const weekly = planOf(effectiveCheckPlans('UK', false, []), 'littleUsedFlush');

  it('a monthly check done 31 January is due 28 February: planned until a week before, due in that week, overdue after', () => {
    const history = { since: '2026-01-01', lastDone: '2026-01-31' };
    expect(checkDue(monthly, history, '2026-02-20')).toEqual({ check: 'sentinelTemperature', lastDone: '2026-01-31', nextDue: '2026-02-28', state: 'planned' });
    expect(checkDue(monthly, history, '2026-02-21').state).toBe('due');
    expect(checkDue(monthly, history, '2026-02-28').state).toBe('due');
    expect(checkDue(monthly, history, '2026-03-01').state).toBe('overdue');
  });

  it.each([
    ['2026-02-28', { unit: 'months', count: 1 }, '2026-02-20', 'planned'],
    ['2026-02-28', { unit: 'months', count: 1 }, '2026-02-21', 'due'],
    ['2026-02-28', { unit: 'months', count: 1 }, '2026-02-28', 'due'],
    ['2026-02-28', { unit: 'months', count: 1 }, '2026-03-01', 'overdue'],
    ['2026-03-09', { unit: 'days', count: 7 }, '2026-03-08', 'planned'],
    ['2026-03-09', { unit: 'days', count: 7 }, '2026-03-09', 'due'],
    ['2026-03-09', { unit: 'days', count: 7 }, '2026-03-10', 'overdue'],
  ] as const)('a date %s every %o, on %s: %s (the phone\'s rule for kept due dates)', (nextDue, period, today, state) => {
    expect(checkDueState(nextDue, period, today)).toBe(state);
  });

  it('a yearly check done 29 February 2028 is due 28 February 2029', () => {
    const yearly = planOf(effectiveCheckPlans('UK', false, []), 'tmvService');
    expect(checkDue(yearly, { since: '2027-01-01', lastDone: '2028-02-29' }, '2029-03-01')).toMatchObject({ nextDue: '2029-02-28', state: 'overdue' });
  });

  it('a check in days is due on its day only', () => {
    const history = { since: '2026-01-01', lastDone: '2026-03-02' };
    expect(checkDue(weekly, history, '2026-03-08').state).toBe('planned');
    expect(checkDue(weekly, history, '2026-03-09')).toMatchObject({ nextDue: '2026-03-09', state: 'due' });
    expect(checkDue(weekly, history, '2026-03-10').state).toBe('overdue');
  });

  it('never done: due from the day the outlet joined the register', () => {
    expect(checkDue(monthly, { since: '2026-05-04', lastDone: null }, '2026-05-04')).toEqual({ check: 'sentinelTemperature', lastDone: null, nextDue: '2026-05-04', state: 'due' });
    expect(checkDue(monthly, { since: '2026-05-04', lastDone: null }, '2026-05-05').state).toBe('overdue');
  });
});

describe('the due state as edges on the last done date (what check-due-sql.ts compares with)', () => {
  it.each([
    // target, period, earliest last-done date reaching it
    ['2027-03-31', { unit: 'months', count: 1 }, '2027-03-01'], // 28 February + 1 month is 28 March
    ['2027-03-28', { unit: 'months', count: 1 }, '2027-02-28'],
    ['2027-03-01', { unit: 'months', count: 1 }, '2027-02-01'], // 31 January + 1 month is 28 February
    ['2027-02-28', { unit: 'months', count: 1 }, '2027-01-28'], // 28 to 31 January all reach 28 February
    ['2028-02-29', { unit: 'months', count: 12 }, '2027-03-01'], // 28 February 2027 + 12 months is 28 February 2028
    ['2029-02-28', { unit: 'months', count: 12 }, '2028-02-28'],
    ['2027-05-31', { unit: 'months', count: 3 }, '2027-03-01'], // 28 February + 3 months is 28 May
    ['2027-01-05', { unit: 'days', count: 7 }, '2026-12-29'],
  ] as const)('%s, every %o: %s', (target, period, earliest) => {
    expect(earliestDoneReaching(target, period)).toBe(earliest);
  });

  // Every day of fourteen months around a leap day, every period the plans use and some they may:
  // the edges give the state checkDue gives, for every last done date within a period and a half.
  const periods = [
    { unit: 'days', count: 7 },
    { unit: 'days', count: 1 },
    { unit: 'months', count: 1 },
    { unit: 'months', count: 3 },
    { unit: 'months', count: 6 },
    { unit: 'months', count: 12 },
  ] as const;
  it.each(periods)('every %o: the state from the edges is the one checkDue gives, on every day and last done date', (period) => {
    const plan: TCheckPlan = { ...planOf(effectiveCheckPlans('UK', false, []), 'sentinelTemperature'), period };
    const span = period.unit === 'months' ? period.count * 31 + 40 : period.count * 3 + 3;
    let mismatches = 0;
    let checked = 0;
    for (let today = '2028-01-20'; today <= '2029-03-10'; today = addLocalDays(today, 1)) {
      const edges = checkDueEdges(period, today);
      for (let back = 0; back <= span; back++) {
        const lastDone = addLocalDays(today, -back);
        const byEdges = lastDone < edges.overdueBefore ? 'overdue' : lastDone < edges.dueBefore ? 'due' : 'planned';
        if (byEdges !== checkDue(plan, { since: '2020-01-01', lastDone }, today).state) mismatches++;
        const since = addLocalDays(today, 10 - back);
        const bySince = since < today ? 'overdue' : since < edges.dueSinceBefore ? 'due' : 'planned';
        if (bySince !== checkDue(plan, { since, lastDone: null }, today).state) mismatches++;
        checked += 2;
      }
    }
    expect(checked).toBeGreaterThan(1_000);
    expect(mismatches).toBe(0);
  });
});
