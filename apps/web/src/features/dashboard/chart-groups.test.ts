import { describe, expect, it } from 'vitest';
import type { TDashboard } from '@aquasmart/domain';
import { chartGroups, overflowTotal } from './chart-groups';

const DASHBOARD: TDashboard = {
  calibration: [
    { interval: 1, uncalibrated: 1, outOfDate: 2, calibrated: 3 },
    { interval: 2, uncalibrated: 0, outOfDate: 0, calibrated: 4 },
    { interval: 3, uncalibrated: 5, outOfDate: 0, calibrated: 0 },
  ],
  sensors: { lastWeek: 1, lastMonth: 0, moreThanAMonth: 2 },
  sensorErrors: { lastWeek: 1, lastMonth: 1, moreThanAMonth: 1 },
  batteryAlarm: { lastWeek: 0, lastMonth: 0, moreThanAMonth: 0 },
  locations: { lastDay: 1, lastTwoDays: 1, moreThanTwoDays: 1 },
  sync: { lastDay: 1, lastFiveDays: 0, moreThanFiveDays: 0 },
  flushAlarm: { lastDay: 0, lastFiveDays: 1, moreThanFiveDays: 0 },
  overflowAlarm: { lastHalfDay: 1, lastDay: 1, moreThanADay: 1 },
  type: { logger: 10, flush: 5 },
  flushesPerWeek: { once: 1, twoToSeven: 2, moreThanSeven: 3 },
  incorrectSettings: { incorrect: 2 },
  kwWwMeng: { kw: 7, ww: 8, drain: 9 },
};

describe('chartGroups', () => {
  it('one chart per group, with its list and total; alarms first, then calibration', () => {
    const groups = chartGroups(DASHBOARD);
    expect(groups.map((entry) => [entry.id, entry.list, entry.total])).toEqual([
      ['sensors', 'offlineNodes', 3],
      ['locations', 'offlineNodes', 3],
      ['sensorErrors', 'faultySensors', 3],
      ['flushAlarm', 'flushAlarms', 1],
      ['overflowAlarm', 'overflowDetections', 3],
      ['batteryAlarm', 'lowBatteries', 0],
      ['sync', 'synchronizations', 1],
      ['incorrectSettings', 'incorrectSettings', 2],
      ['calibration1', 'annualCalibrations', 6],
      ['calibration2', 'biennialCalibrations', 4],
      ['calibration3', 'triennialCalibrations', 5],
      ['flushesPerWeek', 'weeklyFlushes', 6],
      ['type', 'nodes', 15],
      ['kwWwMeng', 'nodes', 24],
    ]);
    expect(groups.find((entry) => entry.id === 'overflowAlarm')?.alarmTitle).toBe(true);
    expect(groups.every((entry) => entry.parts.every((part) => /^#[0-9a-f]{6}$/.test(part.color)))).toBe(true);
  });

  it('no calibration charts when the answer has none', () => {
    expect(chartGroups({ ...DASHBOARD, calibration: [] }).some((entry) => entry.id.startsWith('calibration'))).toBe(false);
  });

  it('the overflow total is the sum of its buckets', () => {
    expect(overflowTotal(DASHBOARD)).toBe(3);
  });
});
