import { describe, expect, it } from 'vitest';
import { faultyChannels } from './faulty-channels';

const channel = (id: string, name: string, value: number | null) => ({ id, name, value, ts: 1, custom: {} });
// V2 register 2: inputs 1 and 2 measure, 3 is off (the list's NodeTemperatureCell reads the same).
const v2 = (modes: string[]) => ({ type: 'V2', sipp: { parameters: [{ register: 2, value: { inputs: modes.map((mode) => ({ mode })) } }] } });

describe('faultyChannels', () => {
  it('names the active temperature channels at -100 or lower', () => {
    const row = { ...v2(['actual', 'actual', 'disabled']), channels: [channel('temperature1', 'Koud water', 12.5), channel('temperature2', 'Warm water', -102.4), channel('temperature3', 'Retour', -102.4), channel('battery1', 'Batterij', 3.1)] };
    expect(faultyChannels(row)).toEqual([{ number: 2, name: 'Warm water' }]);
  });

  it('-100 itself is faulty, -99.9 is not; a channel without a name of its own has none', () => {
    const row = { type: 'unknown', sipp: { parameters: [] }, channels: [channel('temperature1', 'temperature1', -100), channel('temperature2', 'B', -99.9)] };
    expect(faultyChannels(row)).toEqual([{ number: 1, name: '' }]);
  });
});
