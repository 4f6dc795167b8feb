import {
  batterySwapClosesAlarm,
  faultySensorVerdict,
  flushVerdict,
  isWeakFlush,
  isTemperatureChannelActive,
  nodeFunctions,
  lowBatteryVerdict,
  settingsNotTakenVerdict,
  temperatureAlarmLimit,
  temperatureVerdict,
  waterDetectionVerdict,
  type TAlarmKind,
  type TConditionVerdict,
} from '@aquasmart/domain';
import type { TRaisedAlarm } from '../alerts/alert-outbox';
import type { TAlarmObservation, TObservedAlarms } from '../alarm-store/observed-alarms';
import { subjectKey } from '../alarm-store/alarm-subject';
import type { TDeviceState } from './device-state';

/**
 * What one applied message means for the node's alarms (docs/alarms.md, "Kinds"): the domain's
 * verdicts as observations, and the readings announced by e-mail (docs/alerts.md), written once
 * after the batch by the alarm store (recordObservedAlarms). Only a reading that became the
 * channel's newest is judged: a late reading does not open or close anything. Every weak flush is
 * announced, late or not, and so are the overflow log's start and end.
 */
export class AlarmObservations implements TObservedAlarms {
  readonly observations: TAlarmObservation[] = [];
  readonly announced: TRaisedAlarm[] = [];

  private add(state: TDeviceState, kind: TAlarmKind, channelId: string, verdict: TConditionVerdict, at: number, details?: Record<string, unknown>) {
    if (verdict === 'unchanged') return;
    // Only transitions are written: the usual batch (no alarm, none to open) writes nothing. An unassigned
    // node (stock, or removed) gets no alarm: nobody's to handle; its active ones still close.
    const key = subjectKey(kind, channelId);
    const active = state.activeAlarms.has(key);
    if (verdict === 'present') {
      if (active || state.customerId === null) return;
      state.activeAlarms.set(key, at);
    } else {
      if (!active) return;
      state.activeAlarms.delete(key);
    }
    this.observations.push({ kind, deviceEui: state.eui, channelId, verdict, at, customerId: state.customerId, locationId: state.locationId, details });
  }

  /** A temperature reading per channel: faulty sensor, and the sustained-temperature stretch (kept on the channel). */
  temperature(state: TDeviceState, channelId: string, ts: number): void {
    const channel = state.channels.get(channelId);
    if (!channel || channel.ts !== ts || channel.value === null) return;
    const value = channel.value;
    // A channel whose input does not measure (mode disabled) reads -102.4 and is no alarm, as the dashboard counts.
    if (!isTemperatureChannelActive(nodeFunctions(state.type, state.parameters), channelId)) {
      this.add(state, 'faultySensor', channelId, 'absent', ts);
      this.add(state, 'temperature', channelId, 'absent', ts);
      channel.outOfRangeSince = null;
      return;
    }
    this.add(state, 'faultySensor', channelId, faultySensorVerdict(value), ts, { value });
    const rules = state.temperatureRules;
    const limit = rules ? temperatureAlarmLimit(rules.rulebook, channel.mode, rules.healthcare) : null;
    const judged = temperatureVerdict({ outOfRangeSince: channel.outOfRangeSince, limit, celsius: value, readingMs: ts, durationMinutes: rules?.durationMinutes ?? 0 });
    channel.outOfRangeSince = judged.outOfRangeSince;
    const details = limit ? { value, limit: limit.celsius, limitKind: limit.kind, mode: channel.mode, since: judged.outOfRangeSince === null ? null : new Date(judged.outOfRangeSince).toISOString() } : { value };
    this.add(state, 'temperature', channelId, judged.verdict, ts, details);
  }

  battery(state: TDeviceState, voltage: number, threshold: number, ts: number): void {
    const battery = state.channels.get('battery1');
    if (battery && battery.ts !== ts) return;
    this.add(state, 'lowBattery', '', lowBatteryVerdict({ voltage, threshold, readingMs: ts, swappedMs: state.batterySwappedMs }), ts, { voltage, threshold });
  }

  flush(state: TDeviceState, before: number, after: number, ts: number): void {
    const minimumDeviation = state.flushMinimumTemperatureDeviation;
    this.add(state, 'flushAlarm', '', flushVerdict({ before, after, minimumDeviation }), ts, { before, after, minimumDeviation });
    if (isWeakFlush(before, after, minimumDeviation)) this.announced.push({ kind: 'flush', ...placeOf(state), ts, before, after, minimumDeviation });
  }

  /** An overflow report; `log` says whether it started or ended the node's overflow log (announced by e-mail). */
  waterDetection(state: TDeviceState, detected: boolean, resistance: number, ts: number, log: 'started' | 'ended' | 'unchanged'): void {
    this.add(state, 'waterDetection', '', waterDetectionVerdict(detected), ts, { resistance });
    if (log !== 'unchanged') this.announced.push({ kind: log === 'started' ? 'overflowStarted' : 'overflowResolved', ...placeOf(state), ts, resistance });
  }

  settings(state: TDeviceState, ts: number): void {
    this.add(state, 'settingsNotTaken', '', settingsNotTakenVerdict(state.incorrectSettings), ts);
  }

  /** Any message ends an offline alarm; a battery swap since the low-battery alarm opened ends that one. */
  heard(state: TDeviceState, receivedAt: number): void {
    this.add(state, 'offline', '', 'absent', receivedAt);
    const openedAt = state.activeAlarms.get(subjectKey('lowBattery'));
    if (openedAt !== undefined && batterySwapClosesAlarm(openedAt, state.batterySwappedMs)) {
      this.add(state, 'lowBattery', '', 'absent', state.batterySwappedMs!, { reason: 'batterySwap' });
    }
  }
}

function placeOf(state: TDeviceState) {
  return { eui: state.eui, customerId: state.customerId, locationId: state.locationId };
}
