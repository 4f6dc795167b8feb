import { and, eq, inArray, sql, type AnyColumn } from 'drizzle-orm';
import { deviceTypeFromUplink, effectiveRulebook, type TDeviceType, type TRulebookId } from '@aquasmart/domain';
import type { TDbOrTx } from '../../db/database';
import { customers, deviceChannels, deviceParameters, devices, locations, networkServers, overflowLogs, type TDiagnostics } from '../../db/schema';
import { activeAlarmsOfNode, decodeActiveAlarms } from '../alarm-store/alarm-rows';
import { insertUnassignedDevices } from '../devices/device-provisioning';
import { newDeviceQuota } from './new-device-quota';
import type { TParameterState } from './settings-match';

/** What processing reads and changes of one device; written back once per batch. */
export interface TDeviceState {
  eui: string;
  type: TDeviceType;
  customerId: number | null;
  locationId: number | null;
  /** The network server the device belongs to: the only one whose events are applied to it. */
  networkServerId: number | null;
  loraTs: number | null;
  counter: number | null;
  rssi: number | null;
  snr: number | null;
  signal: number;
  batteryVoltage: number | null;
  batteryAlarmTs: number;
  /** When the battery was last swapped (battery.ts), ms; readings from before it say nothing about the new battery. */
  batterySwappedMs: number | null;
  flushAlarmTs: number;
  flushMinimumTemperatureDeviation: number;
  diagnostics: TDiagnostics;
  sync: number;
  incorrectSettings: boolean;
  networkDeviceId: string | null;
  networkApplicationId: string | null;
  presets: { register: number; value: unknown }[];
  parameters: TParameterState[];
  /** channel id -> offset and latest ts (ms); mode (WW, KW, ...) and out-of-range start for the temperature alarm */
  channels: Map<string, TChannelState>;
  overflowStarted: boolean;
  /** Active alarms of the node (docs/alarms.md): `kind:channelId` -> opened at (ms). */
  activeAlarms: Map<string, number>;
  /** The sustained-temperature alarm's rulebook and duration (the node's location and customer); null for a node without a customer. */
  temperatureRules: { rulebook: TRulebookId; healthcare: boolean; durationMinutes: number } | null;
}

export interface TChannelState {
  offset: number;
  ts: number | null;
  value: number | null;
  rawValue: number | null;
  changed: boolean;
  mode: string | null;
  outOfRangeSince: number | null;
}

/**
 * `column = ANY($1)` with the EUIs as ONE array parameter: the statement's text is the same for
 * every batch (drizzle's `inArray` writes one parameter per EUI, up to 500, and builds that text
 * again for every batch; PostgreSQL parses it again too).
 */
function isAnyOf(column: AnyColumn, values: readonly string[]) {
  return sql`${column} = ANY(${sql.param(values)})`;
}

/** Loads (and locks, in id order) the devices of a batch with their channels, parameters and open overflow logs. */
export async function loadDeviceStates(tx: TDbOrTx, euis: string[]): Promise<Map<string, TDeviceState>> {
  const states = new Map<string, TDeviceState>();
  if (euis.length === 0) return states;
  // The alarm side (docs/alarms.md) rides on this one read, so a batch costs no extra round trip:
  // the node's active alarms, and its location's and customer's rulebook and temperature duration.
  const rows = await tx
    .select({
      row: devices,
      activeAlarms: activeAlarmsOfNode(sql`${devices.eui}`),
      locationRulebook: locations.rulebook,
      healthcare: locations.healthcare,
      customerRulebook: customers.rulebook,
      country: customers.country,
      temperatureMinutes: customers.alarmTemperatureMinutes,
    })
    .from(devices)
    .leftJoin(customers, eq(customers.id, devices.customerId))
    .leftJoin(locations, eq(locations.id, devices.locationId))
    .where(isAnyOf(devices.eui, euis))
    .orderBy(devices.eui)
    .for('update', { of: devices });
  for (const { row, activeAlarms, ...rules } of rows) {
    states.set(row.eui, {
      eui: row.eui,
      type: row.type,
      customerId: row.customerId,
      locationId: row.locationId,
      networkServerId: row.networkServerId,
      loraTs: row.loraTs ? row.loraTs.getTime() : null,
      counter: row.counter,
      rssi: row.rssi,
      snr: row.snr,
      signal: row.signal,
      batteryVoltage: row.batteryVoltage,
      batteryAlarmTs: row.batteryAlarmTs,
      batterySwappedMs: row.batteryTs ? row.batteryTs.getTime() : null,
      flushAlarmTs: row.flushAlarmTs,
      flushMinimumTemperatureDeviation: row.flushMinimumTemperatureDeviation,
      diagnostics: row.diagnostics,
      sync: row.sync,
      incorrectSettings: row.incorrectSettings,
      networkDeviceId: row.networkDeviceId,
      networkApplicationId: row.networkApplicationId,
      presets: row.presets,
      parameters: [],
      channels: new Map(),
      overflowStarted: false,
      activeAlarms: decodeActiveAlarms(activeAlarms),
      temperatureRules:
        row.customerId === null || rules.temperatureMinutes === null
          ? null
          : {
              rulebook: effectiveRulebook(rules.locationRulebook, rules.customerRulebook, rules.country),
              healthcare: rules.healthcare ?? false,
              durationMinutes: rules.temperatureMinutes,
            },
    });
  }
  const found = [...states.keys()];
  if (found.length === 0) return states;
  const channels = await tx.select().from(deviceChannels).where(isAnyOf(deviceChannels.deviceEui, found));
  for (const channel of channels) {
    states.get(channel.deviceEui)!.channels.set(channel.channelId, {
      offset: channel.offset,
      ts: channel.ts ? channel.ts.getTime() : null,
      value: channel.value,
      rawValue: channel.rawValue,
      changed: false,
      mode: channel.custom.mode ?? null,
      outOfRangeSince: channel.outOfRangeSince ? channel.outOfRangeSince.getTime() : null,
    });
  }
  const parameters = await tx.select().from(deviceParameters).where(isAnyOf(deviceParameters.deviceEui, found));
  for (const parameter of parameters) {
    states.get(parameter.deviceEui)!.parameters.push({ register: parameter.register, value: parameter.value, status: parameter.status, reported: parameter.reported });
  }
  const open = await tx
    .select({ eui: overflowLogs.deviceEui })
    .from(overflowLogs)
    .where(and(isAnyOf(overflowLogs.deviceEui, found), sql`${overflowLogs.state} = 'Started'`));
  for (const { eui } of open) states.get(eui)!.overflowStarted = true;
  return states;
}

/** EUIs created now, and EUIs not created because their network server's quota for the hour is used up. */
export interface TCreatedDevices {
  created: Set<string>;
  overQuota: Set<string>;
}

/**
 * An uplink from an unknown EUI creates an unassigned device (provisioning's
 * insertUnassignedDevices: no customer, no location, lora.state Stopped, its channels, an audit
 * entry "via uplink") when one of its payloads tells the device type, for the network server that
 * sent it, within that server's hourly quota (new-device-quota.ts). An event that no network
 * server sent creates nothing. Candidates come in reception order; the first ones get the quota.
 */
export async function createUnknownDevices(
  tx: TDbOrTx,
  candidates: { eui: string; networkServerId: number | null; fPort: number; bytes: Uint8Array }[],
): Promise<TCreatedDevices> {
  const typed = new Map<string, { type: TDeviceType; networkServerId: number }>();
  for (const candidate of candidates) {
    if (typed.has(candidate.eui) || candidate.networkServerId === null) continue;
    const type = deviceTypeFromUplink(candidate.fPort, candidate.bytes);
    if (type) typed.set(candidate.eui, { type, networkServerId: candidate.networkServerId });
  }
  const overQuota = new Set<string>();
  if (typed.size === 0) return { created: new Set(), overQuota };
  const ids = [...new Set([...typed.values()].map((entry) => entry.networkServerId))];
  const quota = await newDeviceQuota(tx, ids);
  for (const [eui, { networkServerId }] of typed) {
    const left = quota.get(networkServerId) ?? 0;
    if (left > 0) quota.set(networkServerId, left - 1);
    else {
      overQuota.add(eui);
      typed.delete(eui);
    }
  }
  if (typed.size === 0) return { created: new Set(), overQuota };
  const names = new Map((await tx.select({ id: networkServers.id, name: networkServers.name }).from(networkServers).where(inArray(networkServers.id, ids))).map((row) => [row.id, row.name]));
  const newDevices = [...typed].map(([eui, { type, networkServerId }]) => ({
    eui,
    type,
    // The firmware version is not known yet; the node's version report fills diagnostics.version.
    version: '',
    networkServerId,
    networkServer: names.get(networkServerId) ?? null,
    encryptionMode: 'NS',
  }));
  await insertUnassignedDevices(tx, newDevices, { userEmail: null, via: 'uplink' });
  return { created: new Set(typed.keys()), overQuota };
}
