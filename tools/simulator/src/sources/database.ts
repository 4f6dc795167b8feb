import { TEMPERATURE_CHANNEL_COUNT, type TDeviceType } from '@aquasmart/domain';
import pg from 'pg';
import type { TChannelMode, TChannelSpec, TNodeSpec } from '../model/types';

/**
 * The devices of one network server, read from the portal's PostgreSQL database (PGlite is
 * held by the server process, so `--fleet db` needs DATABASE_URL). Also gives the network
 * server's secret and downlink settings, so the simulator can stand in for it.
 */

export interface TDatabaseFleet {
  networkServer: { name: string; kind: string; secret: string; config: Record<string, string | undefined> };
  nodes: TNodeSpec[];
}

const BASES: Record<TChannelMode, number> = { WW: 61, KW: 14, 'Meng/uittap': 38 };
const MODES = new Set<string>(['WW', 'KW', 'Meng/uittap']);

interface TDeviceRow {
  eui: string;
  type: TDeviceType;
  name: string;
  counter: string | null;
  rssi: number | null;
  snr: number | null;
  battery_voltage: number | null;
  gateway: string | null;
  lora_state: string;
  diagnostics: { version?: { major: number; minor: number; patch: number } } | null;
  channels: { id: string; mode?: string; value: number | null }[] | null;
  registers: { register: number; value: Record<string, unknown>; reported: Record<string, unknown> | null }[] | null;
}

/** A channel as the node plays it: the configured mode, around the last healthy reading if there is one. */
function channelSpec(row: TDeviceRow, index: number): TChannelSpec {
  const channel = row.channels?.find((c) => c.id === `temperature${index + 1}`);
  const mode = (channel?.mode && MODES.has(channel.mode) ? channel.mode : index === 1 ? 'KW' : 'WW') as TChannelMode;
  const healthy = channel?.value !== null && channel?.value !== undefined && channel.value > -100;
  const base = healthy && Math.abs(channel.value! - BASES[mode]) < 15 ? channel.value! : BASES[mode];
  return { mode, base };
}

export async function readDatabaseFleet(databaseUrl: string, networkServerName: string | undefined): Promise<TDatabaseFleet> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const servers = await client.query<{ id: number; name: string; kind: string; secret: string; config: Record<string, string | undefined> }>(
      networkServerName ? 'SELECT id, name, kind, secret, config FROM network_servers WHERE name = $1' : 'SELECT id, name, kind, secret, config FROM network_servers ORDER BY id',
      networkServerName ? [networkServerName] : [],
    );
    if (servers.rows.length === 0) throw new Error(networkServerName ? `no network server named ${networkServerName}` : 'the database has no network server');
    if (servers.rows.length > 1) throw new Error(`several network servers (${servers.rows.map((s) => s.name).join(', ')}): choose one with --network-server`);
    const server = servers.rows[0];
    const devices = await client.query<TDeviceRow>(
      `SELECT d.eui, d.type, d.name, d.counter::text AS counter, d.rssi, d.snr, d.battery_voltage, g.mac AS gateway, d.lora_state, d.diagnostics,
         (SELECT json_agg(json_build_object('id', c.channel_id, 'mode', c.custom ->> 'mode', 'value', c.raw_value)) FROM device_channels c WHERE c.device_eui = d.eui) AS channels,
         (SELECT json_agg(json_build_object('register', p.register, 'value', p.value, 'reported', p.reported)) FROM device_parameters p WHERE p.device_eui = d.eui) AS registers
       FROM devices d LEFT JOIN gateways g ON g.id = d.gateway_id
       WHERE d.network_server_id = $1 ORDER BY d.eui`,
      [server.id],
    );
    const nodes = devices.rows
      .filter((row) => row.type in TEMPERATURE_CHANNEL_COUNT)
      .map((row): TNodeSpec => ({
        eui: row.eui,
        type: row.type,
        name: row.name || row.eui,
        channels: Array.from({ length: TEMPERATURE_CHANNEL_COUNT[row.type] }, (_v, i) => channelSpec(row, i)),
        registers: (row.registers ?? []).map((entry) => ({ register: entry.register, value: entry.reported ?? entry.value })),
        battery: { voltage: row.battery_voltage ?? 3.5, slopePerDay: 0.001 },
        radio: { rssi: row.rssi ?? -95, snr: row.snr ?? 3, gateways: [row.gateway ?? '0016c001f1500001'] },
        counter: Number(row.counter ?? 0),
        firmware: row.diagnostics?.version ?? { major: 1, minor: 0, patch: 0 },
        announceVersion: !row.diagnostics?.version,
      }));
    return { networkServer: { name: server.name, kind: server.kind, secret: server.secret, config: server.config }, nodes };
  } finally {
    await client.end();
  }
}
