import { describe, expect, it } from 'vitest';
import { calibrated, nextBatteryAlarmTs, nextFlushAlarmTs } from './alarms';
import { signalLevel } from './signal-level';
import { EARLIEST_PLAUSIBLE_MS, FUTURE_TOLERANCE_MS, messageMs, receptionMs } from './event-time';
import { hasIncorrectSettings, matchesExpected, syncOf } from './settings-match';

describe('signal level from RSSI and SNR (docs/telemetry.md)', () => {
  it.each([
    [-60, 10, 4],
    [-85, 0, 4],
    [-85.5, 0, 3],
    [-95, 0, 3],
    [-100, 0, 2],
    [-105, 0, 2],
    [-112, 0, 1],
    [-113, 0, 0],
    [-80, -5, 4],
    [-80, -5.5, 3],
    [-110, -12, 0],
    [-113, -12, 0],
    [undefined, undefined, 0],
  ])('rssi %s, snr %s -> %i', (rssi, snr, level) => {
    expect(signalLevel(rssi, snr)).toBe(level);
  });
});

describe('battery alarm (ts in seconds, 0 = none)', () => {
  const at = Date.UTC(2026, 10, 20, 12, 0, 0, 750);
  it.each([
    ['below the threshold raises it at the reading (seconds)', 0, 3.05, 3.1, Math.floor(at / 1000)],
    ['at the threshold: no alarm', 0, 3.1, 3.1, 0],
    ['above: no alarm', 0, 3.6, 3.1, 0],
    ['a raised alarm keeps its time', 1_700_000_000, 2.9, 3.1, 1_700_000_000],
    ['a raised alarm stays when the voltage recovers (cleared by a battery swap)', 1_700_000_000, 3.6, 3.1, 1_700_000_000],
  ])('%s', (_what, current, voltage, threshold, expected) => {
    expect(nextBatteryAlarmTs(current, voltage, threshold, at)).toBe(expected);
  });

  it.each([
    ['a low reading measured before the swap (arriving late) does not raise it again', at + 1, 0],
    ['a low reading measured at the swap raises it', at, Math.floor(at / 1000)],
    ['a low reading after the swap raises it', at - 60_000, Math.floor(at / 1000)],
    ['a low reading a minute before the swap (the old battery) does not raise it', at + 60_000, 0],
  ])('%s', (_what, swappedMs, expected) => {
    expect(nextBatteryAlarmTs(0, 2.9, 3.1, at, swappedMs)).toBe(expected);
  });

});

describe('flush alarm (ts in milliseconds, 0 = none)', () => {
  const at = 1_795_000_000_000;
  it.each([
    ['moved 0.5 °C, minimum 2: alarm at the flush', 0, 30, 30.5, 2, at],
    ['cooled by 0.4 °C (cold line), minimum 1: alarm', 0, 20, 19.6, 1, at],
    ['moved exactly the minimum: no alarm', 0, 30, 32, 2, 0],
    ['moved 25 °C: no alarm', 0, 30, 55, 2, 0],
    ['a good flush does not clear an alarm', at - 1000, 30, 55, 2, at - 1000],
    ['a later failing flush moves the alarm to it', at - 1000, 30, 30.1, 2, at],
    ['no sensor: no judgement', 0, -102.4, -102.4, 2, 0],
  ])('%s', (_what, current, before, after, minimum, expected) => {
    expect(nextFlushAlarmTs(current, before, after, minimum, at)).toBe(expected);
  });
});

describe('calibration offset', () => {
  it.each([
    [58.2, 0.5, 58.7],
    [14.9, -0.3, 14.6],
    [-102.4, 0.5, -102.4],
    [-100, 0.5, -100],
    [0.1, 0.2, 0.3],
  ])('%s with offset %s is %s', (raw, offset, value) => {
    expect(calibrated(raw, offset)).toBe(value);
  });
});

describe('settings: matching, sync and incorrect settings', () => {
  it.each([
    [{ flushtime: 5 }, { flushtime: 5, enabled: 1 }, true],
    [{ flushtime: 5 }, { flushtime: 3 }, false],
    [{ 'supply-voltage-threshold': 3.1 }, { 'supply-voltage-threshold': 3.1000000001 }, true],
    [{ inputs: [{ mode: 'actual' }, { mode: 'maximum' }] }, { inputs: [{ mode: 'actual', lowAlarm: 55 }, { mode: 'maximum', lowAlarm: 1 }] }, true],
    [{ inputs: [{ mode: 'actual' }] }, { inputs: [{ mode: 'actual' }, { mode: 'actual' }] }, false],
    [{ enabled: true }, { enabled: 1 }, true],
    [{ flushtime: 5 }, null, false],
  ])('expected %j vs reported %j: %s', (expected, reported, result) => {
    expect(matchesExpected(expected, reported)).toBe(result);
  });

  it.each([
    [[], -1],
    [[{ register: 1, value: {}, status: 'saved', reported: {} }], 1],
    [[{ register: 1, value: {}, status: 'saved', reported: {} }, { register: 3, value: {}, status: 'pending', reported: null }], 0],
  ])('sync of %j is %i', (parameters, sync) => {
    expect(syncOf(parameters)).toBe(sync);
  });

  const saved = { register: 2, value: { logInterval: 15 }, status: 'saved', reported: { logInterval: 15 } };
  it.each([
    ['report equals the saved parameter', [saved], [], [{ register: 2, value: { logInterval: 15 } }], false],
    ['saved parameter differs from its report', [{ ...saved, reported: { logInterval: 60 } }], [], [{ register: 2, value: { logInterval: 60 } }], true],
    ['a pending parameter is not judged', [{ ...saved, status: 'pending', reported: { logInterval: 60 } }], [], [{ register: 2, value: { logInterval: 60 } }], false],
    ['report differs from the presets (no parameter)', [], [{ register: 3, value: { resistanceThreshold: 0 } }], [{ register: 3, value: { resistanceThreshold: 100 } }], true],
    ['report matches the presets', [], [{ register: 3, value: { resistanceThreshold: 0 } }], [{ register: 3, value: { resistanceThreshold: 0, flushtime: 3 } }], false],
    ['a saved parameter wins over the preset', [{ register: 3, value: { resistanceThreshold: 100 }, status: 'saved', reported: { resistanceThreshold: 100 } }], [{ register: 3, value: { resistanceThreshold: 0 } }], [{ register: 3, value: { resistanceThreshold: 100 } }], false],
  ])('%s -> %s', (_what, parameters, presets, report, incorrect) => {
    expect(hasIncorrectSettings(parameters, presets, report)).toBe(incorrect);
  });
});

describe('reception and history times: the network\'s clock within 2015 .. now + 1 day, else the server\'s', () => {
  const now = Date.UTC(2026, 10, 20, 12, 0, 0);
  const stored = now - 2_000;
  it.each([
    ['a gateway time of now', now, now],
    ['the first instant of 2015', EARLIEST_PLAUSIBLE_MS, EARLIEST_PLAUSIBLE_MS],
    ['just before 2015', EARLIEST_PLAUSIBLE_MS - 1, stored],
    ['exactly a day ahead', now + FUTURE_TOLERANCE_MS, now + FUTURE_TOLERANCE_MS],
    ['just over a day ahead', now + FUTURE_TOLERANCE_MS + 1, stored],
    ['9999-12-31', Date.UTC(9999, 11, 31), stored],
    ['1970-01-01', 0, stored],
  ])('reception: %s', (_what, reported, expected) => {
    expect(receptionMs(reported, stored, now)).toBe(expected);
  });

  it.each([
    ['a plausible measuring time', now / 1000 - 60, now - 60_000],
    ['a day ahead', (now + FUTURE_TOLERANCE_MS) / 1000, now + FUTURE_TOLERANCE_MS],
    ['over a day ahead', (now + FUTURE_TOLERANCE_MS) / 1000 + 1, stored],
    ['before 2015', EARLIEST_PLAUSIBLE_MS / 1000 - 1, stored],
  ])('history: %s', (_what, timestamp, expected) => {
    expect(messageMs({ kind: 'battery', msgId: 40, timestamp, voltage: 3.5 }, stored, now)).toBe(expected);
  });
});
