import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { decodeDownlink, decodeUplink, RIGHT_FLAGS, USER_TYPE_ADMINISTRATOR, type TDevice, type TDeviceDataItem, type TDeviceType, type TPortalRights, type TUplinkMessage } from '@aquasmart/domain';
import { buildApp } from '../../app';
import { customers, devices, downlinks, intakeEvents, users } from '../../db/schema';
import { openTestDatabase, type TTestDatabase } from '../../test/test-database';
import { issueToken } from '../../identity/tokens';
import { syntheticFleet } from '../../../../../tools/simulator/src/model/fleet';
import { DEFAULT_BEHAVIOUR, type TNodeSpec } from '../../../../../tools/simulator/src/model/types';
import { startRestServer, type TRestServer } from '../../../../../tools/simulator/src/network-server/rest';
import { Simulator } from '../../../../../tools/simulator/src/simulator';
import { createHttpTransport } from '../../../../../tools/simulator/src/transport/http';
import type { TDeliveryResult, TEventName, TQueuedDownlink, TTransport } from '../../../../../tools/simulator/src/transport/types';
import { DEFAULT_CHIRPSTACK_APPLICATION } from '../../../../../tools/simulator/src/wire/chirpstack';
import { DEFAULT_TTS_APPLICATION } from '../../../../../tools/simulator/src/wire/tts';

/**
 * The settings round trip, end to end with the real simulator as the network server: a settings
 * change goes `pending` (sync 0) -> downlink at the simulator's ChirpStack REST endpoint -> the
 * node's parameter report through the ChirpStack HTTP integration -> `saved` (sync 1).
 *
 * Everything is real except the radio: the portal is `buildApp` with its background workers
 * (intake worker, downlink sender), listening on an ephemeral port; the simulator posts its
 * uplinks to it over HTTP with the network server's secret, and takes the portal's downlinks on
 * its own ephemeral port. The network server and the devices are set up through the API.
 *
 * This lives in the server project because it needs the server's migrated test databases
 * (global setup: PGlite snapshot, or a PostgreSQL template with TEST_DATABASE_URL).
 */

const API_TOKEN = 'round-trip-api-token';
const NETWORK_SERVER = 'ChirpStack simulator';
const SEED = 23;
/** The node answers a downlink after this long: enough to see `pending` first, short enough for the test. */
const DOWNLINK_DELAY_MS = 800;
const WAIT_MS = 15_000;
/** The nodes start an hour ago, so the first tick sends an hour of reports (version, temperatures, ...). */
const HISTORY_MS = 3_600_000;

interface TDelivery {
  event: TEventName;
  eui: string;
  body: Record<string, unknown>;
  result: TDeliveryResult;
}

let database: TTestDatabase;
let app: FastifyInstance;
let rest: TRestServer;
let transport: TTransport;
let simulator: Simulator;
let fleet: TNodeSpec[];
let engineerToken: string;
/** What the simulator posted to the portal, with the portal's answer. */
const delivered: TDelivery[] = [];
/** What reached the simulator's network-server endpoint. */
const received: TQueuedDownlink[] = [];

async function createUserWithToken(email: string, rights: Partial<TPortalRights> | 'administrator'): Promise<string> {
  const administrator = rights === 'administrator';
  const [row] = await database.db
    .insert(users)
    .values({
      email,
      firstName: 'Test',
      lastName: 'User',
      // Never checked: the token is issued directly.
      passwordHash: 'not-used',
      type: administrator ? USER_TYPE_ADMINISTRATOR : null,
      portalRights: administrator ? Object.fromEntries(RIGHT_FLAGS.map((flag) => [flag, true])) : rights,
    })
    .returning({ id: users.id });
  return issueToken(database.db, row.id, 3600);
}

function call(token: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return app.inject({ method, url: `/api/v1${url}`, headers: { 'x-access-token': token }, payload: payload as object });
}

async function readDevice(eui: string): Promise<TDevice> {
  const response = await call(engineerToken, 'GET', `/devices/${eui}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TDevice>();
}

async function readHistory(eui: string): Promise<TDeviceDataItem[]> {
  const response = await call(engineerToken, 'GET', `/devices/${eui}/data?limit=1000`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TDeviceDataItem[]>();
}

/** What the portal shows of its side when a wait times out: failed intake events and the downlinks. */
async function portalState(): Promise<string> {
  const failed = await database.db.select({ event: intakeEvents.event, lastError: intakeEvents.lastError }).from(intakeEvents);
  const frames = await database.db.select({ eui: downlinks.deviceEui, status: downlinks.status, attempts: downlinks.attempts, lastError: downlinks.lastError }).from(downlinks);
  return JSON.stringify({ intakeErrors: failed.filter((row) => row.lastError), downlinks: frames, simulator: simulator.stats });
}

/** Polls `probe` until it answers something other than undefined, or fails after WAIT_MS. */
async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; ${await portalState()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function nodeOf(type: TDeviceType): TNodeSpec {
  return fleet.find((node) => node.type === type)!;
}

function registerOf(node: TNodeSpec, register: number): Record<string, unknown> {
  return node.registers.find((entry) => entry.register === register)!.value;
}

/** The message of an uplink the simulator posted (ChirpStack `up` event), or undefined when it does not decode. */
function messageOf(type: TDeviceType, delivery: TDelivery): TUplinkMessage | undefined {
  const bytes = new Uint8Array(Buffer.from((delivery.body.data as string | undefined) ?? '', 'base64'));
  const decoded = decodeUplink(type, (delivery.body.fPort as number | undefined) ?? 0, bytes);
  return decoded.ok ? decoded.message : undefined;
}

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({
    config: { TOKEN_TTL: 3600, WEB_DIST: path.resolve('/nonexistent-web-dist'), LOG_LEVEL: 'silent', TRUST_PROXY: false },
    database,
    logger: false,
    backgroundWorkers: true,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const portalUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const adminToken = await createUserWithToken('admin@example.com', 'administrator');
  engineerToken = await createUserWithToken('engineer@example.com', { settings: true });

  // The simulator's network-server endpoint first: the network server record points at it.
  fleet = syntheticFleet({ nodes: 3, seed: SEED, types: ['V1', 'V2', 'V3'] });
  rest = await startRestServer({
    port: 0,
    token: API_TOKEN,
    resolveDevice: (id) => simulator.resolveDevice(id),
    onDownlink: (downlink) => {
      received.push(downlink);
      simulator.receiveDownlink(downlink);
    },
  });
  const created = await call(adminToken, 'POST', '/networkServers', { name: NETWORK_SERVER, kind: 'chirpstack', config: { apiUrl: rest.url, apiToken: API_TOKEN } });
  expect(created.statusCode, created.body).toBe(201);
  const { secret } = created.json<{ secret: string }>();

  const [customer] = await database.db.insert(customers).values({ name: 'Gemeente Utrecht' }).returning({ id: customers.id });
  for (const node of fleet) {
    const provisioned = await call(adminToken, 'POST', '/devices', { eui: node.eui, type: node.type, version: '1.0', networkServer: NETWORK_SERVER });
    expect(provisioned.statusCode, provisioned.body).toBe(201);
    // The portal has no route yet that assigns a device to a customer; unassigned devices are
    // administrators-only, and the engineer (settings right, all customers) must see them.
    await database.db.update(devices).set({ customerId: customer.id, name: node.name }).where(eq(devices.eui, node.eui));
  }

  const http = createHttpTransport({ format: 'chirpstack', target: portalUrl, secret });
  transport = {
    ...http,
    async deliver(event, eui, body) {
      const result = await http.deliver(event, eui, body);
      delivered.push({ event, eui, body, result });
      return result;
    },
  };
  let lagMs = HISTORY_MS;
  simulator = new Simulator({
    fleet,
    behaviour: DEFAULT_BEHAVIOUR,
    seed: SEED,
    clock: { now: () => Date.now() - lagMs },
    transport,
    chirpstack: DEFAULT_CHIRPSTACK_APPLICATION,
    tts: DEFAULT_TTS_APPLICATION,
    downlinkDelayMs: DOWNLINK_DELAY_MS,
    log: () => undefined,
  });
  // The nodes were created an hour ago; from now on the simulated clock is the wall clock.
  // Only this tick and the answers to downlinks send anything (the ticker is not started).
  lagMs = 0;
  simulator.tick();
  await simulator.idle();
});

afterAll(async () => {
  await simulator?.stop();
  await rest?.close();
  await transport?.close();
  await app?.close();
  await database?.close();
});

/** Per type a settings change a user with the settings right may make (V3 has no flush register: its inputs). */
const CHANGES: [TDeviceType, number, (node: TNodeSpec) => Record<string, unknown>][] = [
  ['V1', 3, () => ({ enabled: 1, flushtime: 7 })],
  ['V2', 3, () => ({ enabled: 1, flushtime: 7, highTempFlushtime: 20 })],
  [
    'V3',
    1,
    (node) => ({
      inputs: (registerOf(node, 1).inputs as Record<string, unknown>[]).map((input, index) => (index === 0 ? { ...input, lowAlarm: 50.5 } : input)),
    }),
  ],
];

// The uplink cases run first (declaration order): they see the devices before any settings change.
describe('the simulator as network server (ChirpStack HTTP integration + REST queue)', () => {
  it.each(CHANGES)('%s: its uplinks reach the history and the device', async (type) => {
    const node = nodeOf(type);
    const sent = delivered.filter((delivery) => delivery.event === 'up' && delivery.eui === node.eui);
    expect(sent.length).toBeGreaterThanOrEqual(4);
    expect(sent.filter((delivery) => !delivery.result.ok)).toEqual([]);

    // Accepted means stored; the worker processes it shortly after.
    const history = await until('the history rows', async () => {
      const rows = await readHistory(node.eui);
      return rows.length === sent.length ? rows : undefined;
    });
    expect(history.map((row) => row.counter).sort((a, b) => a! - b!)).toEqual(sent.map((delivery) => delivery.body.fCnt).sort((a, b) => Number(a) - Number(b)));

    const temperatures = sent.flatMap((delivery) => {
      const message = messageOf(type, delivery);
      return message?.kind === 'temperature' ? [{ fCnt: delivery.body.fCnt, message }] : [];
    });
    expect(temperatures.length).toBeGreaterThanOrEqual(3);
    for (const { fCnt, message } of temperatures) {
      const row = history.find((candidate) => candidate.counter === fCnt)!;
      expect(row.msgId).toBe(message.msgId);
      expect(row.value).toMatchObject({
        timestamp: message.timestamp,
        ...Object.fromEntries(message.temperatures.map((value, index) => [`temperature${index + 1}`, value])),
      });
    }

    const device = await readDevice(node.eui);
    const last = sent.reduce((latest, delivery) => (Number(delivery.body.fCnt) > Number(latest.body.fCnt) ? delivery : latest));
    expect(device.lora).toMatchObject({ networkServer: NETWORK_SERVER, counter: last.body.fCnt });
    expect(device.lora.ts).not.toBeNull();
    const lastTemperature = temperatures.at(-1)!.message;
    expect(device.channels.filter((channel) => channel.id.startsWith('temperature')).map((channel) => channel.value)).toEqual(lastTemperature.temperatures);
    expect(device.sipp.diagnostics.version).toEqual(node.firmware);
    expect(device).toMatchObject({ sync: -1, sipp: { parameters: [] } });
  });

  it.each(CHANGES)('%s: register %i goes pending (sync 0) -> downlink at the simulator -> parameter report -> saved (sync 1)', async (type, register, changeOf) => {
    const node = nodeOf(type);
    const change = changeOf(node);
    const response = await call(engineerToken, 'POST', `/devices/${node.eui.toLowerCase()}/parameters`, [{ register, value: change }]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ eui: node.eui, sync: 0, parameters: [{ register, status: 'pending', value: change }] });

    // Before the node can have answered (it waits DOWNLINK_DELAY_MS), the device shows the change pending.
    const pending = await readDevice(node.eui);
    expect(pending.sync).toBe(0);
    expect(pending.sipp.parameters).toEqual([expect.objectContaining({ register, status: 'pending', value: change, reported: null })]);

    const downlink = await until('the downlink at the simulator', () => received.find((candidate) => candidate.eui === node.eui));
    expect(downlink).toMatchObject({ via: 'chirpstack-rest', confirmed: false });
    expect(decodeDownlink(type, downlink.fPort, downlink.bytes)).toEqual({ ok: true, registers: [{ register, value: change }] });

    const saved = await until('the parameter to be saved', async () => {
      const device = await readDevice(node.eui);
      return device.sipp.parameters[0]?.status === 'saved' ? device : undefined;
    });
    expect(saved.sync).toBe(1);
    expect(saved.incorrectSettings).toBe(false);
    const [parameter] = saved.sipp.parameters;
    expect(parameter.value).toEqual(change);
    // The node reports the whole register: its own values with the change applied.
    expect(parameter.reported).toEqual({ ...registerOf(node, register), ...change });

    // The report came as one uplink of the node, went into its history, and the gateway's txack came too.
    // (The portal may process an event before the simulator has read the answer: wait for the answer.)
    await simulator.idle();
    const reports = delivered.filter((delivery) => delivery.event === 'up' && delivery.eui === node.eui && messageOf(type, delivery)?.kind === 'parameters');
    expect(reports).toHaveLength(1);
    expect(reports[0].result.ok).toBe(true);
    const history = await readHistory(node.eui);
    expect(history.find((row) => row.counter === reports[0].body.fCnt)?.msgId).toBe(messageOf(type, reports[0])!.msgId);
    expect(delivered.some((delivery) => delivery.event === 'txack' && delivery.eui === node.eui && delivery.result.ok)).toBe(true);
    const [frame] = await database.db.select().from(downlinks).where(eq(downlinks.deviceEui, node.eui));
    expect(frame).toMatchObject({ status: 'sent', attempts: 1, lastError: null, registers: [register] });
    expect(simulator.stats).toMatchObject({ refused: 0, failed: 0, undecodableDownlinks: 0 });
  });
});
