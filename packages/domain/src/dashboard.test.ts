import { describe, expect, it } from 'vitest';
import { V1_PROFILE } from './device-types/v1';
import { V2_PROFILE } from './device-types/v2';
import { DAY_MS } from './constants';
import {
  batteryAlarmMs,
  bucketIndex,
  dashboardListFromSegment,
  dashboardListScreen,
  calibrationCount,
  faultyListSignal,
  FLUSH_MESSAGE_ID,
  flushAlarmMs,
  HOUR_MS,
  isOffline,
  weeklyFlushCount,
  type TBucketName,
} from './dashboard';

const MINUTE = 60_000;
const NOW = Date.UTC(2026, 5, 1, 12);

describe('bucketIndex: at or under the first bound, at or under the second, older', () => {
  it.each<[TBucketName, number | null, 0 | 1 | 2]>([
    ['month', 0, 0],
    ['month', 7 * DAY_MS - MINUTE, 0],
    ['month', 7 * DAY_MS, 0],
    ['month', 7 * DAY_MS + MINUTE, 1],
    ['month', 30 * DAY_MS, 1],
    ['month', 30 * DAY_MS + MINUTE, 2],
    ['month', null, 2],
    ['twoDays', 24 * HOUR_MS - MINUTE, 0],
    ['twoDays', 24 * HOUR_MS + MINUTE, 1],
    ['twoDays', 48 * HOUR_MS - MINUTE, 1],
    ['twoDays', 48 * HOUR_MS + MINUTE, 2],
    ['fiveDays', 24 * HOUR_MS + MINUTE, 1],
    ['fiveDays', 5 * DAY_MS - MINUTE, 1],
    ['fiveDays', 5 * DAY_MS + MINUTE, 2],
    ['day', 12 * HOUR_MS - MINUTE, 0],
    ['day', 12 * HOUR_MS + MINUTE, 1],
    ['day', 24 * HOUR_MS + MINUTE, 2],
  ])('%s, age %s ms: bucket %s', (bucket, age, expected) => {
    expect(bucketIndex(age, bucket)).toBe(expected);
  });
});

describe('offline after 6 hours', () => {
  it.each<[number | null, boolean]>([
    [NOW - 6 * HOUR_MS + MINUTE, false],
    [NOW - 6 * HOUR_MS, false],
    [NOW - 6 * HOUR_MS - MINUTE, true],
    [null, true],
    [NOW + MINUTE, false],
  ])('lora.ts %s: offline %s', (ts, expected) => {
    expect(isOffline(ts, NOW)).toBe(expected);
  });
});

describe('calibration counts: 365.2425 days yearly, 730 days for two- and three-yearly', () => {
  const YEAR = 365.2425 * DAY_MS;
  const TWO_YEARS = 63_113_904_000;
  it.each<[number | null, number, string]>([
    [null, 1, 'uncalibrated'],
    [NOW - YEAR + MINUTE, 1, 'calibrated'],
    [NOW - YEAR, 1, 'calibrated'],
    [NOW - YEAR - MINUTE, 1, 'outOfDate'],
    [NOW - YEAR - MINUTE, 2, 'calibrated'],
    [NOW - TWO_YEARS + MINUTE, 2, 'calibrated'],
    [NOW - TWO_YEARS - MINUTE, 2, 'outOfDate'],
    [NOW - TWO_YEARS + MINUTE, 3, 'calibrated'],
    [NOW - TWO_YEARS - MINUTE, 3, 'outOfDate'],
    [NOW - 1000 * DAY_MS, 3, 'outOfDate'],
  ])('last %s, interval %s: %s', (last, interval, expected) => {
    expect(calibrationCount(last, interval, NOW)).toBe(expected);
  });
  it.each<[number | null, string]>([
    [NOW - MINUTE, 'outOfDate'],
    [NOW - TWO_YEARS - MINUTE, 'outOfDate'],
    [null, 'uncalibrated'],
  ])('with possible sensor drift, last %s: %s (the spec\'s window unchanged, drift a reason more)', (last, expected) => {
    expect(calibrationCount(last, 2, NOW, true)).toBe(expected);
    expect(calibrationCount(NOW - MINUTE, 2, NOW, false)).toBe('calibrated');
  });
  // The specification's "730 days (63113904000 ms)": the figure in ms is two years of 365.2425 days (730.485 days); we use it.
  it('the two- and three-yearly window is 63,113,904,000 ms', () => expect(TWO_YEARS).toBe(2 * YEAR));
});

describe('alarm timestamps: battery in seconds, flush in milliseconds, 0 none', () => {
  it.each([
    [batteryAlarmMs(0), null],
    [batteryAlarmMs(1_700_000_000), 1_700_000_000_000],
    [flushAlarmMs(0), null],
    [flushAlarmMs(1_700_000_000_123), 1_700_000_000_123],
  ])('%s -> %s', (actual, expected) => expect(actual).toBe(expected));
});

describe('flushes per week', () => {
  it.each<[number, string | null]>([
    [0, null],
    [1, 'once'],
    [2, 'twoToSeven'],
    [7, 'twoToSeven'],
    [8, 'moreThanSeven'],
  ])('%s flushes: %s', (n, expected) => expect(weeklyFlushCount(n)).toBe(expected));
  it('the flush message id is that of V1 and V2', () => {
    expect(V1_PROFILE.messageIds.flush).toBe(FLUSH_MESSAGE_ID);
    expect(V2_PROFILE.messageIds.flush).toBe(FLUSH_MESSAGE_ID);
  });
});

describe('faulty-list signal levels 0-3', () => {
  it.each([
    [0, 0],
    [3, 3],
    [4, 3],
  ])('%s -> %s', (level, expected) => expect(faultyListSignal(level)).toBe(expected));
});

describe('list addresses', () => {
  it.each([
    ['incorrectSettings', undefined, '/dashboard/IncorrectSettings'],
    ['incorrectSettings', 'Acme & Co', '/customers/Acme%20%26%20Co/dashboard/incorrectSettings'],
    ['faultySensors', undefined, '/dashboard/faultySensors'],
  ] as const)('%s of %s: %s', (name, customer, path) => {
    expect(dashboardListScreen(name, customer)).toBe(path);
    expect(dashboardListFromSegment(path.split('/').at(-1)!)).toBe(name);
  });
  it('an unknown segment is no list', () => expect(dashboardListFromSegment('passwords')).toBeNull());
});
