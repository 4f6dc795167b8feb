import { sql } from 'drizzle-orm';
import { decodeUplink, historyValue, supplyVoltageThreshold, type TUplinkMessage } from '@aquasmart/domain';
import type { TDbOrTx } from '../../db/database';
import type { TIntakeEnvelope } from '../intake/envelope';
import { calibrated, nextBatteryAlarmTs, nextFlushAlarmTs } from './alarms';
import { createUnknownDevices, loadDeviceStates, type TDeviceState } from './device-state';
import { signalLevel } from './signal-level';
import { hasIncorrectSettings, matchesExpected, syncOf } from './settings-match';
import { applyDownlinkEvent } from './downlink-events';
import { isPlausibleMs, messageMs, receptionMs } from './event-time';
import { NEW_DEVICES_PER_NETWORK_SERVER_PER_HOUR } from './new-device-quota';
import { recordObservedAlarms } from '../alarm-store/observed-alarms';
import { AlarmObservations } from './alarm-observations';
import { recordHeard, type THeardRow } from '../gateways/gateway-radio-repository';
import { recordPlatformReadings, type TPlatformReading } from '../platforms/platform-outbox';

export interface TStoredEvent {
  id: number;
  networkServerId: number | null;
  body: TIntakeEnvelope;
  /** When the server stored the event (intake_events.received_at), ms: the reception time when the network's is implausible. */
  storedAt: number;
}

/** An event's outcome: null processed; a string processed, with a problem kept for administrators. */
export type TOutcomes = Map<number, string | null>;

/** The intake error of an event for a device that belongs to another network server. */
export const FOREIGN_NETWORK_SERVER = 'refused: the device belongs to another network server';

function unknownDeviceProblem(envelope: TIntakeEnvelope, overQuota: Set<string>): string {
  if (envelope.kind !== 'up') return 'unknown device';
  if (overQuota.has(envelope.eui)) {
    return `unknown device: not created, ${NEW_DEVICES_PER_NETWORK_SERVER_PER_HOUR} devices were created from this network server's uplinks in the last hour`;
  }
  return 'unknown device: the device type cannot be told from its uplink';
}

interface THistoryRow {
  eui: string;
  ts: string;
  msg_id: number;
  counter: number;
  rssi: number | null;
  snr: number | null;
  gateway: string | null;
  value: Record<string, unknown>;
}

function base64Bytes(data: string | undefined): Uint8Array {
  return new Uint8Array(Buffer.from(data ?? '', 'base64'));
}

/** The reading of a channel: value with offset, raw kept; an older reading never replaces a newer one. */
function setChannel(state: TDeviceState, channelId: string, raw: number, ts: number, applyOffset: boolean): number {
  const channel = state.channels.get(channelId);
  const value = applyOffset && channel ? calibrated(raw, channel.offset) : raw;
  if (channel && (channel.ts === null || ts >= channel.ts)) Object.assign(channel, { value, rawValue: raw, ts, changed: true });
  return value;
}

/**
 * Applies one decoded message to the device state; answers the history value. What it means for
 * the node's alarms (records and e-mails) is added to `observations`.
 */
async function applyMessage(tx: TDbOrTx, state: TDeviceState, message: TUplinkMessage, ts: number, observations: AlarmObservations): Promise<Record<string, unknown>> {
  switch (message.kind) {
    case 'temperature': {
      const temperatures = message.temperatures.map((raw, index) => setChannel(state, `temperature${index + 1}`, raw, ts, true));
      temperatures.forEach((_, index) => observations.temperature(state, `temperature${index + 1}`, ts));
      return historyValue({ ...message, temperatures });
    }
    case 'battery': {
      setChannel(state, 'battery1', message.voltage, ts, false);
      const battery = state.channels.get('battery1');
      if (!battery || battery.ts === ts) state.batteryVoltage = message.voltage;
      const register1 = state.parameters.find((parameter) => parameter.register === 1)?.value;
      const threshold = supplyVoltageThreshold(register1);
      state.batteryAlarmTs = nextBatteryAlarmTs(state.batteryAlarmTs, message.voltage, threshold, ts, state.batterySwappedMs);
      observations.battery(state, message.voltage, threshold, ts);
      return historyValue(message);
    }
    case 'flush': {
      const offset = state.channels.get(`temperature${message.channel}`)?.offset ?? 0;
      const before = calibrated(message.before, offset);
      const after = calibrated(message.after, offset);
      setChannel(state, 'flush1', 1, ts, false);
      state.flushAlarmTs = nextFlushAlarmTs(state.flushAlarmTs, before, after, state.flushMinimumTemperatureDeviation, ts);
      observations.flush(state, before, after, ts);
      return historyValue({ ...message, before, after });
    }
    case 'overflow': {
      const log = await applyOverflow(tx, state, message.detected, ts, message.resistance);
      observations.waterDetection(state, message.detected, message.resistance, ts, log);
      return historyValue(message);
    }
    case 'parameters': {
      await applyParameterReport(tx, state, message.registers);
      observations.settings(state, ts);
      return historyValue(message);
    }
    case 'version': {
      state.diagnostics = { ...state.diagnostics, version: message.version };
      return historyValue(message);
    }
  }
}

/** Overflow detection opens a log in state Started; a report without detection closes it (Stopped). Answers what became of the log. */
async function applyOverflow(tx: TDbOrTx, state: TDeviceState, detected: boolean, ts: number, resistance: number): Promise<'started' | 'ended' | 'unchanged'> {
  if (detected && !state.overflowStarted) {
    await tx.execute(sql`INSERT INTO overflow_logs (device_eui, customer_id, location_id, resistance, ts, state)
      VALUES (${state.eui}, ${state.customerId}, ${state.locationId}, ${resistance}, ${new Date(ts).toISOString()}::timestamptz, 'Started')`);
    state.overflowStarted = true;
    return 'started';
  }
  if (!detected && state.overflowStarted) {
    await tx.execute(sql`UPDATE overflow_logs SET state = 'Stopped' WHERE device_eui = ${state.eui} AND state = 'Started'`);
    state.overflowStarted = false;
    return 'ended';
  }
  return 'unchanged';
}

/** A parameter report: pending registers it confirms become saved, every reported value is kept. */
async function applyParameterReport(tx: TDbOrTx, state: TDeviceState, report: { register: number; value: Record<string, unknown> }[]): Promise<void> {
  for (const reported of report) {
    const parameter = state.parameters.find((candidate) => candidate.register === reported.register);
    if (!parameter) continue;
    parameter.reported = reported.value;
    if (parameter.status !== 'saved' && matchesExpected(parameter.value, reported.value)) parameter.status = 'saved';
    await tx.execute(sql`UPDATE device_parameters SET reported = ${JSON.stringify(reported.value)}::jsonb, status = ${parameter.status}, updated_at = now()
      WHERE device_eui = ${state.eui} AND register = ${reported.register}`);
  }
  state.sync = syncOf(state.parameters);
  state.incorrectSettings = hasIncorrectSettings(state.parameters, state.presets, report);
}

/**
 * Processes a batch of stored events in the caller's transaction: history rows in one INSERT,
 * device and channel state in one set-based UPDATE each. Events of one device are applied in
 * reception order. Answers the outcome per event id.
 */
export async function processEvents(tx: TDbOrTx, events: TStoredEvent[], now = Date.now()): Promise<TOutcomes> {
  const outcomes: TOutcomes = new Map();
  const reception = new Map(events.map((event) => [event.id, receptionMs(event.body.receivedAt, event.storedAt, now)]));
  const receivedAt = (event: TStoredEvent) => reception.get(event.id)!;
  const ordered = [...events].sort((a, b) => receivedAt(a) - receivedAt(b) || a.body.fCnt - b.body.fCnt || a.id - b.id);
  const euis = [...new Set(ordered.map((event) => event.body.eui))];
  let states = await loadDeviceStates(tx, euis);

  const unknown = ordered.filter((event) => !states.has(event.body.eui) && event.body.kind === 'up');
  let overQuota = new Set<string>();
  if (unknown.length) {
    const result = await createUnknownDevices(
      tx,
      unknown.map((event) => ({ eui: event.body.eui, networkServerId: event.networkServerId, fPort: event.body.fPort ?? 0, bytes: base64Bytes(event.body.data) })),
    );
    overQuota = result.overQuota;
    if (result.created.size) states = new Map([...states, ...(await loadDeviceStates(tx, [...result.created]))]);
  }

  const history: THistoryRow[] = [];
  const observations = new AlarmObservations();
  const touched = new Set<TDeviceState>();
  const heard: THeardRow[] = [];
  const readings: TPlatformReading[] = [];
  for (const event of ordered) {
    const envelope = event.body;
    const state = states.get(envelope.eui);
    if (!state) {
      outcomes.set(event.id, unknownDeviceProblem(envelope, overQuota));
      continue;
    }
    if (event.networkServerId !== state.networkServerId) {
      // Another network server's secret: nothing of the event is applied (history, lora state, the
      // ids that route downlinks, downlink acks); administrators see it among the intake errors.
      outcomes.set(event.id, FOREIGN_NETWORK_SERVER);
      continue;
    }
    if (envelope.kind !== 'up') {
      outcomes.set(event.id, await applyDownlinkEvent(tx, envelope));
      continue;
    }
    touched.add(state);
    // Which gateways heard it (docs/gateways.md): never later than now, whatever a gateway's clock says.
    for (const gateway of envelope.heard ?? []) heard.push({ mac: gateway.mac, eui: state.eui, at: Math.min(receivedAt(event), now), rssi: gateway.rssi, snr: gateway.snr });
    // A stored last-seen time that is not plausible (set far ahead before times were clamped) does not hold newer uplinks back.
    if (state.loraTs === null || !isPlausibleMs(state.loraTs, now) || receivedAt(event) >= state.loraTs) {
      Object.assign(state, {
        loraTs: receivedAt(event),
        counter: envelope.fCnt,
        rssi: envelope.rssi ?? null,
        snr: envelope.snr ?? null,
        signal: signalLevel(envelope.rssi, envelope.snr),
      });
    }
    observations.heard(state, receivedAt(event));
    if (envelope.deviceId) state.networkDeviceId = envelope.deviceId;
    if (envelope.applicationId) state.networkApplicationId = envelope.applicationId;

    const decoded = decodeUplink(state.type, envelope.fPort ?? 0, base64Bytes(envelope.data));
    if (!decoded.ok) {
      outcomes.set(event.id, `payload not understood (fPort ${envelope.fPort ?? 0}): ${decoded.error}`);
      continue;
    }
    const ts = messageMs(decoded.message, receivedAt(event), now);
    const value = await applyMessage(tx, state, decoded.message, ts, observations);
    history.push({
      eui: state.eui,
      ts: new Date(ts).toISOString(),
      msg_id: decoded.message.msgId,
      counter: envelope.fCnt,
      rssi: envelope.rssi ?? null,
      snr: envelope.snr ?? null,
      gateway: envelope.gateway ?? null,
      value,
    });
    if (decoded.message.kind === 'temperature' || decoded.message.kind === 'flush') readings.push({ eui: state.eui, kind: decoded.message.kind, ts: new Date(ts).toISOString(), value });
    outcomes.set(event.id, null);
  }

  await writeHistory(tx, history);
  await writeDeviceStates(tx, [...touched]);
  await recordHeard(tx, heard);
  // External platforms (docs/platforms.md): the readings' outbox items in this same transaction, one
  // statement, before the alarm steps they cause (those follow through a trigger on alarm_events).
  await recordPlatformReadings(tx, readings);
  // The batch's alarms, once (docs/alarms.md, "The alarm store"): records opened and closed where
  // something changed, and the readings e-mailed at once (docs/alerts.md), in this same transaction.
  await recordObservedAlarms(tx, observations);
  return outcomes;
}

async function writeHistory(tx: TDbOrTx, rows: THistoryRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`INSERT INTO device_data (device_eui, ts, msg_id, counter, rssi, snr, gateway, value)
    SELECT r.eui, r.ts, r.msg_id, r.counter, r.rssi, r.snr, r.gateway, r.value
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS r(eui text, ts timestamptz, msg_id int, counter bigint, rssi float8, snr float8, gateway text, value jsonb)`);
}

async function writeDeviceStates(tx: TDbOrTx, states: TDeviceState[]): Promise<void> {
  if (states.length === 0) return;
  const deviceRows = states.map((state) => ({
    eui: state.eui,
    lora_ts: state.loraTs === null ? null : new Date(state.loraTs).toISOString(),
    counter: state.counter,
    rssi: state.rssi,
    snr: state.snr,
    signal: state.signal,
    battery_voltage: state.batteryVoltage,
    battery_alarm_ts: state.batteryAlarmTs,
    flush_alarm_ts: state.flushAlarmTs,
    diagnostics: state.diagnostics,
    sync: state.sync,
    incorrect_settings: state.incorrectSettings,
    network_device_id: state.networkDeviceId,
    network_application_id: state.networkApplicationId,
  }));
  await tx.execute(sql`UPDATE devices d SET lora_ts = u.lora_ts, counter = u.counter, rssi = u.rssi, snr = u.snr, signal = u.signal,
      battery_voltage = u.battery_voltage, battery_alarm_ts = u.battery_alarm_ts, flush_alarm_ts = u.flush_alarm_ts,
      diagnostics = u.diagnostics, sync = u.sync, incorrect_settings = u.incorrect_settings,
      network_device_id = u.network_device_id, network_application_id = u.network_application_id, updated_at = now()
    FROM jsonb_to_recordset(${JSON.stringify(deviceRows)}::jsonb) AS u(eui text, lora_ts timestamptz, counter bigint, rssi float8, snr float8,
      signal smallint, battery_voltage float8, battery_alarm_ts bigint, flush_alarm_ts bigint, diagnostics jsonb, sync smallint,
      incorrect_settings boolean, network_device_id text, network_application_id text)
    WHERE d.eui = u.eui`);

  const channelRows = states.flatMap((state) =>
    [...state.channels]
      .filter(([, channel]) => channel.changed)
      .map(([id, channel]) => ({
        eui: state.eui,
        id,
        value: channel.value,
        raw: channel.rawValue,
        ts: new Date(channel.ts!).toISOString(),
        since: channel.outOfRangeSince === null ? null : new Date(channel.outOfRangeSince).toISOString(),
      })),
  );
  if (channelRows.length === 0) return;
  await tx.execute(sql`UPDATE device_channels c SET value = u.value, raw_value = u.raw, ts = u.ts, out_of_range_since = u.since
    FROM jsonb_to_recordset(${JSON.stringify(channelRows)}::jsonb) AS u(eui text, id text, value float8, raw float8, ts timestamptz, since timestamptz)
    WHERE c.device_eui = u.eui AND c.channel_id = u.id`);
}
