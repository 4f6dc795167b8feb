/**
 * The logbook's figures from day summaries (docs/logbook.md, "Speed"). A period's readings are read
 * as UTC days (or parts of a day at the period's ends); each day is summarised on its own and the
 * days are stitched here in time order into what one pass over the whole period would give: a gap,
 * an excursion or a run of faulty readings may start on one day and end days later.
 * Instants are milliseconds since the epoch.
 */

export interface TClosedRun {
  from: number;
  to: number;
}

export interface TRun {
  from: number;
  /** null: still going at the day's end. */
  to: number | null;
}

export interface TFaultyRun extends TRun {
  /** The run holds the day's first reading, so it continues a run still going at the previous day's end. */
  continues: boolean;
}

/** One channel's valid (above the faulty bound) and faulty readings of one day. */
export interface TChannelDaySummary {
  readings: number;
  faulty: number;
  sum: number;
  min: number | null;
  max: number | null;
  judged: number;
  outside: number;
  /**
   * Seconds in the growth range counted by readings that have a next valid reading on the same day
   * at most the gap bound later (a reading before a gap counts nothing: a gap is not time in a band).
   */
  growthInnerSeconds: number;
  first: number | null;
  last: number | null;
  lastInGrowthRange: boolean;
  /** Gaps longer than the gap bound between valid readings of the day. */
  gaps: TClosedRun[];
  /** The readings outside the limit before the day's first reading within it (to: that reading; null: none within). */
  excursionLead: TRun | null;
  /** Every excursion that starts after a reading within the limit and ends the same day, in time order. */
  excursionsInner: TClosedRun[];
  /** Start of the excursion after a reading within the limit that is still going at the day's end. */
  excursionTrail: number | null;
  faultyRuns: TFaultyRun[];
}

/** A node's messages (of any kind) of one day. */
export interface TNodeDaySummary {
  first: number | null;
  last: number | null;
  gaps: TClosedRun[];
}

export const EMPTY_CHANNEL_DAY: TChannelDaySummary = {
  readings: 0,
  faulty: 0,
  sum: 0,
  min: null,
  max: null,
  judged: 0,
  outside: 0,
  growthInnerSeconds: 0,
  first: null,
  last: null,
  lastInGrowthRange: false,
  gaps: [],
  excursionLead: null,
  excursionsInner: [],
  excursionTrail: null,
  faultyRuns: [],
};

export const EMPTY_NODE_DAY: TNodeDaySummary = { first: null, last: null, gaps: [] };

export interface TStitchedChannel {
  readings: number;
  faultyReadings: number;
  min: number | null;
  mean: number | null;
  max: number | null;
  judged: number;
  outside: number;
  growthRangeHours: number;
  gaps: TClosedRun[];
  /** The longest excursion outside the limit (ties: the earliest); to is the period's end when still going. */
  excursion: TClosedRun | null;
  /** Every excursion outside the limit in time order (the last one ends at the period's end when still going). */
  excursions: TClosedRun[];
  faultyRuns: TRun[];
}

/** The gaps between valid readings, at the period's ends and across days (open: the last runs to null instead of the end). */
function stitchGaps(days: readonly { first: number | null; last: number | null; gaps: readonly TClosedRun[] }[], start: number, end: number, gapMs: number, openEnd: boolean): TRun[] {
  const gaps: TRun[] = [];
  let previousLast: number | null = null;
  for (const day of days) {
    if (day.first === null || day.last === null) continue;
    if (previousLast === null) {
      if (day.first - start > gapMs) gaps.push({ from: start, to: day.first });
    } else if (day.first - previousLast > gapMs) gaps.push({ from: previousLast, to: day.first });
    gaps.push(...day.gaps);
    previousLast = day.last;
  }
  if (previousLast === null) gaps.push({ from: start, to: openEnd ? null : end });
  else if (end - previousLast > gapMs) gaps.push({ from: previousLast, to: openEnd ? null : end });
  return gaps;
}

/** One channel's figures over the period from its day summaries in time order (days without readings may be left out). */
export function stitchChannelDays(days: readonly TChannelDaySummary[], start: number, end: number, gapMs: number): TStitchedChannel {
  let readings = 0;
  let faulty = 0;
  let sum = 0;
  let min: number | null = null;
  let max: number | null = null;
  let judged = 0;
  let outside = 0;
  let growthSeconds = 0;
  const withReadings = days.filter((day) => day.readings > 0);

  withReadings.forEach((day, index) => {
    readings += day.readings;
    sum += day.sum;
    min = min === null || (day.min !== null && day.min < min) ? day.min : min;
    max = max === null || (day.max !== null && day.max > max) ? day.max : max;
    judged += day.judged;
    outside += day.outside;
    growthSeconds += day.growthInnerSeconds;
    // The day's last reading counts until the next valid reading (on a later day) or the period's end,
    // unless that is a gap (longer than the gap bound): a gap is not time in the growth range.
    if (day.lastInGrowthRange && day.last !== null) {
      const next = withReadings[index + 1]?.first ?? end;
      if (next - day.last <= gapMs) growthSeconds += (next - day.last) / 1000;
    }
  });
  for (const day of days) faulty += day.faulty;

  const excursions: TClosedRun[] = [];
  const consider = (from: number, to: number) => {
    excursions.push({ from, to });
  };
  let outsideSince: number | null = null;
  for (const day of withReadings) {
    if (day.excursionLead) {
      if (day.excursionLead.to === null) {
        outsideSince ??= day.excursionLead.from;
      } else {
        consider(outsideSince ?? day.excursionLead.from, day.excursionLead.to);
        outsideSince = null;
      }
    } else if (outsideSince !== null && day.first !== null && day.judged > 0) {
      // The day opens within the limit: the excursion carried over ended at its first reading.
      consider(outsideSince, day.first);
      outsideSince = null;
    }
    for (const inner of day.excursionsInner) consider(inner.from, inner.to);
    if (day.excursionTrail !== null) outsideSince = day.excursionTrail;
  }
  if (outsideSince !== null) consider(outsideSince, end);
  // The longest, ties the earliest (the list is in time order).
  const excursion = excursions.reduce<TClosedRun | null>((longest, run) => (longest === null || run.to - run.from > longest.to - longest.from ? run : longest), null);

  const faultyRuns: TRun[] = [];
  let faultySince: number | null = null;
  for (const day of days) {
    if (day.readings === 0 && day.faultyRuns.length === 0) continue;
    const [firstRun] = day.faultyRuns;
    if (faultySince !== null && !firstRun?.continues && day.first !== null) {
      // The day's first reading is a valid one: the faulty run carried over ended there.
      faultyRuns.push({ from: faultySince, to: day.first });
      faultySince = null;
    }
    for (const run of day.faultyRuns) {
      const from: number = run.continues && faultySince !== null ? faultySince : run.from;
      faultySince = null;
      if (run.to === null) faultySince = from;
      else faultyRuns.push({ from, to: run.to });
    }
  }
  if (faultySince !== null) faultyRuns.push({ from: faultySince, to: null });

  return {
    readings,
    faultyReadings: faulty,
    min,
    mean: readings > 0 ? sum / readings : null,
    max,
    judged,
    outside,
    growthRangeHours: growthSeconds / 3600,
    gaps: stitchGaps(withReadings, start, end, gapMs, false) as TClosedRun[],
    excursion,
    excursions,
    faultyRuns,
  };
}

/** A node's offline stretches (no message for longer than the gap bound), the last one open (to null) when it lasts until the period's end. */
export function stitchNodeDays(days: readonly TNodeDaySummary[], start: number, end: number, gapMs: number): TRun[] {
  return stitchGaps(days, start, end, gapMs, true);
}
