import { deviceChannels, deviceParameters, devices } from '../db/schema';
import { counterAt, flushMs, signalLevel, type TNodePlan } from './plan';
import type { TPlaces } from './places';
import { buildPresets, buildRegisters, syncOf } from './registers';
import type { TTx } from './types';

const LOCATION_NOTES = ['Achter het plafondluik', 'In de technische ruimte, links van de boiler', 'Sensor onder de wastafel', null, null, null];

/** Devices with their channels and parameters. Channel values are filled in from the history afterwards. */
export async function seedDevices(tx: TTx, nodes: TNodePlan[], places: TPlaces, nowMs: number): Promise<void> {
  const parameterRows: (typeof deviceParameters.$inferInsert)[] = [];
  const channelRows: (typeof deviceChannels.$inferInsert)[] = [];
  const deviceRows: (typeof devices.$inferInsert)[] = nodes.map((node, index) => {
    const place = places.locations.get(node.location.name)!;
    const registers = buildRegisters(node, nowMs);
    for (const row of registers) parameterRows.push({ deviceEui: node.eui, ...row });

    const calibratedAt = node.calibrationMs === null ? null : new Date(node.calibrationMs);
    for (const channel of node.channels) {
      channelRows.push({
        deviceEui: node.eui,
        channelId: channel.id,
        name: channel.name,
        type: 'Temperatuur',
        offset: channel.offset,
        calibratedAt: channel.id === 'temperature1' ? calibratedAt : null,
        custom: { mode: channel.mode, attachments: channel.attachments },
      });
    }
    channelRows.push({ deviceEui: node.eui, channelId: 'battery1', name: 'Batterij', type: 'Batterij', custom: {} });
    if (node.type !== 'V3') channelRows.push({ deviceEui: node.eui, channelId: 'flush1', name: 'Spoeling', type: 'Event', custom: {} });

    const { major, minor, patch } = node.firmware;
    return {
      eui: node.eui,
      name: node.name,
      type: node.type,
      version: `${major}.${minor}`,
      customerId: place.customerId,
      locationId: place.id,
      gatewayId: place.gatewayId,
      flushDeviceId: node.flush ? places.productIds.get(node.flush.faucet)! : null,
      locationNotes: LOCATION_NOTES[index % LOCATION_NOTES.length],
      calibrationInterval: node.interval,
      calibrationTs: calibratedAt,
      batteryTs: new Date(node.battery.swappedMs),
      batteryAlarmTs: node.battery.alarmS,
      batteryVoltage: node.battery.end,
      flushMinimumTemperatureDeviation: node.flushDeviation,
      flushAlarmTs: node.flush && node.flush.alarmSlot >= 0 ? flushMs(node, node.flush.alarmSlot) : 0,
      loraState: 'Started',
      networkServerId: places.networkServerId,
      encryptionMode: 'NS',
      loraTs: new Date(Math.floor(node.endMs / 1000) * 1000),
      counter: counterAt(node, 0, 2),
      rssi: node.rssi,
      snr: node.snr,
      signal: signalLevel(node.rssi, node.snr),
      presets: buildPresets(node),
      connectorId: `aquasmart-${node.type.toLowerCase()}`,
      connectorVersion: '1',
      diagnostics: { version: { major, minor, patch } },
      sync: syncOf(registers),
      incorrectSettings: node.params.incorrect,
      createdAt: new Date(node.registeredMs),
      updatedAt: new Date(nowMs),
    };
  });

  await tx.insert(devices).values(deviceRows);
  await tx.insert(deviceChannels).values(channelRows);
  if (parameterRows.length) await tx.insert(deviceParameters).values(parameterRows);
}
