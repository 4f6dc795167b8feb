import { describe, expect, it } from 'vitest';
import type { TDevice } from '@aquasmart/domain';
import {
  channelPatches,
  checkTypedEui,
  cleanEui,
  editLoraBody,
  emptyRegisterForm,
  intervalOfLocation,
  keptAfterReload,
  moveBody,
  nodeToMoveForm,
  nodeToEditForm,
  registerBody,
  ZNodeEditForm,
  ZNodeMoveForm,
  ZNodeRegisterForm,
} from './node-form';

const device = {
  eui: '70B3D5E75E000001',
  name: 'Keuken',
  type: 'V2',
  version: '1.0',
  customer: 'Gemeente Utrecht',
  location: 'Stadhuis',
  gateway: 'GW 1',
  flushDevice: null,
  notes: null,
  locationNotes: 'Kelder',
  calibration: { interval: 2, ts: null },
  battery: { ts: null, voltage: null, alarm: { ts: 0 } },
  flush: { minimumTemperatureDeviation: 3, alarm: { ts: 0 } },
  lora: { state: 'Started', networkServer: 'ns', encryption: { mode: 'NS' }, ts: null, counter: null, rssi: null, snr: null },
  presets: [],
  channels: [
    { id: 'temperature1', name: 'Warm', type: 'Temperatuur', value: 61, rawValue: 61, ts: 0, offset: 0, calibratedAt: null, custom: { mode: 'WW', attachments: [] } },
    { id: 'temperature2', name: 'Koud', type: 'Temperatuur', value: 12, rawValue: 12, ts: 0, offset: 0, calibratedAt: null, custom: {} },
    { id: 'battery1', name: 'Batterij', type: 'Batterij', value: 3.6, rawValue: 3.6, ts: 0, offset: 0, calibratedAt: null, custom: {} },
  ],
  sipp: { parameters: [], connector: null, diagnostics: {} },
  signal: 3,
  sync: 1,
  incorrectSettings: false,
} satisfies TDevice;

const ALL = { administrator: true, moveNode: true, gatewayManagement: true };
const NONE = { administrator: false, moveNode: false, gatewayManagement: false };

describe('register form', () => {
  it('takes customer, location and gateway from the address', () => {
    expect(emptyRegisterForm(new URLSearchParams('customer=A&location=B&gateway=C'))).toEqual({ eui: '', name: '', customer: 'A', location: 'B', gateway: 'C' });
  });

  it('requires node, name, customer and location with the shared message', () => {
    const result = ZNodeRegisterForm.safeParse({ eui: '', name: ' ', customer: '', location: '', gateway: '' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({ eui: 'validation.required', name: 'validation.required', customer: 'validation.required', location: 'validation.required' });
  });

  it.each([
    ['', { kind: 'empty' }],
    ['70b3', { kind: 'partial', count: 4 }],
    ['70B3 D5E7-5E00:0001', { kind: 'complete', eui: '70B3D5E75E000001' }],
    [' 70b3d5e75e000001 ', { kind: 'complete', eui: '70B3D5E75E000001' }],
    ['70B3 D5G7', { kind: 'badCharacter', character: 'G' }],
    ['70b3_d5', { kind: 'badCharacter', character: '_' }],
    ['70B3D5E75E0000011', { kind: 'tooLong', count: 17 }],
  ])('checks the typed EUI %j as typed', (text, expected) => {
    expect(checkTypedEui(text)).toEqual(expected);
  });

  it('takes the EUI as printed (spaces, dashes) and sends it clean; a short or wrong one says why', () => {
    const base = { name: 'Node', customer: 'A', location: 'B', gateway: '' };
    expect(cleanEui('70b3-d5e7 5e00 0001')).toBe('70B3D5E75E000001');
    expect(ZNodeRegisterForm.parse({ ...base, eui: '70b3 d5e7 5e00 0001' }).eui).toBe('70B3D5E75E000001');
    const short = ZNodeRegisterForm.safeParse({ ...base, eui: '70B3 D5' });
    expect(short.error?.issues[0]?.message).toBe('nodes.register.euiLength?count=6');
    const wrong = ZNodeRegisterForm.safeParse({ ...base, eui: '70B3D5E75E00000O' });
    expect(wrong.error?.issues[0]?.message).toBe('nodes.register.euiBadCharacter?character=O');
  });

  it('sends name, place and Started; the gateway only with gatewayManagement', () => {
    const values = { eui: 'X', name: 'Node', customer: 'A', location: 'B', gateway: 'GW' };
    expect(registerBody(values, true)).toEqual({ name: 'Node', customer: 'A', location: 'B', lora: { state: 'Started' }, gateway: 'GW' });
    expect(registerBody(values, false)).toEqual({ name: 'Node', customer: 'A', location: 'B', lora: { state: 'Started' } });
    expect(registerBody({ ...values, gateway: '' }, true)).not.toHaveProperty('gateway');
  });
});

describe('edit form', () => {
  it('loads the temperature channels only, with empty modes as empty', () => {
    const form = nodeToEditForm(device);
    expect(form.interval).toBe('2');
    expect(form.minimumDeviation).toBe('3');
    expect(form.channels).toEqual([
      { id: 'temperature1', name: 'Warm', mode: 'WW', role: '', attachments: [] },
      { id: 'temperature2', name: 'Koud', mode: '', role: '', attachments: [] },
    ]);
  });

  it('requires the channel name and mode', () => {
    const result = ZNodeEditForm.safeParse(nodeToEditForm(device));
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['channels.1.mode', 'validation.required']]);
  });

  const values = () => ZNodeEditForm.parse({ ...nodeToEditForm(device), channels: [{ id: 'temperature1', name: 'Warm', mode: 'WW', role: '', attachments: [] }, { id: 'temperature2', name: 'Koud', mode: 'KW', role: 'coldInlet', attachments: ['Nattouwtje'] }] });

  it('an administrator sends interval and minimum deviation; others do not', () => {
    expect(editLoraBody(values(), device, ALL)).toEqual({ name: 'Keuken', locationNotes: 'Kelder', calibration: { interval: 2 }, flush: { minimumTemperatureDeviation: 3 } });
    expect(editLoraBody(values(), device, NONE)).toEqual({ name: 'Keuken', locationNotes: 'Kelder' });
  });

  it('moves only with moveNode, sets the gateway only with gatewayManagement', () => {
    const moved = { ...values(), customer: 'B', location: 'L', gateway: '' };
    expect(editLoraBody(moved, device, { ...NONE, moveNode: true, gatewayManagement: true })).toMatchObject({ customer: 'B', location: 'L', gateway: null });
    const plain = editLoraBody(moved, device, NONE);
    expect(plain).not.toHaveProperty('customer');
    expect(plain).not.toHaveProperty('gateway');
  });

  it('patches only the channels that changed', () => {
    expect(channelPatches(values(), device)).toEqual([{ id: 'temperature2', body: { name: 'Koud', custom: { mode: 'KW', attachments: ['Nattouwtje'] }, role: 'coldInlet' } }]);
    // A role alone is a change; '' is no role of its own (null).
    const roleOnly = ZNodeEditForm.parse({ ...nodeToEditForm(device), channels: [{ id: 'temperature1', name: 'Warm', mode: 'WW', role: 'heaterFlow', attachments: [] }] });
    expect(channelPatches(roleOnly, device)).toEqual([{ id: 'temperature1', body: { name: 'Warm', custom: { mode: 'WW', attachments: [] }, role: 'heaterFlow' } }]);
    const roleDerived = ZNodeEditForm.parse({ ...nodeToEditForm(device), channels: [{ id: 'temperature1', name: 'Warm', mode: 'WW', role: '', attachments: [] }] });
    expect(channelPatches(roleDerived, device)).toEqual([]);
  });

  it('clears a name the reloaded list does not hold and copies the location interval', () => {
    expect(keptAfterReload('Stadhuis', ['Stadhuis', 'Bad'])).toBe('Stadhuis');
    expect(keptAfterReload('Stadhuis', ['Bad'])).toBe('');
    expect(intervalOfLocation('Bad', [{ name: 'Bad', interval: 3 }])).toBe('3');
    expect(intervalOfLocation('Bad', [{ name: 'Bad', interval: null }])).toBe('');
    expect(intervalOfLocation('X', [])).toBe('');
  });
});

describe('move form (moveNode on the node page)', () => {
  const move = (changes: Partial<ReturnType<typeof nodeToMoveForm>>) => ZNodeMoveForm.parse({ ...nodeToMoveForm(device), ...changes });

  it('starts at the node\'s place and interval', () => {
    expect(nodeToMoveForm(device)).toEqual({ customer: 'Gemeente Utrecht', location: 'Stadhuis', gateway: 'GW 1', interval: '2' });
  });

  it('sends customer and location when moved, never an interval or a name (moveNode alone suffices)', () => {
    expect(moveBody(move({ location: 'Zwembad', interval: '1' }), device, false)).toEqual({ customer: 'Gemeente Utrecht', location: 'Zwembad' });
    expect(moveBody(move({ customer: 'B', location: 'L', gateway: '' }), device, true)).toEqual({ customer: 'B', location: 'L', gateway: null });
  });

  it('sends the gateway only with gatewayManagement; nothing changed is nothing to send', () => {
    expect(moveBody(move({ gateway: 'GW 2' }), device, true)).toEqual({ gateway: 'GW 2' });
    expect(moveBody(move({ gateway: 'GW 2' }), device, false)).toBeNull();
    expect(moveBody(move({}), device, true)).toBeNull();
  });

  it('requires a customer and a location', () => {
    const result = ZNodeMoveForm.safeParse({ ...nodeToMoveForm(device), location: '' });
    expect(result.success).toBe(false);
  });
});
