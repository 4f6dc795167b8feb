import { describe, expect, it } from 'vitest';
import { auditText, plainValue } from './audit-text';

describe('audit entries in words', () => {
  it.each([
    [
      'provisioning by CSV',
      { action: 'provision', via: 'csv', type: 'V2', version: '1.0', networkServer: 'KPN', encryptionMode: 'NS' },
      { key: 'provision', params: { action: 'provision', type: 'V2', version: '1.0', networkServer: 'KPN' }, changes: [], via: 'csv' },
    ],
    [
      'registration with a gateway (presets are not listed)',
      { action: 'register', customer: 'Gemeente Utrecht', location: 'Stadhuis', gateway: 'GW 1', presets: [{ register: 2 }] },
      { key: 'register', params: { action: 'register', customer: 'Gemeente Utrecht', location: 'Stadhuis' }, changes: [{ field: 'gateway', value: 'GW 1' }] },
    ],
    [
      'settings of two registers',
      { action: 'settings', registers: [2, 3], values: [{ register: 2, value: {} }] },
      { key: 'settings', params: { action: 'settings', registers: '2, 3' }, changes: [] },
    ],
    [
      'registration as the server writes it (changes: [before, after])',
      { action: 'register', changes: { customer: [null, 'Gemeente Utrecht'], location: [null, 'Stadhuis'], 'lora.state': ['Stopped', 'Started'], presets: [[], [{ register: 2 }]] } },
      { key: 'register', params: { action: 'register', customer: 'Gemeente Utrecht', location: 'Stadhuis' }, changes: [{ field: 'lora.state', value: 'Stopped → Started' }] },
    ],
    [
      'a move',
      { action: 'move', changes: { location: ['Stadhuis', 'Bibliotheek'], gateway: ['GW 1', null] } },
      {
        key: 'move',
        params: { action: 'move' },
        changes: [
          { field: 'location', value: 'Stadhuis → Bibliotheek' },
          { field: 'gateway', value: 'GW 1 → —' },
        ],
      },
    ],
    [
      'a channel',
      { action: 'channel', channel: 'temperature1', changes: { name: ['T1', 'Boiler'], custom: [{}, { mode: 'WW', attachments: [] }] } },
      {
        key: 'channel',
        params: { action: 'channel', channel: 'temperature1' },
        changes: [
          { field: 'name', value: 'T1 → Boiler' },
          { field: 'mode', value: '— → WW' },
        ],
      },
    ],
    [
      'a channel whose mode and attachments change: one line each',
      { action: 'channel', channel: 'temperature1', changes: { custom: [{ mode: 'KW', attachments: ['Douche'] }, { mode: 'WW', attachments: ['Douche', 'Kraan'] }] } },
      {
        key: 'channel',
        params: { action: 'channel', channel: 'temperature1' },
        changes: [
          { field: 'mode', value: 'KW → WW' },
          { field: 'attachments', value: 'Douche → Douche, Kraan' },
        ],
      },
    ],
    [
      'an offset typed by hand: before and after with the unit',
      { action: 'calibrationEdit', channel: 'temperature1', offset: 0.5, changes: { offset: [0, 0.5] } },
      { key: 'calibrationEdit', params: { action: 'calibrationEdit', channel: 'temperature1', offset: '0.5' }, changes: [{ field: 'offset', value: '0.0 °C → 0.5 °C' }] },
    ],
    [
      'settings with their previous values (for the settings catalogue)',
      { action: 'settings', registers: [2], changes: { '2.logInterval': [15, 10] }, values: [] },
      { key: 'settings', params: { action: 'settings', registers: '2' }, changes: [], settingChanges: { '2.logInterval': [15, 10] } },
    ],
    [
      'settings sent again unchanged',
      { action: 'settings', registers: [2], changes: {}, values: [] },
      { key: 'settingsResent', params: { action: 'settings', registers: '2' }, changes: [], settingChanges: {} },
    ],
    ['battery swap', { action: 'batterySwap' }, { key: 'batterySwap', params: { action: 'batterySwap' }, changes: [] }],
    [
      'an edit with nested fields',
      { action: 'edit', name: 'Keuken', calibration: { interval: 3 }, notes: null },
      {
        key: 'edit',
        params: { action: 'edit' },
        changes: [
          { field: 'name', value: 'Keuken' },
          { field: 'calibration.interval', value: '3' },
          { field: 'notes', value: '' },
        ],
      },
    ],
    ['an unknown action', { action: 'reboot', reason: 'watchdog' }, { key: 'other', params: { action: 'reboot' }, changes: [{ field: 'reason', value: 'watchdog' }] }],
    ['no action at all', { name: 'X' }, { key: 'changed', params: { action: '' }, changes: [{ field: 'name', value: 'X' }] }],
    ['not an object', 'text', { key: 'changed', params: {}, changes: [{ field: '', value: 'text' }] }],
  ])('%s', (_name, value, text) => {
    expect(auditText(value)).toEqual(text);
  });

  it('writes values plainly', () => {
    expect(plainValue(null)).toBe('');
    expect(plainValue(['Nattouwtje', 'x'])).toBe('Nattouwtje, x');
    expect(plainValue({ mode: 'KW', attachments: [] })).toBe('mode KW, attachments');
    expect(plainValue(false)).toBe('false');
  });

  it('writes numbers in the reader\'s language, degrees with one decimal', () => {
    const entry = { action: 'calibration', channel: 'temperature1', measured: 11.6, calibrated: 11.8, offset: 0.2, changes: { offset: [0, 0.2] } };
    expect(auditText(entry, 'nl').params).toMatchObject({ measured: '11,6', calibrated: '11,8', offset: '0,2' });
    expect(auditText(entry, 'nl').changes).toEqual([{ field: 'offset', value: '0,0 °C → 0,2 °C' }]);
    expect(auditText(entry, 'en').params).toMatchObject({ measured: '11.6', calibrated: '11.8', offset: '0.2' });
    expect(plainValue(-102.4, 'nl')).toBe('-102,4');
    expect(plainValue(1250, 'nl')).toBe('1250');
  });
});
