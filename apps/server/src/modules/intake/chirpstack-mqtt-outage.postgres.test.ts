import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { connectAsync } from 'mqtt';
import type { TDatabase } from '../../db/database';
import { postgresDatabase } from '../../db/client';
import { openTestDatabase, TEST_POOLS, type TTestDatabase } from '../../test/test-database';
import { proxyInFrontOf, type TTcpProxy } from '../../test/tcp-proxy';
import { chirpstackUp, countOf, payload, seedDevice, seedNetworkServer } from '../../test/intake-fixtures';
import { ChirpstackMqtt } from './chirpstack-mqtt';
import { IntakeSpool } from './intake-spool';
import { IntakeWriter } from './intake-writer';

/**
 * Issue 35: an MQTT event is acknowledged only once stored or spooled. PostgreSQL cut off by the
 * test's TCP proxy; the machine's Mosquitto on 127.0.0.1:1883. The spool holds only a few events,
 * so during the cut some are spooled (and acknowledged) and the rest cannot be kept anywhere: those
 * must stay unacknowledged on the broker and come again once the database is back.
 */
const BROKER = 'mqtt://127.0.0.1:1883';
const EUI = '70B3D5499C003599';
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('ChirpStack MQTT while PostgreSQL cannot be reached', () => {
  const spoolDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquasmart-mqtt-spool-'));
  let proxy: TTcpProxy | undefined;
  // Seeding and counting go straight to PostgreSQL; the copy's pools go through the proxy.
  let direct: TTestDatabase;
  let cutOff: TDatabase;
  beforeAll(async () => {
    direct = await openTestDatabase();
    const url = direct.url!;
    const proxied = await proxyInFrontOf(url);
    proxy = proxied.proxy;
    cutOff = postgresDatabase(proxied.url, TEST_POOLS);
  });
  afterAll(async () => {
    await cutOff?.close();
    await direct?.close();
    await proxy?.close();
    fs.rmSync(spoolDir, { recursive: true, force: true });
  });

  it('events the spool takes are kept, the others are not acknowledged and come again: every one stored once', { timeout: 90_000 }, async () => {
    const db = direct.system;
    const run = randomBytes(5).toString('hex');
    const applicationId = `outage-${run}`;
    const server = await seedNetworkServer(db, 'ChirpStack outage', 'chirpstack', 'outage-secret', { mqttUrl: BROKER, applicationId });
    await seedDevice(db, EUI, 'V2', server);
    // Room for a few envelopes (about 1 KB each): the rest of the burst finds the spool full.
    const spool = new IntakeSpool(spoolDir, silent, 6_000);
    const writer = new IntakeWriter(cutOff.system, { spool });
    const copy = new ChirpstackMqtt(cutOff.system, writer, silent, `aquasmart-outage-${run}`);
    const publisher = await connectAsync(BROKER, { clientId: `outage-publisher-${run}` });
    const frame = payload('V2', { kind: 'battery', msgId: 40, timestamp: 1_795_000_000, voltage: 3.6 });
    const total = 30;
    try {
      await copy.start();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      proxy!.cut();
      for (let fCnt = 0; fCnt < total; fCnt += 1) {
        // Resolves on the broker's PUBACK: the broker has accepted it.
        await publisher.publishAsync(`application/${applicationId}/device/${EUI.toLowerCase()}/event/up`, JSON.stringify(chirpstackUp(EUI, fCnt, frame)), { qos: 1 });
      }
      await new Promise((resolve) => setTimeout(resolve, 4000));
      // The spool and the copy a failed replay attempt moved aside.
      const files = fs.readdirSync(spoolDir).filter((name) => name.startsWith('intake-spool'));
      const spooled = files.reduce((sum, name) => sum + fs.readFileSync(path.join(spoolDir, name), 'utf8').split('\n').filter(Boolean).length, 0);
      expect(spooled).toBeGreaterThan(0);
      expect(spooled).toBeLessThan(total);
      proxy!.restore();

      const deadline = Date.now() + 40_000;
      while ((await countOf(db, 'intake_events', sql`network_server_id = ${server}`)) < total && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await countOf(db, 'intake_events', sql`network_server_id = ${server}`)).toBe(total);
      expect(spool.hasPending()).toBe(false);
    } finally {
      await publisher.endAsync();
      await copy.stop();
      await writer.close();
    }
  });
});
