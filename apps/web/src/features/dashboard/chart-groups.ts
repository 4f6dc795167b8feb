import type { TDashboard, TDashboardListName } from '@aquasmart/domain';

/**
 * The dashboard's doughnuts (docs/dashboard.md): one per group of the answer, each with the list
 * a click on it (or on a legend entry) opens. Calibration groups only for those who may see them
 * (the server answers an empty calibration list to the others).
 */
export interface TChartPart {
  /** Text key under dashboard.parts. */
  key: string;
  value: number;
  color: string;
}

export interface TChartGroup {
  /** Text key under dashboard.charts; also the test id. */
  id: string;
  list: TDashboardListName;
  parts: TChartPart[];
  total: number;
  /** The overflow chart's title turns red above 0. */
  alarmTitle?: boolean;
}

const RECENT_TO_OLD = ['#c62828', '#ef6c00', '#757575'];
const CALIBRATION: Record<string, string> = { uncalibrated: '#9e9e9e', outOfDate: '#c62828', calibrated: '#2e7d32' };
const CALIBRATION_LISTS: Record<number, TDashboardListName> = { 1: 'annualCalibrations', 2: 'biennialCalibrations', 3: 'triennialCalibrations' };

function group(id: string, list: TDashboardListName, values: Record<string, number>, colors: string[] | Record<string, string>): TChartGroup {
  const parts = Object.entries(values).map(([key, value], index) => ({
    key,
    value,
    color: Array.isArray(colors) ? colors[index % colors.length] : colors[key],
  }));
  return { id, list, parts, total: parts.reduce((sum, part) => sum + part.value, 0) };
}

/**
 * In the order a planner reads them (offline, broken, flush failed, water, then the
 * calibrations due), then the fleet's make-up.
 */
export function chartGroups(dashboard: TDashboard): TChartGroup[] {
  return [
    group('sensors', 'offlineNodes', dashboard.sensors, RECENT_TO_OLD),
    group('locations', 'offlineNodes', dashboard.locations, RECENT_TO_OLD),
    group('sensorErrors', 'faultySensors', dashboard.sensorErrors, RECENT_TO_OLD),
    group('flushAlarm', 'flushAlarms', dashboard.flushAlarm, RECENT_TO_OLD),
    { ...group('overflowAlarm', 'overflowDetections', dashboard.overflowAlarm, RECENT_TO_OLD), alarmTitle: true },
    group('batteryAlarm', 'lowBatteries', dashboard.batteryAlarm, RECENT_TO_OLD),
    group('sync', 'synchronizations', dashboard.sync, ['#ef6c00', '#f9a825', '#757575']),
    group('incorrectSettings', 'incorrectSettings', dashboard.incorrectSettings, ['#c62828']),
    ...dashboard.calibration
      .filter((entry) => CALIBRATION_LISTS[entry.interval])
      .map((entry) =>
        group(`calibration${entry.interval}`, CALIBRATION_LISTS[entry.interval], { uncalibrated: entry.uncalibrated, outOfDate: entry.outOfDate, calibrated: entry.calibrated }, CALIBRATION),
      ),
    group('flushesPerWeek', 'weeklyFlushes', dashboard.flushesPerWeek, ['#90caf9', '#42a5f5', '#1565c0']),
    group('type', 'nodes', dashboard.type, ['#1976d2', '#00897b']),
    group('kwWwMeng', 'nodes', dashboard.kwWwMeng, { kw: '#1565c0', ww: '#c62828', drain: '#7b1fa2' }),
  ];
}

/** The overflow count of the dashboard: what the menu badge shows (distinct devices with an active detection). */
export function overflowTotal(dashboard: TDashboard): number {
  return dashboard.overflowAlarm.lastHalfDay + dashboard.overflowAlarm.lastDay + dashboard.overflowAlarm.moreThanADay;
}
