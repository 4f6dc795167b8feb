import { describe, expect, it } from 'vitest';
import { ALARM_OFF } from './rules';
import { INPUT_UNITS, isSettingOff, SETTINGS, type TSettingId } from './catalogue';

/**
 * What the settings tab and the editor write after each value (docs/node-settings.md, "Units and
 * off"): every number in its unit, a count without one; and which stored value reads "Uit".
 */
describe('the settings catalogue: units and the off value', () => {
  const UNITS: Partial<Record<TSettingId, string | undefined>> = {
    logInterval: 'min',
    flushtime: 'min',
    flushCycles: undefined,
    highTempFlushtime: 'min',
    highTempFlushdelay: 'min',
    flushStartThreshold: '°C',
    flushStopThreshold: '°C',
    sendInterval: 'h',
    supplyVoltageThreshold: 'V',
    calibrationDuration: 'min',
    measureInterval: 's',
    flushMeasureInterval: 's',
    valvePulseLength: 'ms',
  };
  it.each(Object.entries(UNITS))('%s is in %s', (id, unit) => {
    expect(SETTINGS.find((setting) => setting.id === id)?.unit).toBe(unit);
  });
  it('every number setting is in the table above: none is added without deciding its unit', () => {
    expect(SETTINGS.filter((setting) => setting.kind === 'number').map((setting) => setting.id).sort()).toEqual(Object.keys(UNITS).sort());
  });
  it('an input: alarms in °C, the V3 flow switch times in seconds', () => {
    expect(INPUT_UNITS).toEqual({ lowAlarm: '°C', highAlarm: '°C', turnOnTime: 's', turnOffTime: 's' });
  });

  const setting = (id: TSettingId) => SETTINGS.find((entry) => entry.id === id)!;
  it.each([
    ['flushStartThreshold', -102.4, true],
    ['flushStartThreshold', -102.3, false],
    ['flushStartThreshold', 0, false],
    ['flushStartThreshold', 55, false],
    ['flushStopThreshold', -102.4, true],
    ['flushStopThreshold', 20, false],
    ['flushStopThreshold', undefined, false],
    ['logInterval', 0, false],
    ['measureInterval', 0, false],
    ['highTempFlushtime', 0, false],
    ['supplyVoltageThreshold', 0, false],
  ] as const)('%s at %j is off: %s', (id, value, off) => {
    expect(isSettingOff(setting(id), value)).toBe(off);
  });
  it('only the two flush temperatures have an off value; the alarms have theirs per type', () => {
    expect(SETTINGS.filter((entry) => entry.off !== undefined).map((entry) => [entry.id, entry.off])).toEqual([
      ['flushStartThreshold', -102.4],
      ['flushStopThreshold', -102.4],
    ]);
    expect(ALARM_OFF).toEqual({ V1: 0, V2: -102.4, V3: -102.4 });
  });
});
