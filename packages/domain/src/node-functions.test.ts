import { describe, expect, it } from 'vitest';
import { calibrationDue, channelNumber, isTemperatureChannelActive, nodeFunctions, type TNodeFunctions, type TNodeParameter } from './node-functions';

const v1 = (mode: string, enabled: number): TNodeParameter[] => [
  { register: 2, value: { logInterval: 15, measureInterval: 10, mode } },
  { register: 3, value: { enabled } },
];
const v2 = (modes: string[], enabled: number): TNodeParameter[] => [
  { register: 2, value: { inputs: modes.map((mode) => ({ mode })) } },
  { register: 3, value: { enabled } },
];
const v3 = (modes: string[]): TNodeParameter[] => [{ register: 1, value: { inputs: modes.map((mode) => ({ mode })) } }];

describe('nodeFunctions', () => {
  const cases: [string, string, TNodeParameter[] | null, TNodeFunctions][] = [
    ['V1 measuring and flushing', 'V1', v1('actual', 1), { inputs: [true], flush: true, known: true }],
    ['V1 input off, flushing off', 'V1', v1('disabled', 0), { inputs: [false], flush: false, known: true }],
    ['V2 two of three', 'V2', v2(['actual', 'disabled', 'maximum'], 1), { inputs: [true, false, true], flush: true, known: true }],
    ['V2 missing input counts as off', 'V2', v2(['average'], 0), { inputs: [true, false, false], flush: false, known: true }],
    ['V3 two inputs, never S', 'V3', [...v3(['actual', 'actual']), { register: 3, value: { enabled: 1 } }], { inputs: [true, true], flush: false, known: true }],
    ['V2 without parameters', 'V2', null, { inputs: [true, true, true], flush: false, known: false }],
    ['V1 without parameters', 'V1', [], { inputs: [true], flush: false, known: false }],
    ['unknown type', 'X9', v1('actual', 1), { inputs: [], flush: false, known: false }],
  ];
  it.each(cases)('%s', (_name, type, parameters, expected) => {
    expect(nodeFunctions(type, parameters)).toEqual(expected);
  });
});

describe('channels', () => {
  it.each([
    ['temperature1', 1],
    ['temperature3', 3],
    ['calibration12', 12],
    ['battery', null],
  ] as const)('%s has number %s', (id, number) => {
    expect(channelNumber(id)).toBe(number);
  });

  it('follows the input of the channel', () => {
    const functions = nodeFunctions('V2', v2(['actual', 'disabled', 'actual'], 0));
    expect(['temperature1', 'temperature2', 'temperature3'].map((id) => isTemperatureChannelActive(functions, id))).toEqual([true, false, true]);
    expect(isTemperatureChannelActive(nodeFunctions('V2', null), 'temperature2')).toBe(true);
  });
});

describe('calibrationDue', () => {
  const now = Date.parse('2026-06-01T00:00:00Z');
  it.each([
    [null, 2, 'never'],
    ['', 1, 'never'],
    ['2026-01-01T00:00:00Z', 1, 'ok'],
    ['2025-05-01T00:00:00Z', 1, 'due'],
    ['2025-05-01T00:00:00Z', 2, 'ok'],
    ['2024-05-01T00:00:00Z', 2, 'due'],
    ['2024-05-01T00:00:00Z', 3, 'due'],
    ['2025-05-01T00:00:00Z', null, 'due'],
  ] as const)('%s with interval %s is %s', (ts, interval, state) => {
    expect(calibrationDue(ts, interval, now)).toBe(state);
  });
  it.each([
    ['2026-01-01T00:00:00Z', 'due'],
    ['2025-05-01T00:00:00Z', 'due'],
    [null, 'never'],
  ] as const)('with possible sensor drift, last %s is %s (never calibrated stays never)', (ts, state) => {
    expect(calibrationDue(ts, 1, now, true)).toBe(state);
  });
});
