import type { SeededRandom } from '../random';
import { DAY_MS, HOUR_MS, round } from '../random';
import type { TChannelMode } from './types';

/**
 * Water temperatures, shaped like the demo history (apps/server/src/demo/history.ts): hot-water
 * loops near 60 °C with a morning and an evening dip when water is drawn, cold lines near
 * 15 °C drifting slowly over days and over the day, mixed taps in between. Stagnant water at a
 * tap drifts towards the building's temperature; a flush brings the line's temperature back.
 */

/** Local (Dutch winter) hour of the day, 0-24. */
export function localHour(atMs: number): number {
  return (((atMs + HOUR_MS) % DAY_MS) + DAY_MS) % DAY_MS / HOUR_MS;
}

/** The hot-water draw dips of a day: -5.5 °C around 7:30, -3 °C around 19:00. */
function drawDip(hour: number): number {
  return -5.5 * Math.exp(-((hour - 7.5) ** 2) / 1.5) - 3 * Math.exp(-((hour - 19) ** 2) / 2.5);
}

/** The line's temperature at a moment, without noise. */
export function lineTemperature(mode: TChannelMode, base: number, phase: number, atMs: number): number {
  const hour = localHour(atMs);
  const dayAngle = (2 * Math.PI * hour) / 24;
  switch (mode) {
    case 'WW':
      return base + Math.sin(dayAngle + phase) + drawDip(hour);
    case 'KW':
      return base + 1.5 * Math.sin((2 * Math.PI * atMs) / (9 * DAY_MS) + phase) + 1.2 * Math.sin((2 * Math.PI * (hour - 9)) / 24);
    case 'Meng/uittap':
      return base + 2.5 * Math.sin(dayAngle + phase);
  }
}

const NOISE: Record<TChannelMode, number> = { WW: 0.25, KW: 0.15, 'Meng/uittap': 0.6 };

/** One reading in °C with one decimal. */
export function reading(mode: TChannelMode, base: number, phase: number, atMs: number, rng: SeededRandom): number {
  return round(lineTemperature(mode, base, phase, atMs) + rng.noise(NOISE[mode]), 1);
}

/** How fast water standing at the tap takes the building's temperature. */
export const STAGNATION_HOURS = 4;

/** The temperature at the tap after the water stood still since `stillSinceMs`. */
export function stagnantTemperature(line: number, ambient: number, stillSinceMs: number, atMs: number): number {
  const hours = Math.max(0, atMs - stillSinceMs) / HOUR_MS;
  return ambient + (line - ambient) * Math.exp(-hours / STAGNATION_HOURS);
}
