import {
  DISINFECTION_RULES,
  detectDisinfections,
  detectedNotPlanned,
  disinfectionPassed,
  outletDisinfection,
  type TLogbookDisinfection,
  type TReading,
  type TRulebookId,
} from '@aquasmart/domain';
import type { TDbOrTx } from '../../db/database';
import { plannedDisinfectionsIn } from '../disinfections/disinfections-repository';
import { readingsIn, type TLogbookChannelRow, type TPeriodBounds } from './logbook-repository';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const round1 = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

type TWindow = { from: number; to: number };

/** Every hot outlet that was at the location during a window, checked against the rulebook in it (outletDisinfection). */
function checkWindow(rulebook: TRulebookId, hotOutlets: readonly TLogbookChannelRow[], traces: readonly TReading[][], window: TWindow): TLogbookDisinfection['outlets'] {
  const present = hotOutlets.flatMap((channel, index) => (channel.placement.start.getTime() <= window.to && channel.placement.end.getTime() >= window.from ? [{ channel, index }] : []));
  return present.map(({ channel, index }) => {
    const result = outletDisinfection(rulebook, traces[index].filter((reading) => reading.at >= window.from && reading.at <= window.to));
    return {
      eui: channel.eui,
      nodeName: channel.nodeName,
      channelId: channel.channelId,
      channelName: channel.channelName,
      reached: result.reached,
      celsius: result.rule?.celsius ?? null,
      minutes: result.rule?.minutes ?? null,
      heldMinutes: result.minutes,
      from: result.from === null ? null : iso(result.from),
      to: result.to === null ? null : iso(result.to),
      max: round1(result.max),
    };
  });
}

const tracesOf = (hotOutlets: readonly TLogbookChannelRow[], readings: Map<string, TReading[]>) => hotOutlets.map((channel) => readings.get(`${channel.eui}/${channel.channelId}`) ?? []);

/** The windows found in the traces: on the warm UTC days only (the day summaries' maxima), 6 hours either side, merged. */
async function detectedWindows(db: TDbOrTx, rulebook: TRulebookId, hotOutlets: readonly TLogbookChannelRow[], warmDays: readonly number[], span: TPeriodBounds) {
  if (warmDays.length === 0 || hotOutlets.length === 0) return { windows: [] as TWindow[], traces: [] as TReading[][] };
  const ranges: TWindow[] = [];
  for (const day of warmDays) {
    const from = Math.max(span.start.getTime(), day - 6 * HOUR);
    const to = Math.min(span.end.getTime(), day + 30 * HOUR);
    const last = ranges[ranges.length - 1];
    if (last && from <= last.to) last.to = Math.max(last.to, to);
    else if (to > from) ranges.push({ from, to });
  }
  const traces = tracesOf(hotOutlets, await readingsIn(db, hotOutlets, ranges));
  return { windows: detectDisinfections(rulebook, traces), traces };
}

/**
 * The thermal disinfections of a location's period (docs/logbook.md, "Thermal disinfection"), in time
 * order, each checked at every hot outlet (outletDisinfection):
 * - **detected**: on the days a hot outlet reached the rulebook's detection temperature (from the day
 *   summaries), the hot outlets' readings are read (a few node-days) and disinfections found in them;
 *   nothing is read when no hot outlet got that warm;
 * - **planned**: those recorded at the location that start in the period (planned_disinfections), each
 *   window's readings read. A detected window that overlaps a planned one is the same disinfection
 *   found again: only the planned one is listed.
 * A rulebook without a rule (UK) has none of either.
 */
export async function disinfectionsOf(
  db: TDbOrTx,
  locationId: number,
  rulebook: TRulebookId,
  hotOutlets: readonly TLogbookChannelRow[],
  warmDays: readonly number[],
  span: TPeriodBounds,
): Promise<TLogbookDisinfection[]> {
  if (DISINFECTION_RULES[rulebook].length === 0) return [];
  const planned = await plannedDisinfectionsIn(db, locationId, span.start, span.end);
  const plannedWindows = planned.map((entry) => ({ from: Date.parse(entry.from), to: Date.parse(entry.to) }));
  const detected = await detectedWindows(db, rulebook, hotOutlets, warmDays, span);
  // readingsIn reads up to its ranges' ends exclusive: a planned window's last moment counts.
  const plannedTraces = plannedWindows.length && hotOutlets.length ? tracesOf(hotOutlets, await readingsIn(db, hotOutlets, plannedWindows.map((window) => ({ from: window.from, to: window.to + 1 })))) : hotOutlets.map(() => []);
  const listed = [
    ...detectedNotPlanned(detected.windows, plannedWindows).map((window) => {
      const outlets = checkWindow(rulebook, hotOutlets, detected.traces, window);
      return { source: 'detected' as const, from: iso(window.from), to: iso(window.to), passed: disinfectionPassed(outlets), outlets };
    }),
    ...planned.map((entry, index) => {
      const outlets = checkWindow(rulebook, hotOutlets, plannedTraces, plannedWindows[index]);
      return { source: 'planned' as const, from: iso(plannedWindows[index].from), to: iso(plannedWindows[index].to), passed: disinfectionPassed(outlets), outlets, note: entry.note };
    }),
  ];
  return listed.sort((a, b) => a.from.localeCompare(b.from));
}
