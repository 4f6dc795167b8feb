import { describe, expect, it } from 'vitest';
import { registerViews, settingChanges, syncStateOf, type TParameterRow } from './settings-view';

const AT = '2026-11-24T07:00:00.000Z';
const saved = (register: number, value: unknown, reported: unknown = value): TParameterRow => ({ register, value, status: 'saved', reported, updatedAt: AT });

describe('registerViews: the #settings tab in plain words', () => {
  it('shows a V2 node register by register with off alarms, switches and local period times', () => {
    const views = registerViews(
      'V2',
      [
        saved(4, { 'flush-periods': [{ start: 1410, stop: 15, flushCycles: 3, daysEnabled: { monday: false, tuesday: false, wednesday: false, thursday: false, friday: false, saturday: false, sunday: true } }] }),
        saved(2, { logInterval: 15, measureInterval: 60, inputs: [{ mode: 'actual', lowAlarm: 55, highAlarm: -102.4 }] }),
        saved(3, { enabled: 1, flushtime: 3, highTempFlushtime: 10, highTempFlushdelay: 30, flushStartThreshold: 55, flushStopThreshold: -102.4, measureInterval: 10, resistanceThreshold: 0 }),
      ],
      60,
      [
        { id: 'temperature1', name: 'Aanvoer' },
        { id: 'temperature2', name: '' },
        { id: 'battery1', name: 'Batterij' },
      ],
    );
    expect(views.map((view) => [view.register, view.name, view.status])).toEqual([
      [2, 'nodeSettings.registerNames.measure', 'saved'],
      [3, 'nodeSettings.registerNames.flush', 'saved'],
      [4, 'nodeSettings.registerNames.periods', 'saved'],
    ]);
    const [measure, flush, periods] = views;
    expect(measure.groups[0].lines.map((entry) => [entry.label, entry.shown])).toEqual([
      ['nodeSettings.fields.logInterval', { kind: 'number', value: 15, unit: 'min', decimals: 0 }],
      ['nodeSettings.fields.measureInterval', { kind: 'number', value: 60, unit: 's', decimals: 0 }],
    ]);
    // three inputs, the missing ones unknown; alarms: 55 °C and off; named after their channels, "Ingang N" where a channel has no name
    expect(measure.groups.slice(1).map((group) => group.title)).toEqual([
      { key: 'nodeSettings.inputNamed', params: { number: 1, name: 'Aanvoer' } },
      { key: 'nodeSettings.input', params: { number: 2 } },
      { key: 'nodeSettings.input', params: { number: 3 } },
    ]);
    expect(measure.groups[1].lines.map((entry) => entry.shown)).toEqual([
      { kind: 'mode', mode: 'actual' },
      { kind: 'number', value: 55, unit: '°C', decimals: 1 },
      { kind: 'onOff', on: false },
    ]);
    expect(measure.groups[2].lines[0].shown).toEqual({ kind: 'unknown' });
    const flushLines = Object.fromEntries(flush.groups[0].lines.map((entry) => [entry.label, entry.shown]));
    // Every number with its unit; the stop temperature at -102.4 is off, not "-102,4 °C".
    expect(flushLines['nodeSettings.fields.highTempFlushtime']).toEqual({ kind: 'number', value: 10, unit: 'min', decimals: 0 });
    expect(flushLines['nodeSettings.fields.highTempFlushdelay']).toEqual({ kind: 'number', value: 30, unit: 'min', decimals: 0 });
    expect(flushLines['nodeSettings.fields.flushMeasureInterval']).toEqual({ kind: 'number', value: 10, unit: 's', decimals: 0 });
    expect(flushLines['nodeSettings.fields.flushStartThreshold']).toEqual({ kind: 'number', value: 55, unit: '°C', decimals: 1 });
    expect(flushLines['nodeSettings.fields.flushStopThreshold']).toEqual({ kind: 'onOff', on: false });
    expect(flushLines['nodeSettings.fields.flushEnabled']).toEqual({ kind: 'onOff', on: true });
    expect(flushLines['nodeSettings.fields.overflowDetection']).toEqual({ kind: 'onOff', on: false });
    expect(flushLines['nodeSettings.fields.flushtime']).toEqual({ kind: 'number', value: 3, unit: 'min', decimals: 0 });
    expect(periods.groups[0].lines[0].shown).toEqual({
      kind: 'period',
      start: 30,
      stop: 75,
      flushCycles: 3,
      days: { monday: true, tuesday: false, wednesday: false, thursday: false, friday: false, saturday: false, sunday: false },
    });
  });

  it('marks a saved register the node reports otherwise as incorrect, with the reported value per field', () => {
    const [view] = registerViews('V1', [saved(2, { logInterval: 15, measureInterval: 60, mode: 'actual' }, { logInterval: 60, measureInterval: 60, mode: 'actual' })], 60);
    expect(view.status).toBe('incorrect');
    const lines = view.groups[0].lines;
    expect(lines.find((entry) => entry.label === 'nodeSettings.fields.logInterval')!.reported).toEqual({ kind: 'number', value: 60, unit: 'min', decimals: 0 });
    expect(lines.filter((entry) => entry.reported !== null)).toHaveLength(1);
  });

  it('a flush temperature the node reports at -102.4 reads "Uit" beside the saved value', () => {
    const [view] = registerViews('V2', [saved(3, { flushStopThreshold: 20 }, { flushStopThreshold: -102.4 })], 60);
    const stop = view.groups[0].lines.find((entry) => entry.label === 'nodeSettings.fields.flushStopThreshold')!;
    expect([stop.shown, stop.reported]).toEqual([{ kind: 'number', value: 20, unit: '°C', decimals: 1 }, { kind: 'onOff', on: false }]);
    expect(view.status).toBe('incorrect');
  });

  it('does not judge a pending register: the node has not received it yet', () => {
    const [view] = registerViews('V3', [{ register: 1, value: { sendInterval: 4 }, status: 'pending', reported: { sendInterval: 6 }, updatedAt: AT }], 60);
    expect(view.status).toBe('pending');
    expect(view.groups.flatMap((group) => group.lines).every((entry) => entry.reported === null)).toBe(true);
    expect(view.name).toBe('nodeSettings.registerNames.system');
  });

  it('a register never reported is saved without differences', () => {
    const [view] = registerViews('V1', [saved(1, { sendinterval: 6 }, null)], 60);
    expect(view.status).toBe('saved');
    expect(view.groups[0].lines.map((entry) => entry.shown.kind)).toEqual(['number', 'unknown', 'unknown']);
  });
});

describe('syncStateOf: the header agrees with the registers', () => {
  const measure = { logInterval: 15, measureInterval: 60, inputs: [{ mode: 'actual', lowAlarm: -102.4, highAlarm: -102.4 }] };
  it('is incorrect, naming the register, when a saved register is reported differently', () => {
    expect(syncStateOf(1, 'V2', [saved(2, measure, { ...measure, logInterval: 60 }), saved(3, { enabled: 1 })])).toEqual({ state: 'incorrect', incorrect: [2] });
  });
  it('is saved when every register is reported as saved, pending and none as the server says', () => {
    expect(syncStateOf(1, 'V2', [saved(2, measure), saved(3, { enabled: 1 })])).toEqual({ state: 'saved', incorrect: [] });
    expect(syncStateOf(0, 'V2', [saved(2, measure, { ...measure, logInterval: 60 })])).toEqual({ state: 'pending', incorrect: [] });
    expect(syncStateOf(-1, 'V2', [])).toEqual({ state: 'none', incorrect: [] });
  });
});

describe('settingChanges: a settings audit entry in the tab words', () => {
  it('lists what changed with before and after, inputs per input, periods in local time', () => {
    const lines = settingChanges(
      'V2',
      {
        '2.logInterval': [15, 10],
        '2.inputs': [
          [{ mode: 'actual', lowAlarm: -102.4, highAlarm: -102.4 }],
          [{ mode: 'actual', lowAlarm: 55, highAlarm: -102.4 }],
        ],
        '4.flush-periods': [null, [{ start: 300, stop: 330, flushCycles: 2, daysEnabled: { monday: true, tuesday: false, wednesday: false, thursday: false, friday: false, saturday: false, sunday: false } }]],
      },
      60,
      [{ id: 'temperature1', name: 'Warm water' }],
    );
    expect(lines).toEqual([
      { label: 'nodeSettings.fields.logInterval', before: { kind: 'number', value: 15, unit: 'min', decimals: 0 }, after: { kind: 'number', value: 10, unit: 'min', decimals: 0 } },
      {
        group: { key: 'nodeSettings.inputNamed', params: { number: 1, name: 'Warm water' } },
        label: 'nodeSettings.inputFields.lowAlarm',
        before: { kind: 'onOff', on: false },
        after: { kind: 'number', value: 55, unit: '°C', decimals: 1 },
      },
      {
        label: 'nodeSettings.period',
        labelParams: { number: 1 },
        before: { kind: 'unknown' },
        after: { kind: 'period', start: 360, stop: 390, flushCycles: 2, days: { monday: true, tuesday: false, wednesday: false, thursday: false, friday: false, saturday: false, sunday: false } },
      },
    ]);
  });
});
