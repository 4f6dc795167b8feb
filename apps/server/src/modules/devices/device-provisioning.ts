import { inArray } from 'drizzle-orm';
import { connectorFor, defaultChannels, UNREGISTERED_LORA_STATE, type TDeviceType } from '@aquasmart/domain';
import { chunksForParameters, type TDbOrTx } from '../../db/database';
import { auditLogs, deviceChannels, devices } from '../../db/schema';

/** What a new, unassigned device starts with. */
export interface TNewDevice {
  eui: string;
  type: TDeviceType;
  version: string;
  networkServerId: number | null;
  /** For the audit entry. */
  networkServer: string | null;
  encryptionMode: string;
}

/** Who or what created the devices, written into their audit entries. */
export interface TProvisionSource {
  userEmail: string | null;
  /** api (POST /devices), csv (POST /devices/import), uplink (an unknown device reported itself). */
  via: 'api' | 'csv' | 'uplink';
}

/**
 * Inserts unassigned devices (no customer, no location, lora.state Stopped until registration)
 * with their channels (temperatures per type, battery, flush events except V3), the connector
 * of their type and an audit entry each. An EUI that exists already is skipped, also when
 * another request inserted it a moment ago; returns the EUIs actually inserted. Run it in the
 * caller's transaction.
 */
export async function insertUnassignedDevices(tx: TDbOrTx, newDevices: readonly TNewDevice[], source: TProvisionSource): Promise<Set<string>> {
  if (newDevices.length === 0) return new Set();
  const rows = newDevices.map((device) => {
    const connector = connectorFor(device.type);
    return {
      eui: device.eui,
      type: device.type,
      version: device.version,
      networkServerId: device.networkServerId,
      encryptionMode: device.encryptionMode,
      loraState: UNREGISTERED_LORA_STATE,
      connectorId: connector.id,
      connectorVersion: connector.version,
    };
  });
  const euis = new Set<string>();
  // A file of 5,000 devices (the import's maximum) is more rows than one statement may bind.
  for (const chunk of chunksForParameters(rows, columnsOf(rows))) {
    const inserted = await tx.insert(devices).values(chunk).onConflictDoNothing({ target: devices.eui }).returning({ eui: devices.eui });
    for (const row of inserted) euis.add(row.eui);
  }
  const created = newDevices.filter((device) => euis.has(device.eui));
  if (created.length === 0) return euis;
  const channels = created.flatMap((device) =>
    defaultChannels(device.type).map((channel) => ({ deviceEui: device.eui, channelId: channel.id, name: channel.name, type: channel.type })),
  );
  for (const chunk of chunksForParameters(channels, columnsOf(channels))) await tx.insert(deviceChannels).values(chunk);
  const audits = created.map((device) => ({
    deviceEui: device.eui,
    userEmail: source.userEmail,
    value: {
      action: 'provision',
      via: source.via,
      type: device.type,
      version: device.version,
      networkServer: device.networkServer,
      encryptionMode: device.encryptionMode,
    },
  }));
  for (const chunk of chunksForParameters(audits, columnsOf(audits))) await tx.insert(auditLogs).values(chunk);
  return euis;
}

/** Bind parameters per row of a multi-row insert: one per column given. */
const columnsOf = (rows: readonly object[]) => (rows[0] ? Object.keys(rows[0]).length : 1);

/** The EUIs of this list that exist already. */
export async function existingEuis(tx: TDbOrTx, euis: readonly string[]): Promise<Set<string>> {
  if (euis.length === 0) return new Set();
  const rows = await tx.select({ eui: devices.eui }).from(devices).where(inArray(devices.eui, [...euis]));
  return new Set(rows.map((row) => row.eui));
}
