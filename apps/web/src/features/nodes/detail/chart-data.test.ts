import { describe, expect, it } from 'vitest';
import {
  activeTemperatureChannels,
  addDays,
  chartConditions,
  chartMessageIds,
  clampDay,
  dayStart,
  END_OF_DAY_SECONDS,
  pointCount,
  rangeSeconds,
  rowsToSeries,
  shortcutOf,
  shortcutRange,
  type TRangeShortcut,
} from './chart-data';

// Wednesday 15 July 2026, 09:30 local time.
const NOW = new Date(2026, 6, 15, 9, 30);
const midnight = (y: number, m: number, d: number) => new Date(y, m - 1, d).getTime() / 1000;

describe('range shortcuts (docs/nodes-screens.md, "Chart")', () => {
  it.each<[TRangeShortcut, string, string]>([
    ['thisWeek', '2026-07-08', '2026-07-15'],
    ['lastWeek', '2026-07-01', '2026-07-08'],
    ['thisMonth', '2026-06-14', '2026-07-15'],
    ['lastMonth', '2026-05-14', '2026-06-14'],
  ])('%s is %s to %s', (shortcut, from, to) => {
    expect(shortcutRange(shortcut, NOW)).toEqual({ from, to });
    expect(shortcutOf({ from, to }, NOW)).toBe(shortcut);
  });

  it('crosses month and year ends', () => {
    expect(shortcutRange('lastMonth', new Date(2026, 0, 10, 0, 0))).toEqual({ from: '2025-11-09', to: '2025-12-10' });
    expect(shortcutRange('thisWeek', new Date(2026, 2, 3, 23, 59))).toEqual({ from: '2026-02-24', to: '2026-03-03' });
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('names no shortcut for a range of its own', () => {
    expect(shortcutOf({ from: '2026-07-01', to: '2026-07-15' }, NOW)).toBeNull();
  });
});

describe('the end date includes the whole day and cannot pass today', () => {
  it.each([
    ['one day', '2026-07-15', '2026-07-15', midnight(2026, 7, 15), midnight(2026, 7, 15) + 86_399],
    ['a week', '2026-07-08', '2026-07-15', midnight(2026, 7, 8), midnight(2026, 7, 15) + 86_399],
    ['over new year', '2025-12-31', '2026-01-01', midnight(2025, 12, 31), midnight(2026, 1, 1) + 86_399],
  ])('%s', (_name, from, to, fromS, toS) => {
    expect(rangeSeconds({ from, to })).toEqual({ from: fromS, to: toS });
  });

  it('is one second short of the next midnight', () => {
    const seconds = rangeSeconds({ from: '2026-07-15', to: '2026-07-15' })!;
    expect(seconds.to - seconds.from).toBe(END_OF_DAY_SECONDS);
  });

  it.each([
    ['reversed', '2026-07-16', '2026-07-15'],
    ['empty start', '', '2026-07-15'],
    ['not a date', '2026-02-30', '2026-03-01'],
  ])('refuses a %s range', (_name, from, to) => {
    expect(rangeSeconds({ from, to })).toBeNull();
  });

  it.each([
    ['2026-07-14', '2026-07-14'],
    ['2026-07-15', '2026-07-15'],
    ['2026-07-16', '2026-07-15'],
    ['2027-01-01', '2026-07-15'],
  ])('clamps %s to %s', (day, clamped) => {
    expect(clampDay(day, NOW)).toBe(clamped);
  });

  it('reads local days', () => {
    expect(dayStart('2026-07-15')?.getHours()).toBe(0);
    expect(dayStart('15-07-2026')).toBeNull();
  });
});

describe('the history request (docs/telemetry.md, "Read routes")', () => {
  it.each([
    ['V1', { temperature: 34, battery: 40, flush: 50 }],
    ['V2', { temperature: 42, battery: 40, flush: 50 }],
    ['V3', { temperature: 32, battery: 36 }],
    ['V9', null],
  ])('%s', (type, ids) => {
    expect(chartMessageIds(type)).toEqual(ids);
  });

  it('asks for the messages in the value.timestamp range', () => {
    expect(JSON.parse(chartConditions({ temperature: 42, battery: 40, flush: 50 }, { from: 100, to: 200 }))).toEqual({
      msgId: { $in: [42, 40, 50] },
      'value.timestamp': { $gte: 100, $lte: 200 },
    });
  });
});

const CHANNELS = [
  { id: 'temperature1', name: 'Warm' },
  { id: 'temperature2', name: 'Koud' },
];

describe('rows to series', () => {
  it('splits temperatures, battery and flushes, in time order, ms', () => {
    const series = rowsToSeries(
      [
        { value: { timestamp: 200, temperature1: 61.2, temperature2: 14.1, temperature3: 30 } },
        { value: { timestamp: 100, temperature1: 60.5, temperature2: 14.0 } },
        { value: { timestamp: 150, voltage: 3.581 } },
        { value: { timestamp: 160, before: 34.2, after: 60.1, channel: 1 } },
      ],
      CHANNELS,
    );
    expect(series.temperatures).toEqual([
      { id: 'temperature1', name: 'Warm', points: [[100_000, 60.5], [200_000, 61.2]] },
      { id: 'temperature2', name: 'Koud', points: [[100_000, 14.0], [200_000, 14.1]] },
    ]);
    expect(series.battery).toEqual([[150_000, 3.581]]);
    expect(series.flushes).toEqual([{ at: 160_000, before: 34.2, after: 60.1, channel: 1 }]);
    expect(pointCount(series)).toBe(4);
  });

  it.each([
    ['-100 (faulty)', -100, null],
    ['-102.4 (no sensor)', -102.4, null],
    ['-99.9', -99.9, -99.9],
    ['0', 0, 0],
  ])('a reading of %s is drawn as %s', (_name, reading, drawn) => {
    const series = rowsToSeries([{ value: { timestamp: 1, temperature1: reading } }], CHANNELS.slice(0, 1));
    expect(series.temperatures[0].points).toEqual([[1000, drawn]]);
  });

  it('skips rows without a value or a timestamp', () => {
    const series = rowsToSeries([{}, { value: null }, { value: { temperature1: 20 } }, { value: { timestamp: 'x', temperature1: 20 } }], CHANNELS);
    expect(pointCount(series)).toBe(0);
    expect(series.battery).toEqual([]);
  });

  it('shapes 62 days of 15-minute data on 3 channels quickly', () => {
    const rows = Array.from({ length: 62 * 96 }, (_unused, index) => ({
      value: { timestamp: 1_780_000_000 + index * 900, temperature1: 60, temperature2: 15, temperature3: 40 },
    }));
    const started = performance.now();
    const series = rowsToSeries(rows, [...CHANNELS, { id: 'temperature3', name: 'Meng' }]);
    expect(pointCount(series)).toBe(62 * 96 * 3);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('active channels', () => {
  const channel = (id: string, name: string) => ({ id, name, type: 'Temperatuur', value: 20, rawValue: 20, ts: 1, offset: 0, calibratedAt: null, custom: {} });
  const device = (type: string, parameters: { register: number; value: unknown }[], presets: { register: number; value: Record<string, unknown> }[] = []) => ({
    type,
    presets,
    sipp: { parameters: parameters.map((entry) => ({ ...entry, status: 'saved', reported: null, updatedAt: '' })), connector: null, diagnostics: {} },
    channels: [channel('temperature1', 'T1'), channel('temperature2', 'T2'), channel('temperature3', 'T3'), channel('battery1', 'Batterij')],
  });

  it('leaves out disabled inputs (V2 register 2)', () => {
    const node = device('V2', [{ register: 2, value: { inputs: [{ mode: 'actual' }, { mode: 'disabled' }, { mode: 'maximum' }] } }]);
    expect(activeTemperatureChannels(node).map((entry) => entry.id)).toEqual(['temperature1', 'temperature3']);
  });

  it('without parameters every channel counts as active, as in the node list (domain node-functions)', () => {
    expect(activeTemperatureChannels(device('V2', [])).map((entry) => entry.id)).toEqual(['temperature1', 'temperature2', 'temperature3']);
  });
});
