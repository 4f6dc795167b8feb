import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from './portal';

/**
 * Readings through the real intake for browser tests: ChirpStack HTTP integration `up` events with
 * the demo network server's secret (apps/server/src/demo/network-server.ts), payloads as in
 * docs/payload-format.md, processed by the server's intake worker.
 */
const DEMO_SECRET = 'demo-simulator-chirpstack-integration-secret';
let frameCounter = 700_000 + Math.floor(Math.random() * 10_000);

export async function uplink(request: APIRequestContext, eui: string, fPort: number, bytes: Buffer): Promise<void> {
  frameCounter += 1;
  const answer = await request.post('/api/v1/integrations/chirpstack?event=up', {
    headers: { authorization: `Bearer ${DEMO_SECRET}` },
    data: {
      deduplicationId: randomUUID(),
      time: new Date().toISOString(),
      deviceInfo: { devEui: eui.toLowerCase(), deviceName: eui.toLowerCase(), tags: {} },
      fCnt: frameCounter,
      fPort,
      data: bytes.toString('base64'),
      rxInfo: [{ gatewayId: '0016c001f153a14c', rssi: -90, snr: 7 }],
    },
  });
  expect(answer.status()).toBe(200);
}

/** A V2 temperature message (fPort 42: u32 seconds, an i16 of tenths per channel), waited for until applied. */
export async function v2Temperatures(request: APIRequestContext, token: string, eui: string, measuredAtS: number, values: [number, number, number]): Promise<void> {
  const bytes = Buffer.alloc(10);
  bytes.writeUInt32BE(measuredAtS, 0);
  values.forEach((value, index) => bytes.writeInt16BE(Math.round(value * 10), 4 + index * 2));
  await uplink(request, eui, 42, bytes);
  await expect
    .poll(
      async () => {
        const node = (await (await request.get(`/api/v1/devices/${eui}`, { headers: { 'x-access-token': token } })).json()) as { channels: { id: string; ts: number | null }[] };
        return node.channels.find((channel) => channel.id === 'temperature1')?.ts;
      },
      { timeout: 15_000 },
    )
    .toBe(measuredAtS);
}
