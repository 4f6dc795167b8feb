import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { connectAsync, type MqttClient } from 'mqtt';
import { queryRows } from './db/database';
import { networkServers } from './db/schema';
import { issueToken } from './identity/tokens';
import { ALERT_SECRET, MAIL_FROM, PUBLIC_URL, seedAlertWorld, simulatedFlushEvent, insertSubscriber, type TAlertWorld } from './test/alert-fixtures';
import { openStream } from './test/sse-client';
import { startServerProcess, type TRunningServer } from './test/server-process';
import { startTestSmtpServer, type TTestSmtpServer } from './test/smtp-fixture';
import { openTestDatabase, type TTestDatabase } from './test/test-database';

/**
 * Several server copies serve one fleet (docs/operations.md, "Running several copies"). PostgreSQL
 * only (vitest.config.ts); the machine's Mosquitto on 127.0.0.1:1883 (CI starts it). Real server
 * processes as `npm start` runs them, each with its own DATA_DIR and COPY_NAME, one database, one
 * broker, one mail server. A burst of uplinks spread over the copies (HTTP to each in turn, and MQTT,
 * which every copy takes), settings sent through both, the dashboard asked of both
 * while its summary is missing. Then: every uplink stored and processed once, every e-mail delivered
 * once, every downlink published once, every dashboard answer the same, and a change made through
 * one copy reaches a live stream (docs/events.md) open on another within a second.
 *
 * `npm run check:copies` runs this file against an operator's PostgreSQL and broker, bigger:
 * COPIES (default 2) and COPIES_UPLINKS (default 120) set the size; the figures are printed.
 */
const BROKER = process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const COPIES = Math.max(2, Number(process.env.COPIES ?? 2));
const UPLINKS = Math.max(20, Number(process.env.COPIES_UPLINKS ?? 120));
const NODES = 12;
const DOWNLINK_NODES = 6;
const FLUSH = { enabled: 1, flushtime: 5, flushCycles: 2, highTempFlushtime: 15, highTempFlushdelay: 30, flushStartThreshold: 55, measureInterval: 10, resistanceThreshold: 0, valvePulseLength: 250, flushStopThreshold: -102.4 };

let database: TTestDatabase;
let world: TAlertWorld;
let smtp: TTestSmtpServer;
let observer: MqttClient;
let token: string;
const copies: TRunningServer[] = [];
const dataDirs: string[] = [];
const applicationId = `copies-${randomBytes(6).toString('hex')}`;
const commands: string[] = [];

async function until(what: string, check: () => Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number }>(database.system, query);
  return Number(row.n);
}

beforeAll(async () => {
  database = await openTestDatabase();
  world = await seedAlertWorld(database.system, NODES);
  await database.system.update(networkServers).set({ config: { mqttUrl: BROKER, applicationId } }).where(eq(networkServers.id, world.networkServerId));
  for (const name of ['piet', 'kees', 'anna', 'fatima']) await insertSubscriber(database.system, { email: `${name}@example.com`, customers: [world.customerA], flush: true });
  const adminId = await insertSubscriber(database.system, { email: 'beheer@example.com', administrator: true });
  token = await issueToken(database.system, adminId, 3600);

  smtp = await startTestSmtpServer();
  observer = await connectAsync(BROKER, { clientId: `copies-observer-${randomBytes(4).toString('hex')}` });
  await observer.subscribeAsync(`application/${applicationId}/device/+/command/down`, { qos: 1 });
  observer.on('message', (topic) => commands.push(topic.split('/')[3]));

  for (let index = 0; index < COPIES; index += 1) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `aquasmart-copy-${index}-`));
    dataDirs.push(dataDir);
    copies.push(
      await startServerProcess({
        DATA_DIR: dataDir,
        DATABASE_URL: database.url!,
        COPY_NAME: `copy-${index}-${applicationId}`,
        SMTP_URL: smtp.url,
        MAIL_FROM,
        PUBLIC_URL,
      }),
    );
  }
  // Every copy's MQTT connection is up and subscribed once a probe uplink is taken (a copy subscribes right after start).
  await new Promise((resolve) => setTimeout(resolve, 1500));
}, 240_000);

afterAll(async () => {
  for (const copy of copies) copy.child.kill('SIGTERM');
  const codes = await Promise.all(copies.map((copy) => copy.exited));
  await observer?.endAsync();
  await smtp?.stop();
  await database?.close();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  expect(codes.every((code) => code === 0)).toBe(true);
});

describe(`${COPIES} server copies on one PostgreSQL and one broker`, () => {
  it('a burst of uplinks over HTTP and MQTT: each stored once and processed once, each e-mail delivered once', { timeout: 240_000 }, async () => {
    const publisher = await connectAsync(BROKER, { clientId: `copies-publisher-${randomBytes(4).toString('hex')}` });
    const started = Date.now();
    const nodesA = world.nodes.slice(0, NODES);
    const sends: Promise<unknown>[] = [];
    try {
      for (let index = 0; index < UPLINKS; index += 1) {
        const node = nodesA[index % nodesA.length];
        // Each node flushes once a minute back in time; every third flush is weak (an alarm, so e-mail).
        const event = simulatedFlushEvent(node, started - (Math.floor(index / nodesA.length) + 1) * 60_000, index % 3 === 0);
        if (index % 2 === 0) {
          const copy = copies[(index / 2) % copies.length];
          sends.push(
            fetch(`${copy.url}/api/v1/integrations/chirpstack?event=up`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${ALERT_SECRET}` },
              body: JSON.stringify(event),
            }).then((response) => expect(response.status).toBe(200)),
          );
        } else {
          sends.push(publisher.publishAsync(`application/${applicationId}/device/${node.eui.toLowerCase()}/event/up`, JSON.stringify(event), { qos: 1 }));
        }
      }
      await Promise.all(sends);
    } finally {
      await publisher.endAsync();
    }

    await until('every uplink stored and processed', async () => (await count(sql`SELECT count(*)::int AS n FROM intake_events WHERE processed_at IS NOT NULL`)) >= UPLINKS, 120_000);
    const processedMs = Date.now() - started;
    expect(await count(sql`SELECT count(*)::int AS n FROM intake_events`)).toBe(UPLINKS);
    expect(await count(sql`SELECT count(*)::int AS n FROM intake_events WHERE last_error IS NOT NULL OR attempts > 1`)).toBe(0);
    // One history row per flush: no copy processed an event the other one had.
    expect(await count(sql`SELECT count(*)::int AS n FROM device_data`)).toBe(UPLINKS);

    // Every e-mail the copies wrote is delivered, and delivered once.
    await until('the first e-mails', async () => (await count(sql`SELECT count(*)::int AS n FROM mail_messages`)) > 0, 60_000);
    await until('the outbox emptied', async () => (await count(sql`SELECT count(*)::int AS n FROM mail_messages WHERE state = 'pending'`)) === 0, 90_000);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const sent = await count(sql`SELECT count(*)::int AS n FROM mail_messages WHERE state = 'sent'`);
    expect(sent).toBeGreaterThanOrEqual(4);
    expect(smtp.received).toHaveLength(sent);
    expect(new Set(smtp.received.map((mail) => mail.messageId)).size).toBe(sent);
    console.log(`[copies] ${COPIES} copies, ${UPLINKS} uplinks (half HTTP, half MQTT): all processed ${processedMs} ms after the first was sent; ${sent} e-mails, each delivered once`);
  });

  it('settings sent through every copy: each downlink published once', { timeout: 120_000 }, async () => {
    const targets = world.nodes.slice(0, DOWNLINK_NODES);
    const answers = await Promise.all(
      targets.map((node, index) =>
        fetch(`${copies[index % copies.length].url}/api/v1/devices/${node.eui}/parameters`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-access-token': token },
          body: JSON.stringify([{ register: 3, value: { ...FLUSH, flushtime: 3 + index } }]),
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(targets.map(() => 200));
    await until('every downlink sent', async () => (await count(sql`SELECT count(*)::int AS n FROM downlinks WHERE status = 'sent'`)) >= DOWNLINK_NODES, 60_000);
    await until('every downlink on the broker', async () => commands.length >= DOWNLINK_NODES, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await count(sql`SELECT count(*)::int AS n FROM downlinks`)).toBe(DOWNLINK_NODES);
    expect(commands.toSorted()).toEqual(targets.map((node) => node.eui.toLowerCase()).toSorted());
  });

  it('the dashboard asked of every copy while its summary is missing: made by one copy at a time, the same answer everywhere', { timeout: 120_000 }, async () => {
    await database.system.execute(sql`DELETE FROM dashboard_counts_state`);
    const answers = await Promise.all(
      Array.from({ length: 4 * COPIES }, (_, index) =>
        fetch(`${copies[index % copies.length].url}/api/v1/dashboard`, { headers: { 'x-access-token': token } }).then(async (response) => ({ status: response.status, body: await response.text() })),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(await count(sql`SELECT (count(*) - count(DISTINCT customer_id))::int AS n FROM dashboard_counts`)).toBe(0);
  });

  it('a change made through one copy reaches a live stream on every other copy within a second', { timeout: 120_000 }, async () => {
    const streams = copies.map((copy) => openStream(copy.url, token));
    try {
      await Promise.all(streams.map((stream) => stream.opened()));
      expect(streams.map((stream) => stream.status)).toEqual(copies.map(() => 200));
      const latencies: number[] = [];
      for (let round = 0; round < 3; round += 1) {
        // Through the last copy, over HTTP; the streams of all the others must see the node change.
        const node = world.nodes[round];
        const sentAt = Date.now();
        const answer = await fetch(`${copies[copies.length - 1].url}/api/v1/integrations/chirpstack?event=up`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${ALERT_SECRET}` },
          body: JSON.stringify(simulatedFlushEvent(node, sentAt, false)),
        });
        expect(answer.status).toBe(200);
        for (const stream of streams.slice(0, -1)) {
          const seen = () => stream.named('nodes').find((event) => event.at >= sentAt && (event.data as { nodes: { eui: string }[] }).nodes.some((changed) => changed.eui === node.eui));
          await stream.until(() => seen() !== undefined, 5000, `node ${node.eui} on a stream of another copy`);
          latencies.push(seen()!.at - sentAt);
        }
      }
      console.log(`[copies] uplink accepted by one copy -> event on a stream of another: ${latencies.join(', ')} ms`);
      for (const latency of latencies) expect(latency).toBeLessThan(1000);
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});
