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
          { field: 'custom', value: '— → mode WW, attachments' },
        ],
      },
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
});
