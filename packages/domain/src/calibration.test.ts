import { describe, expect, it } from 'vitest';
import {
  CALIBRATION_MESSAGE,
  calibrationWindowLeftMs,
  minutesSecondsText,
  calibrationOffset,
  calibrationRefusal,
  checkOffsetInput,
  checkReferenceInput,
  offsetRefusal,
  parseDecimal,
  sameReading,
  ZChannelCalibration,
  ZChannelOffsetPatch,
} from './calibration';
import { issuesToFields } from './validation/issues';

const NOW = Date.parse('2026-03-10T10:00:00.000Z');

describe('calibrationRefusal (docs/calibration.md: above -100, no older than 120000 ms)', () => {
  it.each<[string, number | null, number | null, string | null]>([
    ['fresh, normal reading', 59.5, 0, null],
    ['exactly 120000 ms old: still accepted', 59.5, 120_000, null],
    ['120001 ms old: refused', 59.5, 120_001, CALIBRATION_MESSAGE.readingTooOld],
    ['119999 ms old', 59.5, 119_999, null],
    ['an hour old', 59.5, 3_600_000, CALIBRATION_MESSAGE.readingTooOld],
    ['stamped 5 s in the future (clock skew) counts as fresh', 59.5, -5_000, null],
    ['-99.9: a cold but working sensor', -99.9, 0, null],
    ['exactly -100: refused', -100, 0, CALIBRATION_MESSAGE.checkSensor],
    ['-100.1', -100.1, 0, CALIBRATION_MESSAGE.checkSensor],
    ['-102.4, no sensor', -102.4, 0, CALIBRATION_MESSAGE.checkSensor],
    ['broken and old: the sensor is named first', -102.4, 600_000, CALIBRATION_MESSAGE.checkSensor],
    ['never a reading', null, null, CALIBRATION_MESSAGE.noReading],
  ])('%s', (_what, value, ageMs, key) => {
    const refusal = calibrationRefusal({ channelId: 'temperature2', value, measuredAtMs: ageMs === null ? null : NOW - ageMs }, NOW);
    expect(refusal?.key ?? null).toBe(key);
    if (refusal) expect(refusal.params.channel).toBe(2);
  });

  it('the old-reading refusal names the window in minutes and the time of the reading', () => {
    const measuredAtMs = NOW - 180_000;
    expect(calibrationRefusal({ channelId: 'temperature1', value: 60, measuredAtMs }, NOW)).toEqual({
      key: CALIBRATION_MESSAGE.readingTooOld,
      params: { channel: 1, minutes: 2, measuredAt: '2026-03-10T09:57:00.000Z' },
    });
  });
});

describe('calibrationOffset: calibrated - measured, rounded to 0.1 half away from zero', () => {
  it.each<[number, number, number]>([
    [60, 59.5, 0.5],
    [59.5, 60, -0.5],
    [60, 60, 0],
    [60.25, 59.5, 0.8],
    [59.5, 60.25, -0.8],
    [60.15, 60.1, 0.1], // 0.0499999... in binary: still half, rounds away from zero
    [60.1, 60.15, -0.1],
    [60.14, 60.1, 0],
    [60.1, 60.14, 0], // never -0
    [12.3, 2.1, 10.2],
    [-5, -4.2, -0.8],
  ])('%s - %s = %s', (calibrated, measured, offset) => {
    expect(Object.is(calibrationOffset(calibrated, measured), offset)).toBe(true);
  });
});

describe('offsetRefusal: at most 10 °C either way', () => {
  it.each<[number, boolean]>([
    [10, false],
    [-10, false],
    [10.1, true],
    [-10.1, true],
    [0, false],
  ])('%s -> refused %s', (offset, refused) => {
    expect(offsetRefusal(offset) !== null).toBe(refused);
  });
});

describe('parseDecimal: a comma is a decimal separator', () => {
  it.each<[string, number]>([
    ['59,5', 59.5],
    ['59.5', 59.5],
    [' 60 ', 60],
    ['-0,3', -0.3],
    ['+1,5', 1.5],
    [',5', 0.5],
    ['60,', 60],
    ['', Number.NaN],
    ['abc', Number.NaN],
    ['5,5,5', Number.NaN],
    ['1e3', Number.NaN],
    ['1.000,5', Number.NaN],
  ])('%j -> %s', (text, value) => {
    expect(parseDecimal(text)).toBe(value);
  });
});

describe('the dialog fields', () => {
  it.each<[string, number | string]>([
    ['', 'validation.required'],
    ['  ', 'validation.required'],
    ['zestig', 'validation.number'],
    ['59,5', 59.5],
    ['60,25', 60.25],
    ['60,255', 'validation.decimals?N=2'],
    ['-100', -100],
    ['-99,9', -99.9],
    ['-100,1', 'validation.range?min=-100&max=150'],
    ['150', 150],
    ['150,01', 'validation.range?min=-100&max=150'],
  ])('reference %j -> %s', (text, expected) => {
    const result = checkReferenceInput(text);
    expect('value' in result ? result.value : result.error).toBe(expected);
  });

  it.each<[string, number | string]>([
    ['', 'validation.required'],
    ['0,3', 0.3],
    ['-10', -10],
    ['10', 10],
    ['10,1', 'validation.range?min=-10&max=10'],
    ['-10,1', 'validation.range?min=-10&max=10'],
    ['0,25', 'validation.decimals?N=1'],
    ['-0', 0],
  ])('offset %j -> %s', (text, expected) => {
    const result = checkOffsetInput(text);
    expect('value' in result ? result.value : result.error).toBe(expected);
  });
});

describe('schemas', () => {
  it.each<[unknown, Record<string, string> | null]>([
    [{ calibrated: 60, offset: 0.5, measured: 59.5 }, null],
    [{ offset: 0.5, measured: 59.5 }, { calibrated: 'validation.required' }],
    [{ calibrated: 151, offset: 0.5, measured: 59.5 }, { calibrated: 'validation.range?min=-100&max=150' }],
    [{ calibrated: 60 }, { offset: 'validation.required', measured: 'validation.required' }],
    [{ calibrated: '60', offset: 0, measured: 60 }, { calibrated: 'validation.number' }],
  ])('POST body %j', (body, fields) => {
    const parsed = ZChannelCalibration.safeParse(body);
    expect(parsed.success ? null : issuesToFields(parsed.error.issues)).toEqual(fields);
  });

  it.each<[unknown, Record<string, string> | null]>([
    [{ offset: 0.5 }, null],
    [{ offset: -10 }, null],
    [{ offset: 10.5 }, { offset: 'validation.range?min=-10&max=10' }],
    [{ offset: 0.55 }, { offset: 'validation.decimals?N=1' }],
    [{}, { offset: 'validation.required' }],
  ])('PATCH body %j', (body, fields) => {
    const parsed = ZChannelOffsetPatch.safeParse(body);
    expect(parsed.success ? null : issuesToFields(parsed.error.issues)).toEqual(fields);
  });
});

it.each<[number, number, boolean]>([
  [59.5, 59.5, true],
  [59.5, 59.50000001, true],
  [59.5, 59.6, false],
])('sameReading(%s, %s) = %s', (a, b, same) => {
  expect(sameReading(a, b)).toBe(same);
});

describe('the freshness window left (phone calibration screen)', () => {
  const measured = Date.UTC(2026, 10, 27, 6, 0, 0);
  it.each([
    [0, 120_000],
    [45_000, 75_000],
    [119_999, 1],
    [120_000, 0],
    [120_001, 0],
    [-5_000, 120_000], // stamped in the future: age 0
  ])('%i ms after the reading: %i ms left', (after, left) => {
    expect(calibrationWindowLeftMs(measured, measured + after)).toBe(left);
  });
  it.each([
    [120_000, '2:00'],
    [75_000, '1:15'],
    [59_001, '1:00'],
    [1, '0:01'],
    [0, '0:00'],
    [-10, '0:00'],
  ])('%i ms reads %s', (ms, text) => {
    expect(minutesSecondsText(ms)).toBe(text);
  });
});
