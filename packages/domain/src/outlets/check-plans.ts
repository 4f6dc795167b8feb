import { z } from 'zod';
import { RULEBOOKS, type TRulebookId, type TTemperatureLimit } from '../logbook/rulebooks';
import { ROLE_LIMITS } from '../logbook/roles';
import { addLocalDays, addLocalMonths } from '../sampling/plan';
import { MESSAGE, messageKey } from '../validation/message-key';
import type { TOutletFacts } from './outlet';

/**
 * Check plans (docs/outlets.md, "Check plans"): the work no sensor does, per rulebook and outlet
 * kind, each overridable per location, and the next due date per outlet. Figures from the team's
 * compliance guide (../shared/guide/compliance.md); where it gives none for a rulebook, HSE HSG274
 * Part 2's figure is taken and the plan says so (`borrowed`). Due dates are local dates (YYYY-MM-DD)
 * of the location, as the sampling plan's.
 */

export const CHECK_KINDS = ['sentinelTemperature', 'showerheadDescaling', 'tmvService', 'coldTankInspection', 'incomingColdWater', 'littleUsedFlush'] as const;
export type TCheckKind = (typeof CHECK_KINDS)[number];

export const CHECK_PERIOD_UNITS = ['months', 'days'] as const;
export type TCheckPeriodUnit = (typeof CHECK_PERIOD_UNITS)[number];
export interface TCheckPeriod {
  unit: TCheckPeriodUnit;
  count: number;
}

export interface TCheckPlan {
  check: TCheckKind;
  period: TCheckPeriod;
  /** Whether the period is the rulebook's or the location's own (an override). */
  periodSource: 'rulebook' | 'location';
  /** A temperature reading is part of the check (the sentinel and incoming cold water checks). */
  reading: boolean;
  /**
   * How long the water runs before a reading, at most, per water (the rulebook's running test):
   * the reading must meet the limit within this time. null where the check takes no reading.
   */
  runningSeconds: { hot: number; cold: number } | null;
  /** Where the figures come from. */
  source: string;
  /** The rulebook names no figure: HSG274 Part 2's is taken (the compliance guide's gap, written here). */
  borrowed: boolean;
}

const months = (count: number): TCheckPeriod => ({ unit: 'months', count });
const days = (count: number): TCheckPeriod => ({ unit: 'days', count });

/** HSG274 Part 2's running test: hot at its limit within one minute, cold within two minutes. */
const HSG274_RUNNING = { hot: 60, cold: 120 } as const;
/** DIN 1988-200's 30-second rule, hot and cold alike. */
const DIN_RUNNING = { hot: 30, cold: 30 } as const;

type TPlanFigures = Omit<TCheckPlan, 'periodSource'>;

/** The little-used outlets' flushing: the rulebook's hours between flushes as whole days (UK healthcare's 84 hours: 3 days, the safe side). */
function flushDays(rulebook: TRulebookId, healthcare: boolean): number {
  const book = RULEBOOKS[rulebook];
  return Math.floor(((healthcare && book.flushEveryHoursHealthcare) || book.flushEveryHours) / 24);
}

/** The plans of a rulebook, before a location's overrides. */
export function rulebookCheckPlans(rulebook: TRulebookId, healthcare = false): Record<TCheckKind, TPlanFigures> {
  const uk = rulebook === 'UK';
  const running = rulebook === 'DE' ? DIN_RUNNING : HSG274_RUNNING;
  const hsg = (check: TCheckKind, period: TCheckPeriod, what: string, reading = false): TPlanFigures => ({
    check,
    period,
    reading,
    runningSeconds: reading ? running : null,
    source: uk ? `HSG274 Part 2: ${what}` : `HSG274 Part 2: ${what} (the ${rulebook} rulebook names no figure)`,
    borrowed: !uk,
  });
  return {
    sentinelTemperature: {
      ...hsg('sentinelTemperature', months(1), 'sentinel outlets monthly', true),
      // The limits are the rulebook's own; the running time DE's own (DIN 1988-200), NL has none (HSG274's).
      source:
        rulebook === 'UK'
          ? 'HSG274 Part 2: sentinel outlets monthly; hot at least 50 °C (55 healthcare) within 1 minute, cold below 20 °C within 2 minutes'
          : rulebook === 'DE'
            ? 'Monthly: HSG274 Part 2 (DE names no frequency); DIN 1988-200: within 30 s hot at least 55 °C, cold at most 25 °C'
            : 'Monthly and the running times: HSG274 Part 2 (NL names neither); limits: hot at least 60 °C, cold at most 25 °C (Regeling legionellapreventie, NEN 1006)',
    },
    showerheadDescaling: hsg('showerheadDescaling', months(3), 'showerheads and hoses descaled quarterly'),
    tmvService: hsg('tmvService', months(12), 'TMVs serviced yearly'),
    coldTankInspection: hsg('coldTankInspection', months(6), 'cold water tanks checked every six months (issue 41: half-yearly)'),
    incomingColdWater: {
      check: 'incomingColdWater',
      period: months(6),
      reading: true,
      runningSeconds: running,
      source:
        rulebook === 'UK'
          ? 'HSG274 Part 2: incoming cold water twice a year, below 20 °C'
          : `Twice a year: HSG274 Part 2 (the ${rulebook} rulebook names no frequency); limit at most 25 °C (${rulebook === 'NL' ? 'NEN 1006' : 'DIN 1988-200'})`,
      borrowed: !uk,
    },
    littleUsedFlush: {
      check: 'littleUsedFlush',
      period: days(flushDays(rulebook, healthcare)),
      reading: false,
      runningSeconds: null,
      source:
        rulebook === 'NL'
          ? 'Regeling legionellapreventie annex 2, 5.1.5: weekly, until 10 s after a stable temperature'
          : rulebook === 'UK'
            ? 'HSG274 Part 2: weekly (twice a week in healthcare: every 3 days here)'
            : 'VDI/DVGW 6023: water exchange at least every 72 hours',
      borrowed: false,
    },
  };
}

/** Longest period a location may set: 5 years, or 366 days. */
export const CHECK_PERIOD_MAX = { months: 60, days: 366 } as const;

export const ZCheckPeriod = z
  .object({
    unit: z.enum(CHECK_PERIOD_UNITS, { error: MESSAGE.oneOf }),
    count: z.number({ error: MESSAGE.integer }).int({ error: MESSAGE.integer }).min(1, { error: messageKey(MESSAGE.range, { min: 1, max: CHECK_PERIOD_MAX.days }) }),
  })
  .superRefine((period, context) => {
    const max = CHECK_PERIOD_MAX[period.unit];
    if (period.count > max) context.addIssue({ code: 'custom', path: ['count'], message: messageKey(MESSAGE.range, { min: 1, max }) });
  });

/**
 * A location's override of one check: off (the risk assessment leaves it out) and/or its own period;
 * `period` null keeps the rulebook's. One per check kind.
 */
export const ZCheckOverride = z.object({
  check: z.enum(CHECK_KINDS, { error: MESSAGE.oneOf }),
  off: z.boolean({ error: MESSAGE.invalid }).default(false),
  period: ZCheckPeriod.nullable().default(null),
});
export type TCheckOverride = z.output<typeof ZCheckOverride>;

/** A location's overrides as sent: at most one per check kind. */
export const ZCheckOverrides = z.array(ZCheckOverride).max(CHECK_KINDS.length).superRefine((overrides, context) => {
  overrides.forEach((override, index) => {
    if (overrides.findIndex((other) => other.check === override.check) !== index) context.addIssue({ code: 'custom', path: [index, 'check'], message: 'validation.checkTwice' });
  });
});

/** The plans in force at a location: the rulebook's, with its overrides (checks switched off left out). */
export function effectiveCheckPlans(rulebook: TRulebookId, healthcare: boolean, overrides: readonly TCheckOverride[]): TCheckPlan[] {
  const plans = rulebookCheckPlans(rulebook, healthcare);
  return CHECK_KINDS.flatMap((check) => {
    const own = overrides.find((override) => override.check === check);
    if (own?.off) return [];
    return [{ ...plans[check], period: own?.period ?? plans[check].period, periodSource: own?.period ? ('location' as const) : ('rulebook' as const) }];
  });
}

/** Whether a check is done at an outlet, by its kind, sentinel and little-used marks. */
export function checkApplies(check: TCheckKind, outlet: TOutletFacts): boolean {
  switch (check) {
    case 'sentinelTemperature':
      return outlet.sentinel !== 'none';
    case 'showerheadDescaling':
      return outlet.kind === 'shower';
    case 'tmvService':
      return outlet.kind === 'tmv';
    case 'coldTankInspection':
      return outlet.kind === 'coldTank';
    case 'incomingColdWater':
      // At the main, or at the tank's inlet (its ball valve) where the building is fed through a tank.
      return outlet.kind === 'coldInlet' || outlet.kind === 'coldTank';
    case 'littleUsedFlush':
      // A flushing node on the outlet's channel does the weekly duty, and the logbook proves it.
      return outlet.littleUsed && !outlet.flushedByNode;
  }
}

/** The plans in force for one outlet. */
export function outletCheckPlans(plans: readonly TCheckPlan[], outlet: TOutletFacts): TCheckPlan[] {
  return plans.filter((plan) => checkApplies(plan.check, outlet));
}

/**
 * The limit a check's reading must meet: the sentinel check by the outlet's water (hot: the
 * rulebook's hot limit, healthcare's where it asks more; cold: its cold limit; mixed, behind a TMV:
 * none, recorded and not judged), the incoming cold water check the rulebook's cold inlet limit.
 * null for checks without a reading.
 */
export function checkLimit(rulebook: TRulebookId, check: TCheckKind, water: TOutletFacts['water'], healthcare = false): TTemperatureLimit | null {
  const book = RULEBOOKS[rulebook];
  if (check === 'incomingColdWater') return ROLE_LIMITS[rulebook].coldInlet;
  if (check !== 'sentinelTemperature') return null;
  if (water === 'hot') return (healthcare && book.hotHealthcare) || book.hot;
  if (water === 'cold') return book.cold;
  return null;
}

/** The running time a check's reading is held to, by the outlet's water (a mixed outlet: the hot one's). */
export function checkRunningSeconds(plan: TCheckPlan, water: TOutletFacts['water']): number | null {
  if (!plan.runningSeconds) return null;
  return water === 'cold' || plan.check === 'incomingColdWater' ? plan.runningSeconds.cold : plan.runningSeconds.hot;
}

// ---- due dates ----

/** A local date plus a plan's period (months kept inside the month they land in: 31 January + 1 month is 28/29 February). */
export function addCheckPeriod(localDate: string, period: TCheckPeriod): string {
  return period.unit === 'months' ? addLocalMonths(localDate, period.count) : addLocalDays(localDate, period.count);
}

export const CHECK_DUE_STATES = ['overdue', 'due', 'planned'] as const;
export type TCheckDueState = (typeof CHECK_DUE_STATES)[number];

/** Within this many days before its date a check shows as due: a week for monthly and longer plans, the day itself for plans in days. */
export function dueWindowDays(period: TCheckPeriod): number {
  return period.unit === 'months' ? 7 : 0;
}

/**
 * The earliest last-done date whose next due date (after `period`) falls on or after `target`.
 * Adding a period never moves a date back, so a check last done before this date is due before
 * `target` and one done on or after it is not: many outlets are judged by comparing their last
 * done date with one date per place and check (check-due-sql.ts), without adding the period to each.
 */
export function earliestDoneReaching(target: string, period: TCheckPeriod): string {
  let date = period.unit === 'months' ? addLocalMonths(target, -period.count) : addLocalDays(target, -period.count);
  // A month's end kept (31 March - 1 month is 28 February, whose next due date is 28 March) puts the
  // first guess a few days early or late; the steps find the edge.
  while (addCheckPeriod(date, period) < target) date = addLocalDays(date, 1);
  while (addCheckPeriod(addLocalDays(date, -1), period) >= target) date = addLocalDays(date, -1);
  return date;
}

/**
 * `checkDue`'s state as edges on the last done date, for one plan on one day: overdue when it is
 * before `overdueBefore`, due when before `dueBefore`, planned otherwise. Never done, the state
 * comes from `since`: overdue before `today`, due before `dueSinceBefore`.
 */
export interface TCheckDueEdges {
  overdueBefore: string;
  dueBefore: string;
  dueSinceBefore: string;
}

export function checkDueEdges(period: TCheckPeriod, today: string): TCheckDueEdges {
  const dayAfterWindow = addLocalDays(today, dueWindowDays(period) + 1);
  return { overdueBefore: earliestDoneReaching(today, period), dueBefore: earliestDoneReaching(dayAfterWindow, period), dueSinceBefore: dayAfterWindow };
}

export interface TCheckDue {
  check: TCheckKind;
  /** The local date of the last check done (not one recorded as not possible), null when none. */
  lastDone: string | null;
  nextDue: string;
  state: TCheckDueState;
}

/**
 * The next due date of one check at one outlet: its period after the last check done; never done,
 * from the day the outlet joined the register (or the check began to apply: `since`). A check
 * recorded as not possible moves nothing: the work is still to do.
 */
export function checkDue(plan: TCheckPlan, history: { since: string; lastDone: string | null }, today: string): TCheckDue {
  const nextDue = history.lastDone === null ? history.since : addCheckPeriod(history.lastDone, plan.period);
  return { check: plan.check, lastDone: history.lastDone, nextDue, state: checkDueState(nextDue, plan.period, today) };
}

/**
 * A due date's state on `today`: overdue after it, due within the plan's window before it, planned
 * before that. Also the phone's rule for an outlet's due dates kept on the device and shown again
 * on a later day without a connection (docs/outlets.md, "Opening an outlet without a connection").
 */
export function checkDueState(nextDue: string, period: TCheckPeriod, today: string): TCheckDueState {
  return nextDue < today ? 'overdue' : nextDue <= addLocalDays(today, dueWindowDays(period)) ? 'due' : 'planned';
}
