import type { TRulebookId } from './rulebooks';

/**
 * Thermal disinfection (docs/logbook.md, "Thermal disinfection"): what each rulebook asks at every
 * hot outlet, how a disinfection is found in the traces, and whether an outlet reached it.
 *
 * - NL (Regeling annex 2, 5.1.3): 60 °C for 20 minutes, 65 °C for 10 or 70 °C for 5 (any one).
 * - DE (DVGW W 551): at least 70 °C for at least 3 minutes at every outlet.
 * - UK: compliance.md names no figure; none is judged (and none detected) until one is sourced.
 */

export interface TDisinfectionRule {
  celsius: number;
  minutes: number;
}

export const DISINFECTION_RULES: Readonly<Record<TRulebookId, readonly TDisinfectionRule[]>> = {
  NL: [
    { celsius: 60, minutes: 20 },
    { celsius: 65, minutes: 10 },
    { celsius: 70, minutes: 5 },
  ],
  UK: [],
  DE: [{ celsius: 70, minutes: 3 }],
};

/**
 * The temperature at which hot outlets rising together count as a disinfection. DE: its 70 °C. NL:
 * 65 °C, not 60: hot outlets are kept at 60 °C every day, so 60 °C for 20 minutes cannot be told from
 * normal use in the traces (record it as planned instead). null: the rulebook has no rule.
 */
export const DISINFECTION_DETECT_CELSIUS: Readonly<Record<TRulebookId, number | null>> = { NL: 65, UK: null, DE: 70 };

/** Outlets rising to the detection temperature within this many hours of the first belong to one disinfection. */
export const DISINFECTION_TOGETHER_HOURS = 6;
/** The window checked per outlet: from an hour before the first rise to this many hours after the last. */
export const DISINFECTION_AFTER_HOURS = 3;
const HOUR_MS = 3_600_000;

export interface TReading {
  /** ms since the epoch */
  at: number;
  celsius: number;
}

export interface TRun {
  from: number;
  to: number;
}

/**
 * The longest run of consecutive readings at or above `celsius`, from its first reading to its last
 * (the time proven at that temperature: a single reading proves no time), or null when none reached it.
 * Readings in time order.
 */
export function longestRunAtOrAbove(readings: readonly TReading[], celsius: number): TRun | null {
  let best: TRun | null = null;
  let start: number | null = null;
  let last = 0;
  const close = () => {
    if (start !== null && (!best || last - start > best.to - best.from)) best = { from: start, to: last };
    start = null;
  };
  for (const reading of readings) {
    if (reading.celsius >= celsius) {
      if (start === null) start = reading.at;
      last = reading.at;
    } else close();
  }
  close();
  return best;
}

export interface TOutletDisinfection {
  reached: boolean;
  /** The rule met (the first of the rulebook's that is), else the one that came closest (longest share of its minutes), null without readings. */
  rule: TDisinfectionRule | null;
  /** Minutes proven at or above the rule's temperature (0 when it was reached by one reading or not at all). */
  minutes: number;
  from: number | null;
  to: number | null;
  max: number | null;
}

/** Whether an outlet's readings in a disinfection's window meet one of the rulebook's rules (at the boundaries: 60.0 °C and 3:00 minutes count). */
export function outletDisinfection(rulebook: TRulebookId, readings: readonly TReading[]): TOutletDisinfection {
  const rules = DISINFECTION_RULES[rulebook];
  const max = readings.length ? Math.max(...readings.map((reading) => reading.celsius)) : null;
  let closest: { rule: TDisinfectionRule; run: TRun | null; share: number } | null = null;
  for (const rule of rules) {
    const run = longestRunAtOrAbove(readings, rule.celsius);
    const ms = run ? run.to - run.from : 0;
    if (run && ms >= rule.minutes * 60_000) return { reached: true, rule, minutes: round(ms / 60_000), from: run.from, to: run.to, max };
    const share = run ? ms / (rule.minutes * 60_000) : -1;
    if (!closest || share > closest.share) closest = { rule, run, share };
  }
  if (!closest || max === null) return { reached: false, rule: closest?.rule ?? null, minutes: 0, from: null, to: null, max };
  const run = closest.run;
  return { reached: false, rule: closest.rule, minutes: run ? round((run.to - run.from) / 60_000) : 0, from: run?.from ?? null, to: run?.to ?? null, max };
}

const round = (minutes: number) => Math.round(minutes * 100) / 100;

/**
 * Disinfections found in the traces of a location's hot outlets: each outlet's rises to the
 * detection temperature (a reading at or above it after one below, or the first reading), grouped
 * while each is within DISINFECTION_TOGETHER_HOURS of the group's first; a group counts when at
 * least two outlets rose in it, or the location has one hot outlet. Its window runs from an hour
 * before the first rise to DISINFECTION_AFTER_HOURS after the last. Outlets' readings in time order.
 */
export function detectDisinfections(rulebook: TRulebookId, outlets: readonly (readonly TReading[])[]): TRun[] {
  const threshold = DISINFECTION_DETECT_CELSIUS[rulebook];
  if (threshold === null || outlets.length === 0) return [];
  const rises: { at: number; outlet: number }[] = [];
  outlets.forEach((readings, outlet) => {
    let above = false;
    for (const reading of readings) {
      const now = reading.celsius >= threshold;
      if (now && !above) rises.push({ at: reading.at, outlet });
      above = now;
    }
  });
  rises.sort((a, b) => a.at - b.at || a.outlet - b.outlet);
  const needed = Math.min(2, outlets.length);
  const windows: TRun[] = [];
  for (let index = 0; index < rises.length; ) {
    const first = rises[index].at;
    let end = index;
    while (end < rises.length && rises[end].at - first <= DISINFECTION_TOGETHER_HOURS * HOUR_MS) end++;
    const group = rises.slice(index, end);
    if (new Set(group.map((rise) => rise.outlet)).size >= needed) {
      windows.push({ from: first - HOUR_MS, to: group[group.length - 1].at + DISINFECTION_AFTER_HOURS * HOUR_MS });
    }
    index = end;
  }
  // Windows that overlap are one disinfection.
  return windows.reduce<TRun[]>((merged, window) => {
    const last = merged[merged.length - 1];
    if (last && window.from <= last.to) last.to = Math.max(last.to, window.to);
    else merged.push({ ...window });
    return merged;
  }, []);
}

/** A disinfection passed when every hot outlet of the location reached it. */
export function disinfectionPassed(outlets: readonly { reached: boolean }[]): boolean {
  return outlets.length > 0 && outlets.every((outlet) => outlet.reached);
}
