import { COLD_WATER_MAX_CELSIUS, FAULTY_READING_AT_OR_BELOW, formatLocale, formatTemperature, HOT_WATER_MIN_CELSIUS } from '@aquasmart/domain';

/**
 * The display rules of the shared list cells (docs/screens.md, "Lists"; docs/nodes-screens.md, "The list"),
 * as pure functions so that they can be tested as tables of cases.
 */

/** `sync`: -1 not applicable, 0 a sync icon, other a green check. `pending`: 0 pending, other done. */
export type TSyncVariant = 'sync' | 'pending';
export type TSyncState = 'unknown' | 'notApplicable' | 'syncing' | 'synced' | 'pending' | 'done';

export function syncState(value: number | null | undefined, variant: TSyncVariant = 'sync'): TSyncState {
  if (value === null || value === undefined || Number.isNaN(value)) return 'unknown';
  if (variant === 'pending') return value === 0 ? 'pending' : 'done';
  if (value === -1) return 'notApplicable';
  if (value === 0) return 'syncing';
  return 'synced';
}

/** Signal icon levels 0-4 in the node list, 0-3 in the faulty-sensor list. */
export type TSignalScale = 3 | 4;
export type TSignalDisplay =
  | { kind: 'unknown' }
  | { kind: 'none' }
  | { kind: 'level'; level: number; max: TSignalScale };

export function signalDisplay(level: number | null | undefined, scale: TSignalScale = 4): TSignalDisplay {
  if (level === null || level === undefined || Number.isNaN(level)) return { kind: 'unknown' };
  const rounded = Math.round(level);
  if (rounded <= 0) return { kind: 'none' };
  return { kind: 'level', level: Math.min(rounded, scale), max: scale };
}

export type TTemperatureDisplay =
  | { kind: 'inactive' }
  | { kind: 'empty' }
  | { kind: 'fault' }
  | { kind: 'value'; value: number; tone: 'normal' | 'tooCold' | 'tooWarm' };

export interface TTemperatureInput {
  value: number | null | undefined;
  /** False when the channel is disabled (shows a dash). */
  active?: boolean;
  /** Channel mode: KW (cold water), WW (hot water), Meng/uittap. */
  mode?: string | null;
}

export function temperatureDisplay({ value, active = true, mode }: TTemperatureInput): TTemperatureDisplay {
  if (!active) return { kind: 'inactive' };
  if (value === null || value === undefined || Number.isNaN(value)) return { kind: 'empty' };
  if (value <= FAULTY_READING_AT_OR_BELOW) return { kind: 'fault' };
  if (mode === 'WW' && value < HOT_WATER_MIN_CELSIUS) return { kind: 'value', value, tone: 'tooCold' };
  if (mode === 'KW' && value > COLD_WATER_MAX_CELSIUS) return { kind: 'value', value, tone: 'tooWarm' };
  return { kind: 'value', value, tone: 'normal' };
}

/** `21.5 °C` with the decimal separator of the language (one decimal). */
export function formatCelsius(value: number, language: string): string {
  return formatTemperature(value, formatLocale(language));
}
