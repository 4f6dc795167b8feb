import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAsync } from 'mqtt';
import { encodeUplink } from '@aquasmart/domain';
import { createTestContext, type TTestContext } from '../../test/test-app';
import { chirpstackUp, countOf, seedDevice, seedNetworkServer } from '../../test/intake-fixtures';
import { ChirpstackMqtt, eventTopic } from './chirpstack-mqtt';
import { IntakeWriter } from './intake-writer';

/**
 * Several server copies on one broker (docs/operations.md, "Running several copies"): the copies
 * subscribe through one shared subscription, so the broker hands each uplink to one copy. The
 * machine's Mosquitto on 127.0.0.1:1883 (CI starts it; .ci/run).
 */
const BROKER = 'mqtt://127.0.0.1:1883';
const silent = { info: () => undefined, warn: () => undefined };
const EUIS = Array.from({ length: 4 }, (_, index) => `70B3D5499C0010${String(index).padStart(2, '0')}`);

let ctx: TTestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

/** An IntakeWriter that counts what its bridge handed it. */
class CountingWriter extends IntakeWriter {
  submitted = 0;
  override submit(...args: Parameters<IntakeWriter['submit']>) {
    this.submitted += 1;
    return super.submit(...args);
  }
}

async function waitFor(check: () => Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('ChirpStack MQTT with two server copies', () => {
  it('the broker splits the uplinks between the copies: each is stored once, both copies take some', { timeout: 60_000 }, async () => {
    const db = ctx.database.db;
    const applicationId = `copies-${randomBytes(6).toString('hex')}`;
    const server = await seedNetworkServer(db, 'ChirpStack copies', 'chirpstack', 'copies-secret', { mqttUrl: BROKER, applicationId });
    for (const eui of EUIS) await seedDevice(db, eui, 'V2', server);
    const run = randomBytes(4).toString('hex');
    const writers = [new CountingWriter(db), new CountingWriter(db)];
    const copies = writers.map((writer, index) => new ChirpstackMqtt(db, writer, silent, `aquasmart-test-${run}-${index}`));
    const publisher = await connectAsync(BROKER, { clientId: `publisher-${run}` });
    try {
      await Promise.all(copies.map((copy) => copy.start()));
      // Both copies are subscribed once a probe published after their start reaches one of them.
      const frame = encodeUplink('V2', { kind: 'battery', msgId: 40, timestamp: 1_795_000_000, voltage: 3.5 });
      const body = (eui: string, fCnt: number) => JSON.stringify(chirpstackUp(eui, fCnt, { fPort: frame.fPort, data: Buffer.from(frame.bytes).toString('base64') }));
      await new Promise((resolve) => setTimeout(resolve, 1000));

      const total = 60;
      for (let index = 0; index < total; index += 1) {
        const eui = EUIS[index % EUIS.length];
        await publisher.publishAsync(`application/${applicationId}/device/${eui.toLowerCase()}/event/up`, body(eui, 1000 + index), { qos: 1 });
      }
      await waitFor(async () => (await countOf(db, 'intake_events')) >= total, 30_000);
      // Nothing more arrives: no copy stored an uplink the other one had.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(await countOf(db, 'intake_events')).toBe(total);
      expect(writers[0].submitted + writers[1].submitted).toBe(total);
      expect(writers[0].submitted).toBeGreaterThan(0);
      expect(writers[1].submitted).toBeGreaterThan(0);
    } finally {
      await publisher.endAsync();
      await Promise.all(copies.map((copy) => copy.stop()));
      await Promise.all(writers.map((writer) => writer.close()));
    }
  });

  it('a persistent session from before the shared subscription loses its plain subscription', { timeout: 60_000 }, async () => {
    const db = ctx.database.db;
    const applicationId = `legacy-${randomBytes(6).toString('hex')}`;
    const server = await seedNetworkServer(db, 'ChirpStack legacy', 'chirpstack', 'legacy-secret', { mqttUrl: BROKER, applicationId });
    const run = randomBytes(4).toString('hex');
    // Copy 0's session as an older version left it: the plain topic, kept by the broker.
    const old = await connectAsync(BROKER, { clientId: `aquasmart-test-${run}-0-ns${server}`, clean: false });
    await old.subscribeAsync(eventTopic(applicationId), { qos: 1 });
    await old.endAsync();

    const writers = [new CountingWriter(db), new CountingWriter(db)];
    const copies = writers.map((writer, index) => new ChirpstackMqtt(db, writer, silent, `aquasmart-test-${run}-${index}`));
    const publisher = await connectAsync(BROKER, { clientId: `publisher-${run}` });
    try {
      await Promise.all(copies.map((copy) => copy.start()));
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const frame = encodeUplink('V2', { kind: 'battery', msgId: 40, timestamp: 1_795_000_000, voltage: 3.4 });
      const before = await countOf(db, 'intake_events');
      const total = 20;
      for (let index = 0; index < total; index += 1) {
        const eui = EUIS[index % EUIS.length];
        const body = chirpstackUp(eui, 5000 + index, { fPort: frame.fPort, data: Buffer.from(frame.bytes).toString('base64') });
        await publisher.publishAsync(`application/${applicationId}/device/${eui.toLowerCase()}/event/up`, JSON.stringify(body), { qos: 1 });
      }
      await waitFor(async () => (await countOf(db, 'intake_events')) >= before + total, 30_000);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      // Through the shared subscription only: with the plain one left, copy 0 took every uplink besides its share.
      expect(writers[0].submitted + writers[1].submitted).toBe(total);
    } finally {
      await publisher.endAsync();
      await Promise.all(copies.map((copy) => copy.stop()));
      await Promise.all(writers.map((writer) => writer.close()));
    }
  });
});
