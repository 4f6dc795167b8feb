import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { useTestContext } from '../../test/test-app';
import type { TDb } from '../../db/database';
import { gatewayNodes, gateways } from '../../db/schema';
import { processIntakeBatch } from './intake-worker';
import { chirpstackUp, payload, postChirpstack, seedDevice, seedNetworkServer } from '../../test/intake-fixtures';
import { insertGateway, seedPlacesWorld } from '../../test/places-fixtures';

/** Which gateways heard which nodes (docs/gateways.md): both network-server formats, last-seen, RSSI/SNR. */

let db: TDb;
const CHIRPSTACK_SECRET = 'heard-chirpstack-secret-0001';
const TTS_SECRET = 'heard-tts-secret-0001';
const NODE = '70B3D5499B0000A1';
const TTS_NODE = '70B3D5499B0000A2';
const TS = 1_795_000_000;
let ids: { dak: number; kelder: number };

const ctx = useTestContext();
beforeAll(() => {
  db = ctx.database.db;
});
beforeEach(async () => {
  const chirpstack = await seedNetworkServer(db, 'ChirpStack', 'chirpstack', CHIRPSTACK_SECRET);
  const tts = await seedNetworkServer(db, 'TTS', 'tts', TTS_SECRET);
  const world = await seedPlacesWorld(db);
  await seedDevice(db, NODE, 'V2', chirpstack, { customerId: world.acme, locationId: world.hal });
  await seedDevice(db, TTS_NODE, 'V2', tts, { customerId: world.acme, locationId: world.hal });
  // Registered as the gateway form stores them: lower case. 0016c001f153a14c is not registered.
  ids = {
    dak: await insertGateway(db, { customerId: world.acme, locationId: world.hal, name: 'dak', mac: '0016c001f1500001' }),
    kelder: await insertGateway(db, { customerId: world.acme, locationId: world.hal, name: 'kelder', mac: '7076ff0056000002' }),
  };
});

const temperature = (timestamp = TS) => payload('V2', { kind: 'temperature', msgId: 42, timestamp, temperatures: [58.2, 14.9, 40] });

async function heardRows() {
  return db
    .select({ gatewayId: gatewayNodes.gatewayId, eui: gatewayNodes.deviceEui, at: gatewayNodes.lastHeardAt, rssi: gatewayNodes.rssi, snr: gatewayNodes.snr })
    .from(gatewayNodes)
    .orderBy(asc(gatewayNodes.gatewayId), asc(gatewayNodes.deviceEui));
}

async function lastSeen(id: number): Promise<Date | null> {
  const [row] = await db.select({ at: gateways.lastSeenAt }).from(gateways).where(eq(gateways.id, id));
  return row.at;
}

describe('ChirpStack rxInfo', () => {
  it('records every registered gateway of the uplink with its RSSI and SNR and its last-seen time; an unregistered one is left out', async () => {
    const at = '2026-11-20T10:00:00.100Z';
    const response = await postChirpstack(
      ctx.app,
      CHIRPSTACK_SECRET,
      'up',
      chirpstackUp(NODE, 1, temperature(), {
        rxInfo: [
          { gatewayId: '0016c001f1500001', rssi: -80, snr: 9, time: at },
          { gatewayId: '7076FF0056000002', rssi: -101, snr: -3.5, time: at },
          { gatewayId: '0016c001f153a14c', rssi: -60, snr: 11, time: at },
        ],
      }),
    );
    expect(response.statusCode).toBe(200);
    await processIntakeBatch(db);
    expect(await heardRows()).toEqual([
      { gatewayId: ids.dak, eui: NODE, at: new Date(at), rssi: -80, snr: 9 },
      { gatewayId: ids.kelder, eui: NODE, at: new Date(at), rssi: -101, snr: -3.5 },
    ]);
    expect(await lastSeen(ids.dak)).toEqual(new Date(at));
    expect(await lastSeen(ids.kelder)).toEqual(new Date(at));
  });

  it('an uplink an hour or more after the stored one replaces RSSI, SNR and time; sooner or older ones do not; last-seen moves on by the minute', async () => {
    const post = (fCnt: number, time: string, rssi: number) =>
      postChirpstack(ctx.app, CHIRPSTACK_SECRET, 'up', chirpstackUp(NODE, fCnt, temperature(), { rxInfo: [{ gatewayId: '0016c001f1500001', rssi, snr: 5, time }] }));
    await post(1, '2026-11-20T10:00:00.000Z', -90);
    await processIntakeBatch(db);
    // Within the hour (HEARD_STEP) the pair is left alone; the gateway's last-seen moves on.
    await post(2, '2026-11-20T10:59:59.000Z', -85);
    await processIntakeBatch(db);
    expect(await heardRows()).toEqual([{ gatewayId: ids.dak, eui: NODE, at: new Date('2026-11-20T10:00:00.000Z'), rssi: -90, snr: 5 }]);
    expect(await lastSeen(ids.dak)).toEqual(new Date('2026-11-20T10:59:59.000Z'));
    await post(3, '2026-11-20T11:00:00.000Z', -80);
    await processIntakeBatch(db);
    await post(4, '2026-11-20T10:30:00.000Z', -120);
    await processIntakeBatch(db);
    expect(await heardRows()).toEqual([{ gatewayId: ids.dak, eui: NODE, at: new Date('2026-11-20T11:00:00.000Z'), rssi: -80, snr: 5 }]);
    // Within a minute of the stored time: the gateway row is left alone.
    await post(5, '2026-11-20T11:00:30.000Z', -84);
    await processIntakeBatch(db);
    expect(await lastSeen(ids.dak)).toEqual(new Date('2026-11-20T10:59:59.000Z'));
  });

  it('a gateway time ahead of the server counts as now', async () => {
    const before = Date.now();
    await postChirpstack(ctx.app, CHIRPSTACK_SECRET, 'up', chirpstackUp(NODE, 1, temperature(), { rxInfo: [{ gatewayId: '0016c001f1500001', rssi: -70, snr: 7, time: new Date(before + 6 * 3_600_000).toISOString() }] }));
    await processIntakeBatch(db);
    const seen = (await lastSeen(ids.dak))!.getTime();
    expect(seen).toBeGreaterThanOrEqual(before);
    expect(seen).toBeLessThanOrEqual(Date.now());
  });
});

describe('The Things Stack rx_metadata', () => {
  const ttsUplink = (rxMetadata: unknown[]) => ({
    end_device_ids: { device_id: 'node-a2', application_ids: { application_id: 'app' }, dev_eui: TTS_NODE },
    received_at: '2026-11-20T11:00:01Z',
    uplink_message: { f_port: temperature().fPort, f_cnt: 9, frm_payload: temperature().data, rx_metadata: rxMetadata, received_at: '2026-11-20T11:00:01Z' },
  });

  it('matches gateway_ids.eui (upper case) and the default gateway_id eui-<mac>; RSSI else channel_rssi', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/integrations/tts/uplink',
      headers: { authorization: `Bearer ${TTS_SECRET}` },
      payload: ttsUplink([
        { gateway_ids: { gateway_id: 'mijn-dak-gateway', eui: '0016C001F1500001' }, rssi: -77, snr: 8.25, time: '2026-11-20T11:00:00Z' },
        { gateway_ids: { gateway_id: 'eui-7076ff0056000002' }, channel_rssi: -99, snr: -1, time: '2026-11-20T11:00:00Z' },
        { gateway_ids: { gateway_id: 'packetbroker' }, rssi: -50, snr: 12 },
      ]),
    });
    expect(response.statusCode).toBe(200);
    await processIntakeBatch(db);
    expect(await heardRows()).toEqual([
      { gatewayId: ids.dak, eui: TTS_NODE, at: new Date('2026-11-20T11:00:00Z'), rssi: -77, snr: 8.25 },
      { gatewayId: ids.kelder, eui: TTS_NODE, at: new Date('2026-11-20T11:00:00Z'), rssi: -99, snr: -1 },
    ]);
    expect(await lastSeen(ids.dak)).toEqual(new Date('2026-11-20T11:00:00Z'));
  });
});

describe('what is not recorded', () => {
  it('an uplink of a device from another network server records nothing', async () => {
    await postChirpstack(ctx.app, CHIRPSTACK_SECRET, 'up', chirpstackUp(TTS_NODE, 1, temperature()));
    await processIntakeBatch(db);
    expect(await heardRows()).toEqual([]);
    expect(await lastSeen(ids.dak)).toBeNull();
  });

  it('an uplink whose payload is not understood still tells which gateways heard the node', async () => {
    await postChirpstack(ctx.app, CHIRPSTACK_SECRET, 'up', chirpstackUp(NODE, 1, { fPort: 99, data: 'AAAA' }));
    await processIntakeBatch(db);
    expect((await heardRows()).map((row) => row.gatewayId)).toEqual([ids.dak]);
  });
});
