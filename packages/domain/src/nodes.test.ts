import { describe, expect, it } from 'vitest';
import { encodeDownlink } from './codec';
import { DEVICE_TYPES } from './constants';
import { registrationPresets, ZDeviceChannelPatch, ZDeviceLoraPatch } from './nodes';

type TResult = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
const issues = (result: TResult) => (result.success ? {} : Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])));

describe('registration presets (docs/nodes.md)', () => {
  it.each([
    ['V1', [{ register: 2, value: { mode: 'actual' } }, { register: 3, value: { resistanceThreshold: 0 } }]],
    ['V2', [{ register: 2, value: { inputs: [{ mode: 'actual' }, { mode: 'actual' }, { mode: 'actual' }] } }, { register: 3, value: { resistanceThreshold: 0 } }]],
    ['V3', [{ register: 1, value: { inputs: [{ mode: 'actual' }, { mode: 'actual' }] } }]],
  ] as const)('%s', (type, expected) => expect(registrationPresets(type)).toEqual(expected));

  it.each(DEVICE_TYPES)('%s presets fit one downlink of the codec', (type) => {
    expect(encodeDownlink(type, registrationPresets(type)).length).toBeGreaterThan(0);
  });
});

describe('ZDeviceLoraPatch', () => {
  it.each([
    [{}, {}],
    [{ name: 'Keuken' }, {}],
    [{ name: '  ' }, { name: 'validation.required' }],
    [{ customer: null, location: null, lora: { state: 'Stopped' } }, {}],
    [{ customer: 'Acme', location: 'Hal', lora: { state: 'Started' } }, {}],
    [{ lora: { state: 'Running' } }, { 'lora.state': 'validation.oneOf' }],
    [{ calibration: { interval: 0 } }, { 'calibration.interval': 'validation.range?min=1&max=3' }],
    [{ calibration: { interval: 4 } }, { 'calibration.interval': 'validation.range?min=1&max=3' }],
    [{ calibration: { interval: 2.5 } }, { 'calibration.interval': 'validation.integer' }],
    [{ calibration: {} }, { 'calibration.interval': 'validation.required' }],
    [{ calibration: { interval: 3 } }, {}],
    [{ flush: { minimumTemperatureDeviation: 0 } }, { 'flush.minimumTemperatureDeviation': 'validation.range?min=1&max=5' }],
    [{ flush: { minimumTemperatureDeviation: 6 } }, { 'flush.minimumTemperatureDeviation': 'validation.range?min=1&max=5' }],
    [{ flush: { minimumTemperatureDeviation: 5 } }, {}],
    [{ battery: { ts: 1_700_000_000_000, alarm: { ts: 0 } } }, {}],
    [{ battery: { alarm: { ts: 5 } } }, { 'battery.alarm.ts': 'validation.range?min=0&max=0' }],
    [{ presets: [{ register: 2, value: { mode: 'actual' } }] }, {}],
    [{ presets: [{ register: 0, value: {} }] }, { 'presets.0.register': 'validation.range?min=1&max=255' }],
  ])('%j -> %j', (body, expected) => expect(issues(ZDeviceLoraPatch.safeParse(body))).toEqual(expected));

  it("'' clears a picker (counts as null)", () => {
    expect(ZDeviceLoraPatch.parse({ gateway: '', flushDevice: ' ' })).toEqual({ gateway: null, flushDevice: null });
  });
});

describe('ZDeviceChannelPatch', () => {
  it.each([
    [{ name: 'Boiler', custom: { mode: 'WW', attachments: ['Nattouwtje'] } }, {}],
    [{ name: 'Boiler', custom: { mode: 'Meng/uittap' } }, {}],
    [{ name: '' }, { name: 'validation.required' }],
    [{ custom: { attachments: [] } }, { 'custom.mode': 'validation.required' }],
    [{ custom: { mode: 'XX', attachments: [] } }, { 'custom.mode': 'validation.oneOf' }],
    [{ custom: { mode: 'KW', attachments: ['Slang'] } }, { 'custom.attachments.0': 'validation.oneOf' }],
  ])('%j -> %j', (body, expected) => expect(issues(ZDeviceChannelPatch.safeParse(body))).toEqual(expected));

  it('attachments default to [] and lose duplicates', () => {
    expect(ZDeviceChannelPatch.parse({ custom: { mode: 'KW' } })).toEqual({ custom: { mode: 'KW', attachments: [] } });
    expect(ZDeviceChannelPatch.parse({ custom: { mode: 'KW', attachments: ['Nattouwtje', 'Nattouwtje'] } }).custom?.attachments).toEqual(['Nattouwtje']);
  });
});
