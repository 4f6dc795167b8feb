import { describe, expect, it } from 'vitest';
import { OFFLINE_AFTER_MS } from '../constants';
import type { TAlarmKind, TAlarmState } from './kinds';
import {
  alarmHandlingFlags,
  ALARM_REOPEN_WITHIN_MS,
  batterySwapClosesAlarm,
  faultySensorVerdict,
  flushVerdict,
  handlingFieldOf,
  isToHandle,
  lowBatteryVerdict,
  nextHandlingState,
  offlineSinceMs,
  offlineVerdict,
  reopensClosedAlarm,
  settingsNotTakenVerdict,
  temperatureAlarmLimit,
  temperatureVerdict,
  waterDetectionVerdict,
  type TConditionVerdict,
  type THandlingStep,
} from './rules';

const MINUTE = 60_000;
const NOW = Date.UTC(2026, 5, 1, 12);
const HAL = { customerId: 1, locationId: 2 };

describe('lowBatteryVerdict: below the threshold opens, threshold + 0.1 V closes, between changes nothing', () => {
  it.each<[number, TConditionVerdict]>([
    [2.9, 'present'],
    [3.09, 'present'],
    [3.1, 'unchanged'],
    [3.19, 'unchanged'],
    [3.2, 'absent'],
    [3.6, 'absent'],
  ])('%s V at threshold 3.1 -> %s', (voltage, verdict) => {
    expect(lowBatteryVerdict({ voltage, threshold: 3.1, readingMs: NOW, swappedMs: null })).toBe(verdict);
  });

  it('a reading measured before the last swap says nothing about the new battery', () => {
    expect(lowBatteryVerdict({ voltage: 2.5, threshold: 3.1, readingMs: NOW - 1, swappedMs: NOW })).toBe('unchanged');
    expect(lowBatteryVerdict({ voltage: 2.5, threshold: 3.1, readingMs: NOW, swappedMs: NOW })).toBe('present');
  });

  it.each<[number | null, boolean]>([
    [null, false],
    [NOW - 1, false],
    [NOW, false],
    [NOW + 1, true],
  ])('a swap at %s closes an alarm opened at NOW: %s', (swappedMs, closes) => {
    expect(batterySwapClosesAlarm(NOW, swappedMs)).toBe(closes);
  });
});

describe('faultySensorVerdict: at or below -100 °C', () => {
  it.each<[number, TConditionVerdict]>([
    [-102.4, 'present'],
    [-100, 'present'],
    [-99.9, 'absent'],
    [21.5, 'absent'],
  ])('%s °C -> %s', (celsius, verdict) => expect(faultySensorVerdict(celsius)).toBe(verdict));
});

describe('flushVerdict: a flush moving the temperature less than the minimum deviation is weak', () => {
  it.each<[number, number, TConditionVerdict]>([
    [40, 41.9, 'present'],
    [40, 38.1, 'present'],
    [40, 42, 'absent'],
    [40, 38, 'absent'],
    [-102.4, 42, 'unchanged'],
    [40, -100, 'unchanged'],
  ])('%s -> %s °C with minimum 2 -> %s', (before, after, verdict) => {
    expect(flushVerdict({ before, after, minimumDeviation: 2 })).toBe(verdict);
  });
});

describe('waterDetectionVerdict and settingsNotTakenVerdict follow the report', () => {
  it('detected / dry', () => {
    expect(waterDetectionVerdict(true)).toBe('present');
    expect(waterDetectionVerdict(false)).toBe('absent');
  });
  it('incorrect settings / correct', () => {
    expect(settingsNotTakenVerdict(true)).toBe('present');
    expect(settingsNotTakenVerdict(false)).toBe('absent');
  });
});

describe('offlineVerdict: more than 6 hours without a message, as the dashboard counts', () => {
  it.each<[number | null, TConditionVerdict]>([
    [null, 'unchanged'],
    [NOW - OFFLINE_AFTER_MS - 1, 'present'],
    [NOW - OFFLINE_AFTER_MS, 'absent'],
    [NOW - MINUTE, 'absent'],
  ])('last message %s -> %s', (last, verdict) => expect(offlineVerdict(last, NOW)).toBe(verdict));

  it('opens at the moment the 6 hours passed', () => expect(offlineSinceMs(NOW)).toBe(NOW + OFFLINE_AFTER_MS));
});

describe('temperatureAlarmLimit: the rulebook for WW and KW, none for a mixed outlet', () => {
  it.each<[string, string | null, boolean, number | null]>([
    ['NL', 'WW', false, 60],
    ['NL', 'KW', false, 25],
    ['UK', 'WW', true, 55],
    ['UK', 'KW', false, 20],
    ['DE', 'WW', false, 55],
    ['NL', 'Meng/uittap', false, null],
    ['NL', null, false, null],
  ])('%s %s healthcare %s -> %s', (book, mode, healthcare, celsius) => {
    expect(temperatureAlarmLimit(book as 'NL', mode, healthcare)?.celsius ?? null).toBe(celsius);
  });
});

describe('temperatureVerdict: out of range for longer than the duration', () => {
  const hot = temperatureAlarmLimit('NL', 'WW', false);
  const cold = temperatureAlarmLimit('NL', 'KW', false);
  const start = NOW - 60 * MINUTE;

  it.each<[string, number | null, number, number, number | null, TConditionVerdict]>([
    // [case, since, celsius, reading time, new since, verdict]
    ['first low WW reading starts the stretch', null, 55, NOW, NOW, 'unchanged'],
    ['exactly the duration is not longer', start, 55, NOW, start, 'unchanged'],
    ['one ms past the duration is sustained', start, 55, NOW + 1, start, 'present'],
    ['a reading at the limit ends the stretch', start, 60, NOW + 1, null, 'absent'],
    ['a faulty reading keeps the stretch', start, -102.4, NOW + 1, start, 'unchanged'],
  ])('WW: %s', (_case, since, celsius, readingMs, newSince, verdict) => {
    expect(temperatureVerdict({ outOfRangeSince: since, limit: hot, celsius, readingMs, durationMinutes: 60 })).toEqual({ outOfRangeSince: newSince, verdict });
  });

  it.each<[number, number, TConditionVerdict]>([
    [25, NOW + 1, 'absent'],
    [25.1, NOW, 'unchanged'],
    [25.1, NOW + 1, 'present'],
  ])('KW %s °C at +60 min %s -> %s', (celsius, readingMs, verdict) => {
    expect(temperatureVerdict({ outOfRangeSince: start, limit: cold, celsius, readingMs, durationMinutes: 60 }).verdict).toBe(verdict);
  });

  it('the duration is the customer’s: 15 minutes', () => {
    expect(temperatureVerdict({ outOfRangeSince: NOW - 15 * MINUTE, limit: hot, celsius: 50, readingMs: NOW, durationMinutes: 15 }).verdict).toBe('unchanged');
    expect(temperatureVerdict({ outOfRangeSince: NOW - 15 * MINUTE - 1, limit: hot, celsius: 50, readingMs: NOW, durationMinutes: 15 }).verdict).toBe('present');
  });

  it('a channel without a limit has no stretch and no alarm', () => {
    expect(temperatureVerdict({ outOfRangeSince: start, limit: null, celsius: 40, readingMs: NOW, durationMinutes: 60 })).toEqual({ outOfRangeSince: null, verdict: 'absent' });
  });
});

describe('hysteresis: a condition coming back soon after the close reopens the same alarm', () => {
  it.each<[TAlarmKind, number, TAlarmState, boolean]>([
    ['faultySensor', ALARM_REOPEN_WITHIN_MS.faultySensor, 'new', true],
    ['faultySensor', ALARM_REOPEN_WITHIN_MS.faultySensor + 1, 'new', false],
    ['lowBattery', 24 * 60 * MINUTE, 'acknowledged', true],
    ['lowBattery', 24 * 60 * MINUTE + 1, 'acknowledged', false],
    ['temperature', 60 * MINUTE, 'assigned', true],
    ['temperature', 60 * MINUTE + 1, 'assigned', false],
    ['faultySensor', MINUTE, 'resolved', false],
    ['offline', 0, 'new', true],
    ['offline', 1, 'new', false],
  ])('%s back %s ms after the close in state %s reopens: %s', (kind, after, state, reopens) => {
    expect(reopensClosedAlarm(kind, { closedAt: NOW, state, ...HAL }, { at: NOW + after, ...HAL })).toBe(reopens);
  });

  it.each<[string, { customerId: number | null; locationId: number | null }, boolean]>([
    ['the same place', HAL, true],
    ['another location of the customer', { customerId: 1, locationId: 3 }, false],
    ['another customer', { customerId: 2, locationId: 4 }, false],
  ])('an alarm closed within the window reopens at %s: %s', (_, place, reopens) => {
    expect(reopensClosedAlarm('lowBattery', { closedAt: NOW, state: 'new', ...HAL }, { at: NOW + MINUTE, ...place })).toBe(reopens);
  });
});

describe('nextHandlingState', () => {
  it.each<[TAlarmState, THandlingStep, TAlarmState | string]>([
    ['new', 'acknowledge', 'acknowledged'],
    ['acknowledged', 'acknowledge', 'errors.alarmAlreadyAcknowledged'],
    ['assigned', 'acknowledge', 'errors.alarmAlreadyAcknowledged'],
    ['resolved', 'acknowledge', 'errors.alarmAlreadyResolved'],
    ['new', 'assign', 'assigned'],
    ['acknowledged', 'assign', 'assigned'],
    ['assigned', 'assign', 'assigned'],
    ['resolved', 'assign', 'errors.alarmAlreadyResolved'],
    ['new', 'resolve', 'resolved'],
    ['assigned', 'resolve', 'resolved'],
    ['resolved', 'resolve', 'errors.alarmAlreadyResolved'],
    ['new', 'comment', 'new'],
    ['resolved', 'comment', 'resolved'],
  ])('%s + %s -> %s', (state, step, expected) => {
    const next = nextHandlingState(state, step);
    expect(next.ok ? next.state : next.key).toBe(expected);
  });
});

describe('handling rights and the to-handle list', () => {
  it('water detections need their own right', () => {
    expect(handlingFieldOf('waterDetection')).toBe('alarm.handle.waterDetection');
    expect(handlingFieldOf('flushAlarm')).toBe('alarm.handle');
  });
  it.each<[TAlarmKind, string[]]>([
    ['temperature', ['editNode', 'calibration']],
    ['flushAlarm', ['editNode', 'calibration']],
    ['gatewayOffline', ['editNode', 'calibration']],
    ['waterDetection', ['overflowDetection']],
  ])('%s is handled by %j (the catalogue)', (kind, flags) => {
    expect(alarmHandlingFlags(kind)).toEqual(flags);
  });
  it.each<[TAlarmState, string | null, boolean]>([
    ['resolved', '2026-06-01T00:00:00.000Z', false],
    ['resolved', null, true],
    ['new', '2026-06-01T00:00:00.000Z', true],
    ['assigned', null, true],
  ])('%s closed %s -> to handle %s', (state, closedAt, toHandle) => expect(isToHandle({ state, closedAt })).toBe(toHandle));
});
