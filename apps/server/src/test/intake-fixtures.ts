import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { defaultChannels, encodeUplink, type TDeviceType, type TUplinkMessage } from '@aquasmart/domain';
import { queryRows, type TDb } from '../db/database';
import { deviceChannels, devices, networkServers, type TNetworkServerConfig } from '../db/schema';

/** Test helpers shared by the intake, telemetry and downlink tests. */

export async function seedNetworkServer(db: TDb, name: string, kind: 'chirpstack' | 'tts', secret: string, config: TNetworkServerConfig = {}): Promise<number> {
  const [row] = await db.insert(networkServers).values({ name, kind, secret, config }).returning({ id: networkServers.id });
  return row.id;
}

export async function seedDevice(
  db: TDb,
  eui: string,
  type: TDeviceType,
  networkServerId: number | null,
  extra: Partial<typeof devices.$inferInsert> = {},
  offsets: Record<string, number> = {},
): Promise<void> {
  await db.insert(devices).values({ eui, type, networkServerId, loraState: 'Started', ...extra });
  await db
    .insert(deviceChannels)
    .values(defaultChannels(type).map((channel) => ({ deviceEui: eui, channelId: channel.id, name: channel.name, type: channel.type, offset: offsets[channel.id] ?? 0 })));
}

export function payload(type: TDeviceType, message: TUplinkMessage): { fPort: number; data: string } {
  const frame = encodeUplink(type, message);
  return { fPort: frame.fPort, data: Buffer.from(frame.bytes).toString('base64') };
}

/** A ChirpStack v4 `up` event as the HTTP integration posts it (JSON encoding). */
export function chirpstackUp(eui: string, fCnt: number | undefined, frame: { fPort: number; data: string }, extra: Record<string, unknown> = {}) {
  return {
    deduplicationId: `dedup-${eui}-${fCnt ?? 0}`,
    time: '2026-11-20T10:00:00.123456789+00:00',
    deviceInfo: {
      tenantId: '52f14cd4-c6f1-4fbd-8f87-4025e1d49242',
      tenantName: 'ChirpStack',
      applicationId: '17c82e96-be03-4f38-aef3-f83d48582d97',
      applicationName: 'Aquasmart',
      deviceProfileId: '14855bf7-d10d-4aee-b618-ebfcb64dc7ad',
      deviceProfileName: 'Aquasmart V2',
      deviceName: `node-${eui}`,
      devEui: eui.toLowerCase(),
      tags: {},
    },
    devAddr: '00189440',
    adr: true,
    dr: 5,
    ...(fCnt === undefined ? {} : { fCnt }),
    fPort: frame.fPort,
    confirmed: false,
    data: frame.data,
    rxInfo: [
      { gatewayId: '0016c001f153a14c', uplinkId: 4217106255, rssi: -98, snr: 4.5, nsTime: '2026-11-20T10:00:00.200Z', context: 'E3OWOQ==' },
      { gatewayId: '0016c001f1500001', uplinkId: 1, rssi: -80, snr: 9, time: '2026-11-20T10:00:00.100Z', nsTime: '2026-11-20T10:00:00.210Z' },
    ],
    txInfo: { frequency: 868100000, modulation: { lora: { bandwidth: 125000, spreadingFactor: 7, codeRate: 'CR_4_5' } } },
    ...extra,
  };
}

export function postChirpstack(app: FastifyInstance, secret: string | null, event: string, body: unknown) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/integrations/chirpstack?event=${event}`,
    headers: { 'content-type': 'application/json', ...(secret === null ? {} : { authorization: `Bearer ${secret}` }) },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export async function countOf(db: TDb, table: string, where = sql`TRUE`): Promise<number> {
  const [row] = await queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM ${sql.identifier(table)} WHERE ${where}`);
  return Number(row.total);
}
