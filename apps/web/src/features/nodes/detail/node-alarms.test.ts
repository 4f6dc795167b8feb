import { describe, expect, it } from 'vitest';
import { openAlarms } from './node-alarms';

const NOW = Date.parse('2026-07-15T12:00:00Z');
const HOUR = 3_600_000;
const base = () => ({
  lora: { state: 'Started', networkServer: 'ns', encryption: { mode: 'NS' }, ts: new Date(NOW - HOUR).toISOString(), counter: 1, rssi: -80, snr: 7 },
  channels: [
    { id: 'temperature1', name: 'Warm', type: 'Temperatuur', value: 60, rawValue: 60, ts: NOW / 1000, offset: 0, calibratedAt: null, custom: {} },
    { id: 'battery1', name: 'Batterij', type: 'Batterij', value: -101, rawValue: 3.6, ts: NOW / 1000, offset: 0, calibratedAt: null, custom: {} },
  ],
  battery: { ts: null, voltage: 3.6, alarm: { ts: 0 } },
  flush: { minimumTemperatureDeviation: 3, alarm: { ts: 0 } },
  incorrectSettings: false,
});

describe('open alarms (docs/telemetry.md)', () => {
  it('has none for a healthy node (a battery channel below -100 is no sensor alarm)', () => {
    expect(openAlarms(base(), NOW)).toEqual([]);
  });

  it.each([
    ['6 h ago exactly: online', NOW - 6 * HOUR, []],
    ['6 h and 1 ms ago: offline', NOW - 6 * HOUR - 1, [{ kind: 'offline', at: NOW - 6 * HOUR - 1 }]],
  ])('%s', (_name, seen, alarms) => {
    const device = base();
    device.lora.ts = new Date(seen).toISOString();
    expect(openAlarms(device, NOW)).toEqual(alarms);
  });

  it('a node never seen is offline', () => {
    const device = base();
    device.lora.ts = null as unknown as string;
    expect(openAlarms(device, NOW)).toEqual([{ kind: 'offline', at: null }]);
  });

  it.each([
    [-99.9, 0],
    [-100, 1],
    [-102.4, 1],
  ])('temperature %s gives %s faulty-sensor alarm(s)', (value, count) => {
    const device = base();
    device.channels[0].value = value;
    expect(openAlarms(device, NOW).filter((alarm) => alarm.kind === 'faultySensor')).toHaveLength(count);
  });

  it('battery alarm seconds and flush alarm milliseconds both become milliseconds', () => {
    const device = base();
    device.battery.alarm.ts = 1_780_000_000;
    device.channels = device.channels.filter((channel) => channel.id !== 'battery1');
    device.flush.alarm.ts = 1_780_000_000_000;
    device.incorrectSettings = true;
    expect(openAlarms(device, NOW, 1_779_000_000_000)).toEqual([
      { kind: 'battery', at: 1_780_000_000_000, voltage: 3.6 },
      { kind: 'flush', at: 1_780_000_000_000, deviation: 3 },
      { kind: 'overflow', at: 1_779_000_000_000 },
      { kind: 'incorrectSettings' },
    ]);
  });

  it('a battery alarm names the voltage with its own measurement time, not the time the alarm was raised', () => {
    const device = base();
    device.battery.alarm.ts = 1_780_000_000;
    const battery = device.channels.find((channel) => channel.id === 'battery1')!;
    battery.ts = 1_780_500_000;
    expect(openAlarms(device, NOW).find((alarm) => alarm.kind === 'battery')).toEqual({ kind: 'battery', at: 1_780_500_000_000, voltage: 3.6 });
  });
});
