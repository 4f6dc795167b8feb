import { z } from 'zod';
import { GROWTH_RANGE_CELSIUS, inGrowthRange, RULEBOOKS, type TChannelMode, type TReadingJudging, type TRulebookId, type TTemperatureLimit } from './rulebooks';

/**
 * Roles of a measuring point (docs/logbook.md, "Roles"; ../shared/guide/compliance.md, "Roles of a
 * measuring point"): what the sensor of a channel sits on decides which limit of the rulebook
 * applies and to which readings.
 *
 * - `outlet`: a tap or shower (hot or cold by the channel's mode). The running-water test (UK 50 °C
 *   within a minute, DE 55 °C within 30 s, ...) is judged on a flush's "after" value; its resting
 *   readings are judged for stagnation and time in the growth range only.
 * - `mixedOutlet`: behind a thermostatic mixing valve: no temperature limit; flush duty and growth
 *   range time. Never "compliant" plainly: at best `noLimit`.
 * - `heaterFlow`, `circulationReturn`, `coldInlet`: every (continuous) reading against the limit.
 * - `other`: reported, not judged.
 *
 * A channel without a role of its own takes one from its mode (WW and KW: outlet, Meng/uittap:
 * mixed outlet, no mode: other), so nodes judge as before until someone sets a role.
 */
export const CHANNEL_ROLES = ['outlet', 'mixedOutlet', 'heaterFlow', 'circulationReturn', 'coldInlet', 'other'] as const;
export type TChannelRole = (typeof CHANNEL_ROLES)[number];
export const ZChannelRole = z.enum(CHANNEL_ROLES, { error: 'validation.oneOf' });

export function isChannelRole(value: unknown): value is TChannelRole {
  return typeof value === 'string' && (CHANNEL_ROLES as readonly string[]).includes(value);
}

/** The role a channel has without one of its own: by its mode. */
export function roleFromMode(mode: string | null | undefined): TChannelRole {
  if (mode === 'WW' || mode === 'KW') return 'outlet';
  if (mode === 'Meng/uittap') return 'mixedOutlet';
  return 'other';
}

/** The role that judges a channel: its own, else the one its mode gives. */
export function effectiveRole(role: string | null | undefined, mode: string | null | undefined): TChannelRole {
  return isChannelRole(role) ? role : roleFromMode(mode);
}

/**
 * Which readings a role's limit applies to:
 * - `continuous`: every reading (heater flow, circulation return, cold inlet);
 * - `runningTest`: the flush's "after" value (an outlet with a mode); resting readings only for growth range time;
 * - `growthRange`: no limit; flush duty and growth range time (a mixed outlet);
 * - `none`: reported, not judged (other; an outlet without a mode: hot or cold is not known).
 */
export type TRoleTest = 'continuous' | 'runningTest' | 'growthRange' | 'none';
export const ROLE_TESTS = ['continuous', 'runningTest', 'growthRange', 'none'] as const;

export function roleTest(role: TChannelRole, mode: TChannelMode | null): TRoleTest {
  switch (role) {
    case 'heaterFlow':
    case 'circulationReturn':
    case 'coldInlet':
      return 'continuous';
    case 'outlet':
      return mode === 'WW' || mode === 'KW' ? 'runningTest' : 'none';
    case 'mixedOutlet':
      return 'growthRange';
    case 'other':
      return 'none';
  }
}

const atLeast = (celsius: number): TTemperatureLimit => ({ kind: 'atLeast', celsius });
const atMost = (celsius: number): TTemperatureLimit => ({ kind: 'atMost', celsius });
const below = (celsius: number): TTemperatureLimit => ({ kind: 'below', celsius });

interface TRoleLimits {
  heaterFlow: TTemperatureLimit;
  circulationReturn: TTemperatureLimit;
  circulationReturnHealthcare?: TTemperatureLimit;
  coldInlet: TTemperatureLimit;
}

/**
 * The continuous roles' limits per rulebook (compliance.md's roles table). Outlets take the
 * rulebook's hot and cold limits (RULEBOOKS: NL 60 / 25, UK 50 (55 healthcare) / below 20, DE 55 / 25).
 */
export const ROLE_LIMITS: Readonly<Record<TRulebookId, TRoleLimits>> = {
  // NEN 1006 practice for collective installations: 60 at the heater and on the return; cold at most 25.
  NL: { heaterFlow: atLeast(60), circulationReturn: atLeast(60), coldInlet: atMost(25) },
  // HSG274 Part 2: calorifier flow at least 60, return at least 50 (55 in healthcare, HTM 04-01); cold below 20.
  UK: { heaterFlow: atLeast(60), circulationReturn: atLeast(50), circulationReturnHealthcare: atLeast(55), coldInlet: below(20) },
  // DVGW W 551: heater outlet at least 60, return no more than 5 K lower (55); DIN 1988-200 cold at most 25.
  DE: { heaterFlow: atLeast(60), circulationReturn: atLeast(55), coldInlet: atMost(25) },
};

/**
 * The limit of a channel by rulebook, role and mode: for continuous roles what every reading must
 * meet, for an outlet what the flush's "after" value must meet; null for a role without a limit.
 */
export function roleLimit(rulebook: TRulebookId, role: TChannelRole, mode: TChannelMode | null, healthcare = false): TTemperatureLimit | null {
  const limits = ROLE_LIMITS[rulebook];
  const book = RULEBOOKS[rulebook];
  switch (role) {
    case 'heaterFlow':
      return limits.heaterFlow;
    case 'circulationReturn':
      return (healthcare && limits.circulationReturnHealthcare) || limits.circulationReturn;
    case 'coldInlet':
      return limits.coldInlet;
    case 'outlet':
      if (mode === 'WW') return (healthcare && book.hotHealthcare) || book.hot;
      if (mode === 'KW') return book.cold;
      return null;
    case 'mixedOutlet':
    case 'other':
      return null;
  }
}

/**
 * What the history's pass judges the readings by (logbook-days.ts: figures, excursions): the limit
 * for continuous roles; for outlets and mixed outlets the growth range (a reading "outside" is one in
 * 25-50 °C, an excursion a stretch in it); nothing for the rest.
 */
export function readingJudging(rulebook: TRulebookId, role: TChannelRole, mode: TChannelMode | null, healthcare = false): TReadingJudging | null {
  const test = roleTest(role, mode);
  if (test === 'continuous') return roleLimit(rulebook, role, mode, healthcare);
  if (test === 'runningTest' || test === 'growthRange') return OUTSIDE_GROWTH_RANGE;
  return null;
}

/** The judging of resting readings at outlets: out of the growth range (25.0 and 50.0 are out). */
export const OUTSIDE_GROWTH_RANGE: TReadingJudging = { kind: 'outsideGrowthRange', celsius: GROWTH_RANGE_CELSIUS.above };

/**
 * The longest time an outlet may go without a flush (water exchange), in hours: NL and UK a week,
 * UK healthcare twice a week (HSG274 / HTM 04-01: 84 hours, so two a week), DE 72 hours (VDI/DVGW 6023).
 */
export function flushEveryHours(rulebook: TRulebookId, healthcare = false): number {
  const book = RULEBOOKS[rulebook];
  return (healthcare && book.flushEveryHoursHealthcare) || book.flushEveryHours;
}

/**
 * How long resting water at an outlet may stand in the growth range (or, NL, at 20-25 °C) before it is
 * a deviation: as long as the outlet may stand without a flush (a week, UK healthcare 84 hours, DE 72
 * hours). NL: "20-25 °C if stagnation is at most a week" (Regeling annex 2).
 */
export const stagnationToleranceHours = flushEveryHours;

/**
 * Whether water resting at an outlet at this temperature, standing this long, is allowed: below
 * 20 °C and from 50 °C on always; 20 °C to 50 °C (the cool band and the growth range) only while it has
 * stood at most the rulebook's stagnation tolerance.
 */
export function restingAllowed(rulebook: TRulebookId, celsius: number, standingHours: number, healthcare = false): boolean {
  if (celsius < 20 || celsius >= GROWTH_RANGE_CELSIUS.below) return true;
  return standingHours <= stagnationToleranceHours(rulebook, healthcare);
}

/** DE: an interruption (no water exchange) of 4 weeks or more asks a shut-off and a flush before use. */
export const LONG_INTERRUPTION_HOURS: Readonly<Record<TRulebookId, number | null>> = { NL: null, UK: null, DE: 4 * 7 * 24 };

/** Stretches without a flush that are long interruptions under the rulebook (DE: at least 4 weeks). */
export function longInterruptions<T extends { hours: number }>(rulebook: TRulebookId, stretches: readonly T[]): T[] {
  const bound = LONG_INTERRUPTION_HOURS[rulebook];
  return bound === null ? [] : stretches.filter((stretch) => stretch.hours >= bound);
}

/** A channel's verdict: `noLimit` is "nothing wrong found, but there is no limit to be compliant with" (mixed outlets, other). */
export type TChannelVerdict = 'compliant' | 'deviations' | 'insufficientData' | 'noLimit';

/**
 * A channel's verdict by its role's test (docs/logbook.md, "Roles"): coverage under 90 % is
 * insufficient data; then
 * - continuous: a reading that missed the limit, a missed flush duty or a failed flush is a deviation;
 * - runningTest (outlet): a flush whose "after" missed the limit, a missed flush duty (stagnation) or a
 *   growth range stretch over the tolerance is a deviation; resting readings are not held to the limit;
 * - growthRange and none: a missed flush duty or (growthRange) a growth range stretch over the
 *   tolerance is a deviation; else `noLimit`, never plainly compliant.
 */
export function roleVerdict(
  test: TRoleTest,
  figures: { coverage: number; readingsOutsideLimit: number; missedFlushes: number; failedFlushes: number; longestGrowthRangeHours: number | null; toleranceHours: number },
): TChannelVerdict {
  if (figures.coverage < 0.9) return 'insufficientData';
  const stagnant = figures.missedFlushes > 0;
  const tooLongWarm = figures.longestGrowthRangeHours !== null && figures.longestGrowthRangeHours > figures.toleranceHours;
  switch (test) {
    case 'continuous':
      return figures.readingsOutsideLimit > 0 || stagnant || figures.failedFlushes > 0 ? 'deviations' : 'compliant';
    case 'runningTest':
      return figures.failedFlushes > 0 || stagnant || tooLongWarm ? 'deviations' : 'compliant';
    case 'growthRange':
      return stagnant || tooLongWarm ? 'deviations' : 'noLimit';
    case 'none':
      return stagnant ? 'deviations' : 'noLimit';
  }
}

/** Whether a reading is in the growth range (re-exported for the judging's symmetry). */
export { inGrowthRange };
