import type { TRulebookId } from '../logbook/rulebooks';

/**
 * The sampling plan (docs/sampling.md, "Plan"): how often each sample point is sampled, per
 * rulebook and overridable per location, the next due date per point, the re-sample after an
 * exceeded result, and the Dutch number of sample points by number of taps. Due dates are local
 * calendar dates (YYYY-MM-DD) of the location.
 */

/** How a German installation is used: public supply (yearly) or commercial, non-public (every 3 years). */
export const DE_USES = ['public', 'commercial'] as const;
export type TDeUse = (typeof DE_USES)[number];

/**
 * The rulebook's sampling interval in months: NL every 6 months (Drinkwaterbesluit art. 43; yearly
 * when the installation is used at most 7 months a year: the location sets 12); DE yearly for public,
 * every 3 years for commercial (TrinkwV 2023); UK as the risk assessment sets (null: the location
 * must set it, HSG274 Part 2).
 */
export function defaultIntervalMonths(rulebook: TRulebookId, deUse: TDeUse = 'public'): number | null {
  switch (rulebook) {
    case 'NL':
      return 6;
    case 'DE':
      return deUse === 'public' ? 12 : 36;
    case 'UK':
      return null;
  }
}

/**
 * Days within which a point is sampled again after a result at or above the first threshold. The
 * compliance guide names no figure for any of the three rulebooks (a documented source gap,
 * docs/sampling.md): 30 days is the portal's default, which a location overrides in its plan.
 */
export const RESAMPLE_WITHIN_DAYS_DEFAULT = 30;

/** A location's plan as stored: null fields take the rulebook's default. */
export interface TPlanSettings {
  intervalMonths: number | null;
  deUse: TDeUse | null;
  resampleWithinDays: number | null;
}

export interface TEffectivePlan {
  /** null: no interval known (UK without the risk assessment's figure). */
  intervalMonths: number | null;
  intervalSource: 'rulebook' | 'location' | 'none';
  resampleWithinDays: number;
}

export function effectivePlan(rulebook: TRulebookId, settings: TPlanSettings | null): TEffectivePlan {
  const own = settings?.intervalMonths ?? null;
  const byRulebook = defaultIntervalMonths(rulebook, settings?.deUse ?? 'public');
  return {
    intervalMonths: own ?? byRulebook,
    intervalSource: own !== null ? 'location' : byRulebook !== null ? 'rulebook' : 'none',
    resampleWithinDays: settings?.resampleWithinDays ?? RESAMPLE_WITHIN_DAYS_DEFAULT,
  };
}

const pad = (value: number) => String(value).padStart(2, '0');
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * A local date plus whole months, kept inside the month it lands in: 31 August + 6 months is
 * 28 February (29 in a leap year), 30 November + 3 months 28/29 February, never a day of March.
 */
export function addLocalMonths(localDate: string, months: number): string {
  const [year, month, day] = localDate.split('-').map(Number);
  const index = year * 12 + (month - 1) + months;
  const toYear = Math.floor(index / 12);
  const toMonth = (index % 12) + 1;
  return `${toYear}-${pad(toMonth)}-${pad(Math.min(day, daysInMonth(toYear, toMonth)))}`;
}

/** A local date plus days. */
export function addLocalDays(localDate: string, days: number): string {
  const [year, month, day] = localDate.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** A point's sampling history as the plan needs it: its latest result (local date), whether that one opened an alarm. */
export interface TPointHistory {
  /** The local date the point was added to the plan: a point never sampled is due from then. */
  since: string;
  latest: { takenOn: string; opensAlarm: boolean } | null;
}

/** Within this many days of its due date a sampling shows as due. */
export const DUE_SOON_DAYS = 30;

export const DUE_STATES = ['overdue', 'due', 'planned', 'noInterval'] as const;
export type TDueState = (typeof DUE_STATES)[number];

export interface TPointDue {
  /** The routine sampling's due date; null without an interval. */
  routineDue: string | null;
  /** The re-sample's due date while the latest result was at or above the first threshold; null otherwise. */
  resampleDue: string | null;
  /** The earlier of the two. */
  nextDue: string | null;
  state: TDueState;
}

/** The last day of "due soon" for the last `today` asked: the same for every point of a look (thousands for the dashboard). */
let dueSoon = { today: '', until: '' };
const dueSoonUntil = (today: string): string => {
  if (dueSoon.today !== today) dueSoon = { today, until: addLocalDays(today, DUE_SOON_DAYS) };
  return dueSoon.until;
};

/**
 * The next due dates of one point: the routine one from its latest sampling (or from when it joined
 * the plan) plus the interval; a re-sample within the plan's days of a result that opened an alarm,
 * until a later result is entered (that result is the re-sample).
 */
export function pointDue(plan: TEffectivePlan, history: TPointHistory, today: string): TPointDue {
  const from = history.latest?.takenOn ?? history.since;
  const routineDue = plan.intervalMonths === null ? null : history.latest === null ? history.since : addLocalMonths(from, plan.intervalMonths);
  const resampleDue = history.latest?.opensAlarm ? addLocalDays(history.latest.takenOn, plan.resampleWithinDays) : null;
  const candidates = [routineDue, resampleDue].filter((date): date is string => date !== null).sort();
  const nextDue = candidates[0] ?? null;
  const state: TDueState = nextDue === null ? 'noInterval' : nextDue < today ? 'overdue' : nextDue <= dueSoonUntil(today) ? 'due' : 'planned';
  return { routineDue, resampleDue, nextDue, state };
}

/**
 * The number of sample points a Dutch installation needs by its number of taps (Drinkwaterbesluit
 * art. 43, as the compliance guide gives it): 2 up to 50 taps, 4 for 51-100, 6 for 101-200, 8 for
 * 201-400, 10 for 401-800, 12 for 801-1600, 14 above. No taps, no points.
 */
export function nlSamplePointsForTaps(taps: number): number {
  if (taps <= 0) return 0;
  const bands: readonly [number, number][] = [
    [50, 2],
    [100, 4],
    [200, 6],
    [400, 8],
    [800, 10],
    [1600, 12],
  ];
  return bands.find(([upTo]) => taps <= upTo)?.[1] ?? 14;
}
