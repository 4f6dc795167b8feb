import { describe, expect, it } from 'vitest';
import { decodeDownlink, encodeDownlink } from '../codec';
import { DEVICE_TYPES } from '../constants';
import { defaultChannels } from '../devices';
import { nodeFunctions } from '../node-functions';
import { registrationPresets } from '../nodes';
import { checkRegisterValues, REGISTER_SCHEMAS, settingGroupOf, settingsOf } from '../settings';
import { PROFILES, registersOf } from './index';

/** Every profile walked through what is derived from it: codec, channels, settings rules and groups, node functions. */
describe.each(DEVICE_TYPES)('the %s profile', (type) => {
  const profile = PROFILES[type];

  it('has codec layouts and setting rules for the same registers', () => {
    expect(Object.keys(REGISTER_SCHEMAS[type]).map(Number).sort()).toEqual(registersOf(type));
  });

  it('registration presets pass the setting rules and the codec, both ways', () => {
    const presets = registrationPresets(type);
    expect(checkRegisterValues(type, presets)).toEqual({});
    const decoded = encodeDownlink(type, presets).flatMap((frame) => {
      const result = decodeDownlink(type, frame.fPort, frame.bytes);
      return result.ok ? result.registers : [];
    });
    expect(decoded).toEqual(presets);
  });

  it('registration presets make every temperature input measure', () => {
    const functions = nodeFunctions(type, registrationPresets(type));
    expect(functions.inputs).toEqual(Array.from({ length: profile.temperatureChannels }, () => true));
    expect(functions.flush).toBe(false);
  });

  it('a faucet turned on is the S function and a flush channel; no faucet, neither', () => {
    const channels = defaultChannels(type).map((channel) => channel.id);
    expect(channels.filter((id) => id.startsWith('temperature'))).toHaveLength(profile.temperatureChannels);
    expect(channels.includes('flush1')).toBe(profile.flush !== null);
    if (profile.flush) expect(nodeFunctions(type, [{ register: profile.flush.register, value: { enabled: 1 } }]).flush).toBe(true);
  });

  it('every setting of the type is in a register the type has, under a field its rules accept', () => {
    for (const setting of settingsOf(type)) {
      const register = setting.register(type);
      expect(registersOf(type)).toContain(register);
      const value = setting.kind === 'mode' ? 'actual' : setting.kind === 'flushToggle' ? 1 : setting.kind === 'overflowToggle' ? 100 : setting.rule?.min;
      expect(checkRegisterValues(type, [{ register, value: { [setting.field(type)]: value } }]), setting.id).toEqual({});
      expect(settingGroupOf(type, register, setting.field(type))).toBe(setting.group);
    }
  });
});

/** Who may change which field: the groups the parameter routes check (docs/node-settings.md). */
describe('settingGroupOf', () => {
  it.each([
    ['V1', 2, 'logInterval', 'inputs'],
    ['V1', 2, 'mode', 'inputs'],
    ['V1', 2, 'measureInterval', 'system'],
    ['V1', 1, 'sendinterval', 'system'],
    ['V1', 1, 'supply-voltage-threshold', 'system'],
    ['V1', 3, 'enabled', 'flush'],
    ['V1', 3, 'flushCycles', 'flush'],
    ['V1', 3, 'flush-periods', 'flush'],
    ['V1', 3, 'measureInterval', 'system'],
    ['V1', 3, 'valvePulseLength', 'system'],
    ['V1', 3, 'resistanceThreshold', 'system'],
    ['V2', 2, 'inputs', 'inputs'],
    ['V2', 3, 'flushStopThreshold', 'flush'],
    // Not on V2's screen (its periods count), still a flush field of the faucet's register.
    ['V2', 3, 'flushCycles', 'flush'],
    ['V2', 4, 'flush-periods', 'flush'],
    ['V3', 1, 'inputs', 'inputs'],
    ['V3', 1, 'logInterval', 'inputs'],
    ['V3', 1, 'sendInterval', 'system'],
    ['V3', 1, 'measureInterval', 'system'],
    ['V3', 1, 'calibrationDuration', 'system'],
    ['V2', 2, 'colour', 'system'],
  ] as const)('%s register %i %s -> %s', (type, register, field, group) => {
    expect(settingGroupOf(type, register, field)).toBe(group);
  });
});
