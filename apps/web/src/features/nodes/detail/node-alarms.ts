import { FAULTY_READING_AT_OR_BELOW, OFFLINE_AFTER_MS, type TDevice } from '@aquasmart/domain';

/**
 * The open alarms of a node in the order a field engineer deals with them, derived as
 * docs/telemetry.md ("Processing and alarms") stores them:
 * - offline: `lora.ts` older than 6 hours (or never seen);
 * - faulty sensor: a temperature channel at or below -100;
 * - battery: `battery.alarm.ts` in SECONDS, 0 = none;
 * - flush: `flush.alarm.ts` in MILLISECONDS, 0 = none;
 * - overflow: an overflow log of the node in state Started (read separately, with its start);
 * - incorrect settings: `incorrectSettings`.
 * Every `at` is in milliseconds.
 */
export type TNodeAlarm =
  | { kind: 'offline'; at: number | null }
  | { kind: 'faultySensor'; channel: string; at: number | null }
  | { kind: 'battery'; at: number; voltage: number | null }
  | { kind: 'flush'; at: number; deviation: number }
  | { kind: 'overflow'; at: number }
  | { kind: 'incorrectSettings' };

type TAlarmSource = Pick<TDevice, 'lora' | 'channels' | 'battery' | 'flush' | 'incorrectSettings'>;

export function openAlarms(device: TAlarmSource, nowMs: number, overflowSince: number | null = null): TNodeAlarm[] {
  const alarms: TNodeAlarm[] = [];
  const seen = device.lora.ts ? Date.parse(device.lora.ts) : Number.NaN;
  if (Number.isNaN(seen)) alarms.push({ kind: 'offline', at: null });
  else if (nowMs - seen > OFFLINE_AFTER_MS) alarms.push({ kind: 'offline', at: seen });
  for (const channel of device.channels) {
    if (!/^temperature\d+$/.test(channel.id)) continue;
    if (channel.value !== null && channel.value <= FAULTY_READING_AT_OR_BELOW) {
      alarms.push({ kind: 'faultySensor', channel: channel.name, at: channel.ts === null ? null : channel.ts * 1000 });
    }
  }
  if (device.battery.alarm.ts > 0) {
    // The voltage with its own measurement time (the newest reading), not the time the alarm was raised.
    const reading = device.channels.find((channel) => channel.id === 'battery1');
    const measuredAt = reading?.ts ? reading.ts * 1000 : device.battery.alarm.ts * 1000;
    alarms.push({ kind: 'battery', at: measuredAt, voltage: device.battery.voltage });
  }
  if (device.flush.alarm.ts > 0) alarms.push({ kind: 'flush', at: device.flush.alarm.ts, deviation: device.flush.minimumTemperatureDeviation });
  if (overflowSince !== null) alarms.push({ kind: 'overflow', at: overflowSince });
  if (device.incorrectSettings) alarms.push({ kind: 'incorrectSettings' });
  return alarms;
}
