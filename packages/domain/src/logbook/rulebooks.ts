import type { CHANNEL_MODES } from '../constants';

/**
 * The rulebooks the legionella logbook judges a location by (docs/logbook.md, with sources and
 * the versions used): per rulebook the temperature limits for hot (WW) and cold (KW) water, the
 * flush duty of little-used outlets and how long the records are kept. Mixed outlets
 * ("Meng/uittap") have no temperature limit of their own. The screens that colour WW/KW values
 * at 60/25 °C and draw the 25 and 60 °C chart lines keep those figures: the rulebook only judges
 * the logbook.
 */

export const RULEBOOK_IDS = ['NL', 'UK', 'DE'] as const;
export type TRulebookId = (typeof RULEBOOK_IDS)[number];

export type TChannelMode = (typeof CHANNEL_MODES)[number];

/** A limit a reading must meet: at least (hot) or at most / below (cold). */
export interface TTemperatureLimit {
  kind: 'atLeast' | 'atMost' | 'below';
  celsius: number;
}

/**
 * What the history's pass judges readings by: a limit, or (outlets and mixed outlets, whose resting
 * readings are not held to the running-water test) "outside the growth range" (`celsius` is the
 * range's lower bound, for the kept summaries' key).
 */
export type TReadingJudging = TTemperatureLimit | { kind: 'outsideGrowthRange'; celsius: number };

export interface TRulebook {
  id: TRulebookId;
  /** Hot water at the outlets. */
  hot: TTemperatureLimit;
  /** Hot water at outlets of healthcare premises, where the rulebook asks more (UK: 55 °C). */
  hotHealthcare?: TTemperatureLimit;
  /** Cold water. */
  cold: TTemperatureLimit;
  /** An outlet unused this long must be flushed: the longest time allowed between two flushes. */
  flushEveryHours: number;
  /** The same in healthcare premises, where the rulebook asks more (UK: twice a week, 84 hours). */
  flushEveryHoursHealthcare?: number;
  /** How long the records are kept. */
  retentionYears: number;
}

export const RULEBOOKS: Readonly<Record<TRulebookId, TRulebook>> = {
  // Regeling legionellapreventie, annex 2, and NEN 1006 practice: hot at least 60, cold at most 25; weekly flushing; 3 years (Drinkwaterbesluit art. 40).
  NL: { id: 'NL', hot: { kind: 'atLeast', celsius: 60 }, cold: { kind: 'atMost', celsius: 25 }, flushEveryHours: 7 * 24, retentionYears: 3 },
  // HSG274 Part 2: hot at least 50 at outlets (55 in healthcare, HTM 04-01), cold below 20; weekly flushing of little-used outlets; 5 years.
  UK: {
    id: 'UK',
    hot: { kind: 'atLeast', celsius: 50 },
    hotHealthcare: { kind: 'atLeast', celsius: 55 },
    cold: { kind: 'below', celsius: 20 },
    flushEveryHours: 7 * 24,
    // HSG274 Part 2 / HTM 04-01: little-used outlets in healthcare twice a week.
    flushEveryHoursHealthcare: 84,
    retentionYears: 5,
  },
  // DIN 1988-200 / DVGW W 551: hot at least 55 at outlets, cold at most 25; water exchange every 72 hours (VDI/DVGW 6023); 10 years (TrinkwV 2023).
  DE: { id: 'DE', hot: { kind: 'atLeast', celsius: 55 }, cold: { kind: 'atMost', celsius: 25 }, flushEveryHours: 72, retentionYears: 10 },
};

/** The growth range: readings strictly between 25 and 50 °C (25.0 is cold enough, 50.0 hot enough). */
export const GROWTH_RANGE_CELSIUS = { above: 25, below: 50 } as const;

const COUNTRY_RULEBOOKS: readonly [TRulebookId, readonly string[]][] = [
  ['NL', ['nl', 'nederland', 'netherlands', 'the netherlands', 'holland']],
  ['UK', ['uk', 'gb', 'united kingdom', 'great britain', 'england', 'scotland', 'wales', 'northern ireland', 'verenigd koninkrijk']],
  ['DE', ['de', 'deutschland', 'germany', 'duitsland']],
];

/** A customer's default rulebook by its country as typed (case and spaces ignored); the Dutch one otherwise. */
export function rulebookForCountry(country: string | null | undefined): TRulebookId {
  const typed = (country ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  return COUNTRY_RULEBOOKS.find(([, names]) => names.includes(typed))?.[0] ?? 'NL';
}

/** The rulebook of a location: its own choice, else its customer's, else by the customer's country. */
export function effectiveRulebook(location: TRulebookId | null | undefined, customer: TRulebookId | null | undefined, customerCountry: string | null | undefined): TRulebookId {
  return location ?? customer ?? rulebookForCountry(customerCountry);
}

/** The limit a channel's readings must meet; null for a mixed outlet, which has none. */
export function temperatureLimit(rulebook: TRulebookId, mode: TChannelMode, healthcare = false): TTemperatureLimit | null {
  const book = RULEBOOKS[rulebook];
  if (mode === 'WW') return (healthcare && book.hotHealthcare) || book.hot;
  if (mode === 'KW') return book.cold;
  return null;
}

export function meetsLimit(limit: TReadingJudging, celsius: number): boolean {
  switch (limit.kind) {
    case 'outsideGrowthRange':
      return !inGrowthRange(celsius);
    case 'atLeast':
      return celsius >= limit.celsius;
    case 'atMost':
      return celsius <= limit.celsius;
    case 'below':
      return celsius < limit.celsius;
  }
}

export function inGrowthRange(celsius: number): boolean {
  return celsius > GROWTH_RANGE_CELSIUS.above && celsius < GROWTH_RANGE_CELSIUS.below;
}

/**
 * Whether a flush proved itself: the temperature just after it meets the channel's limit (hot
 * reached, cold came down). A mixed outlet has no limit: its flush proves nothing either way (null).
 */
export function flushProved(rulebook: TRulebookId, mode: TChannelMode, afterCelsius: number, healthcare = false): boolean | null {
  const limit = temperatureLimit(rulebook, mode, healthcare);
  return limit ? meetsLimit(limit, afterCelsius) : null;
}

/**
 * The stretches of a period in which the flush duty was missed: more than the rulebook's hours
 * between two flushes (or between the period's start or end and the nearest flush). Times in ms.
 */
export function missedFlushes(rulebook: TRulebookId, flushTimes: readonly number[], from: number, to: number, healthcare = false): { from: number; to: number }[] {
  const book = RULEBOOKS[rulebook];
  const limit = ((healthcare && book.flushEveryHoursHealthcare) || book.flushEveryHours) * 3_600_000;
  const times = [from, ...flushTimes.filter((time) => time >= from && time <= to).sort((a, b) => a - b), to];
  const missed: { from: number; to: number }[] = [];
  for (let index = 1; index < times.length; index++) {
    if (times[index] - times[index - 1] > limit) missed.push({ from: times[index - 1], to: times[index] });
  }
  return missed;
}

/** Records must be kept until this date (the period's end plus the rulebook's years). */
export function keepUntil(rulebook: TRulebookId, periodEnd: Date): Date {
  const until = new Date(periodEnd.getTime());
  until.setUTCFullYear(until.getUTCFullYear() + RULEBOOKS[rulebook].retentionYears);
  return until;
}

/** A channel's readings are enough to judge when at least this share of the expected readings is present. */
export const MINIMUM_COVERAGE = 0.9;

export type TVerdict = 'compliant' | 'deviations' | 'insufficientData';

/**
 * A channel's verdict over a period: too few readings to judge (coverage below 90 %), else
 * deviations when a reading missed the limit, the flush duty was missed or a flush did not prove
 * itself (the water after it missed the limit: a deviation to follow up), else compliant.
 */
export function channelVerdict(figures: { coverage: number; readingsOutsideLimit: number; missedFlushes: number; failedFlushes: number }): TVerdict {
  if (figures.coverage < MINIMUM_COVERAGE) return 'insufficientData';
  return figures.readingsOutsideLimit > 0 || figures.missedFlushes > 0 || figures.failedFlushes > 0 ? 'deviations' : 'compliant';
}

/** A location's verdict: its worst channel (no channels: insufficient data). */
export function locationVerdict(verdicts: readonly (TVerdict | 'noLimit')[]): TVerdict {
  if (verdicts.includes('deviations')) return 'deviations';
  if (verdicts.length === 0 || verdicts.includes('insufficientData')) return 'insufficientData';
  return 'compliant';
}
