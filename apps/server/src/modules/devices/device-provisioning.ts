import { inArray, sql } from 'drizzle-orm';
import { connectorFor, defaultChannels, UNREGISTERED_LORA_STATE, type TChannelRole, type TDeviceType } from '@aquasmart/domain';
import { queryRows, type TDbOrTx } from '../../db/database';
import { devices } from '../../db/schema';

/** What a new, unassigned device starts with. */
export interface TNewDevice {
  eui: string;
  type: TDeviceType;
  version: string;
  networkServerId: number | null;
  /** For the audit entry. */
  networkServer: string | null;
  encryptionMode: string;
  /** Roles of temperature channels by channel id (docs/logbook.md, "Roles"); a channel without one derives it from its mode. */
  roles?: Partial<Record<string, TChannelRole>>;
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
  // Each table's rows go as ONE jsonb parameter: a multi-row INSERT of bound values costs the query
  // builder about 10 µs per parameter on the event loop (16,000 channels held it 0.8 s; the soak's
  // registration of a fleet 3.4 s), a JSON text a few ms; nor does it meet the 65,535-parameter limit.
  const rows = newDevices.map((device) => {
    const connector = connectorFor(device.type);
    return {
      eui: device.eui,
      type: device.type,
      version: device.version,
      network_server_id: device.networkServerId,
      encryption_mode: device.encryptionMode,
      connector_id: connector.id,
      connector_version: connector.version,
    };
  });
  const inserted = await queryRows<{ eui: string }>(
    tx,
    sql`INSERT INTO devices (eui, type, version, network_server_id, encryption_mode, lora_state, connector_id, connector_version)
      SELECT eui, type, version, network_server_id, encryption_mode, ${UNREGISTERED_LORA_STATE}, connector_id, connector_version
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS r(eui text, type text, version text, network_server_id int, encryption_mode text, connector_id text, connector_version text)
      ON CONFLICT (eui) DO NOTHING
      RETURNING eui`,
  );
  const euis = new Set(inserted.map((row) => row.eui));
  const created = newDevices.filter((device) => euis.has(device.eui));
  if (created.length === 0) return euis;
  const channels = created.flatMap((device) =>
    defaultChannels(device.type).map((channel) => ({ device_eui: device.eui, channel_id: channel.id, name: channel.name, type: channel.type, role: device.roles?.[channel.id] ?? null })),
  );
  await tx.execute(sql`INSERT INTO device_channels (device_eui, channel_id, name, type, role)
    SELECT device_eui, channel_id, name, type, role FROM jsonb_to_recordset(${JSON.stringify(channels)}::jsonb) AS r(device_eui text, channel_id text, name text, type text, role text)`);
  const audits = created.map((device) => ({
    device_eui: device.eui,
    user_email: source.userEmail,
    value: {
      action: 'provision',
      via: source.via,
      type: device.type,
      version: device.version,
      networkServer: device.networkServer,
      encryptionMode: device.encryptionMode,
    },
  }));
  await tx.execute(sql`INSERT INTO audit_logs (device_eui, user_email, value)
    SELECT device_eui, user_email, value FROM jsonb_to_recordset(${JSON.stringify(audits)}::jsonb) AS r(device_eui text, user_email text, value jsonb)`);
  return euis;
}

/** The EUIs of this list that exist already. */
export async function existingEuis(tx: TDbOrTx, euis: readonly string[]): Promise<Set<string>> {
  if (euis.length === 0) return new Set();
  const rows = await tx.select({ eui: devices.eui }).from(devices).where(inArray(devices.eui, [...euis]));
  return new Set(rows.map((row) => row.eui));
}
