import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAsync } from 'mqtt';
import { encodeUplink } from '@aquasmart/domain';
import { createTestContext, type TTestContext } from '../../test/test-app';
import { chirpstackUp, countOf, seedDevice, seedNetworkServer } from '../../test/intake-fixtures';
import { sql } from 'drizzle-orm';
import { ChirpstackMqtt, sharedEventTopic } from './chirpstack-mqtt';
import { IntakeWriter } from './intake-writer';

/**
 * Several server copies on one broker (docs/operations.md, "Running several copies"): every copy
 * subscribes to the events and stores what it gets, the dedupe key keeping one row per event; an
 * event is acknowledged only once stored. The machine's Mosquitto on 127.0.0.1:1883 (CI starts it; .ci/run).
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
  it('every copy takes every uplink and each is stored once', { timeout: 60_000 }, async () => {
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
      await waitFor(async () => writers.every((writer) => writer.submitted >= total), 30_000);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(await countOf(db, 'intake_events')).toBe(total);
      // Each copy had them all: a copy that dies leaves nothing only it was given.
      expect(writers.map((writer) => writer.submitted)).toEqual([total, total]);
    } finally {
      await publisher.endAsync();
      await Promise.all(copies.map((copy) => copy.stop()));
      await Promise.all(writers.map((writer) => writer.close()));
    }
  });

  it('a persistent session from the shared-subscription version loses that subscription', { timeout: 60_000 }, async () => {
    const db = ctx.database.db;
    const applicationId = `legacy-${randomBytes(6).toString('hex')}`;
    const server = await seedNetworkServer(db, 'ChirpStack legacy', 'chirpstack', 'legacy-secret', { mqttUrl: BROKER, applicationId });
    const run = randomBytes(4).toString('hex');
    // Copy 0's session as the shared-subscription version left it, kept by the broker.
    const old = await connectAsync(BROKER, { clientId: `aquasmart-test-${run}-0-ns${server}`, clean: false });
    await old.subscribeAsync(sharedEventTopic(applicationId), { qos: 1 });
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
      await waitFor(async () => (await countOf(db, 'intake_events')) >= before + total && writers.every((writer) => writer.submitted >= total), 30_000);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      // Through the plain subscription only: with the shared one left, copy 0 got part of them twice.
      expect(writers.map((writer) => writer.submitted)).toEqual([total, total]);
      expect(await countOf(db, 'intake_events')).toBe(before + total);
    } finally {
      await publisher.endAsync();
      await Promise.all(copies.map((copy) => copy.stop()));
      await Promise.all(writers.map((writer) => writer.close()));
    }
  });

  it('an event the database refuses is not acknowledged: the broker sends it again and it is stored once the database takes it', { timeout: 60_000 }, async () => {
    const db = ctx.database.db;
    const applicationId = `refused-${randomBytes(6).toString('hex')}`;
    const server = await seedNetworkServer(db, 'ChirpStack refused', 'chirpstack', 'refused-secret', { mqttUrl: BROKER, applicationId });
    const run = randomBytes(4).toString('hex');
    const writer = new CountingWriter(db);
    const copy = new ChirpstackMqtt(db, writer, silent, `aquasmart-test-${run}`);
    const publisher = await connectAsync(BROKER, { clientId: `publisher-${run}` });
    const before = await countOf(db, 'intake_events');
    const frame = encodeUplink('V2', { kind: 'battery', msgId: 40, timestamp: 1_795_000_000, voltage: 3.3 });
    try {
      await copy.start();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      // A real refusal by the database (not "unreachable", so nothing is spooled): the table is away.
      await db.execute(sql`ALTER TABLE intake_events RENAME TO intake_events_away`);
      const total = 12;
      try {
        for (let index = 0; index < total; index += 1) {
          const eui = EUIS[index % EUIS.length];
          const body = chirpstackUp(eui, 7000 + index, { fPort: frame.fPort, data: Buffer.from(frame.bytes).toString('base64') });
          // Resolves on the broker's PUBACK: the broker has accepted it.
          await publisher.publishAsync(`application/${applicationId}/device/${eui.toLowerCase()}/event/up`, JSON.stringify(body), { qos: 1 });
        }
        await waitFor(async () => writer.submitted >= 3, 10_000);
        await new Promise((resolve) => setTimeout(resolve, 2500));
      } finally {
        await db.execute(sql`ALTER TABLE intake_events_away RENAME TO intake_events`);
      }
      const refused = writer.submitted;
      await waitFor(async () => (await countOf(db, 'intake_events')) >= before + total, 30_000);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(await countOf(db, 'intake_events')).toBe(before + total);
      // Some were tried more than once: the broker sent again what was not acknowledged.
      expect(writer.submitted).toBeGreaterThan(total);
      expect(refused).toBeGreaterThan(0);
      expect(await countOf(db, 'intake_events', sql`network_server_id = ${server}`)).toBe(total);
    } finally {
      await publisher.endAsync();
      await copy.stop();
      await writer.close();
    }
  });
});
