import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeUplink, encodeDownlink, type TRegisterValue } from '@aquasmart/domain';
import mqtt from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { syntheticFleet } from './model/fleet';
import { DEFAULT_BEHAVIOUR } from './model/types';
import { startRestServer, type TRestServer } from './network-server/rest';
import { Simulator } from './simulator';
import { createHttpTransport } from './transport/http';
import { commandTopic, createMqttTransport } from './transport/mqtt';
import type { TTransport } from './transport/types';
import { DEFAULT_CHIRPSTACK_APPLICATION } from './wire/chirpstack';
import { DEFAULT_TTS_APPLICATION } from './wire/tts';

/**
 * The simulator end to end against a stub portal (a plain HTTP server that records what it
 * receives): uplinks arrive in the integration's format with the secret; a downlink queued at
 * the simulator's network-server endpoint comes back as a txack and a parameter report.
 */

const SECRET = 'integration-secret-of-the-test-network-server';
const TOKEN = 'api-token-of-the-test';
const MQTT_URL = process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';

interface TReceived {
  path: string;
  authorization?: string;
  body: Record<string, unknown>;
}

let stub: http.Server;
let stubUrl: string;
const received: TReceived[] = [];
let answer = 200;

beforeAll(async () => {
  stub = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      received.push({ path: request.url ?? '', authorization: request.headers.authorization, body: JSON.parse(text) as Record<string, unknown> });
      response.writeHead(answer, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => stub.close(resolve));
});

const open: { simulator: Simulator; transport: TTransport; rest?: TRestServer }[] = [];
afterEach(async () => {
  for (const { simulator, transport, rest } of open.splice(0)) {
    await simulator.stop();
    await rest?.close();
    await transport.close();
  }
  received.length = 0;
  answer = 200;
});

async function until<T>(what: string, probe: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Simulated time that the test moves: `later()` lets an hour pass, in which every node reports. */
function testClock() {
  let now = Date.now();
  return { now: () => now, later: () => void (now += 3_600_000) };
}

async function setup(format: 'chirpstack' | 'tts', nodes = 6) {
  const clock = testClock();
  const fleet = syntheticFleet({ nodes, seed: 11, types: ['V1', 'V2', 'V3'] });
  const transport = createHttpTransport({ format, target: stubUrl, secret: SECRET });
  const simulator = new Simulator({
    fleet,
    behaviour: DEFAULT_BEHAVIOUR,
    seed: 11,
    clock,
    transport,
    chirpstack: DEFAULT_CHIRPSTACK_APPLICATION,
    tts: DEFAULT_TTS_APPLICATION,
    downlinkDelayMs: 50,
    log: () => undefined,
  });
  const rest = await startRestServer({ port: 0, token: TOKEN, resolveDevice: (id) => simulator.resolveDevice(id), onDownlink: (d) => simulator.receiveDownlink(d) });
  open.push({ simulator, transport, rest });
  return { fleet, simulator, rest, later: clock.later };
}

function queue(rest: TRestServer, eui: string, body: unknown, token = TOKEN) {
  return fetch(`${rest.url}/api/devices/${eui.toLowerCase()}/queue`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
}

const V2_CHANGE: TRegisterValue[] = [{ register: 2, value: { logInterval: 5 } }, { register: 3, value: { flushtime: 7 } }];

describe('uplinks to the portal', () => {
  it('ChirpStack HTTP: every node reports with the secret; frame counters rise per node', async () => {
    const { fleet, simulator, later } = await setup('chirpstack');
    later();
    simulator.tick();
    await simulator.idle();
    expect(received.length).toBeGreaterThanOrEqual(fleet.length * 4);
    for (const entry of received) {
      expect(entry.path).toBe('/api/v1/integrations/chirpstack?event=up');
      expect(entry.authorization).toBe(`Bearer ${SECRET}`);
    }
    for (const node of fleet) {
      const events = received.filter((entry) => (entry.body.deviceInfo as { devEui: string }).devEui === node.eui.toLowerCase());
      expect(events.length).toBeGreaterThanOrEqual(4);
      const counters = events.map((entry) => entry.body.fCnt as number);
      expect(counters).toEqual([...counters].sort((a, b) => a - b));
      for (const entry of events) {
        const bytes = new Uint8Array(Buffer.from(entry.body.data as string, 'base64'));
        expect(decodeUplink(node.type, entry.body.fPort as number, bytes).ok).toBe(true);
      }
    }
    expect(simulator.stats).toMatchObject({ accepted: received.length, refused: 0, failed: 0 });
  });

  it('The Things Stack: uplink webhooks', async () => {
    const { fleet, simulator, later } = await setup('tts', 3);
    later();
    simulator.tick();
    await simulator.idle();
    expect(received.length).toBeGreaterThanOrEqual(fleet.length * 4);
    expect(new Set(received.map((entry) => entry.path))).toEqual(new Set(['/api/v1/integrations/tts/uplink']));
    expect(received[0].body).toHaveProperty('uplink_message.frm_payload');
  });

  it('counts refusals (a wrong secret answered 401) without stopping', async () => {
    answer = 401;
    const { simulator, later } = await setup('chirpstack', 2);
    later();
    simulator.tick();
    await simulator.idle();
    expect(simulator.stats.accepted).toBe(0);
    expect(simulator.stats.refused).toBe(simulator.stats.uplinks);
    expect(simulator.stats.lastError).toContain(' 401 ');
  });
});

describe('the network-server endpoint (ChirpStack REST API)', () => {
  it('queues a settings downlink, answers { id }, then sends txack and the parameter report', async () => {
    const { fleet, rest } = await setup('chirpstack');
    const node = fleet.find((n) => n.type === 'V2')!;
    const [frame] = encodeDownlink('V2', V2_CHANGE);
    const response = await queue(rest, node.eui, { queueItem: { confirmed: false, fPort: frame.fPort, data: Buffer.from(frame.bytes).toString('base64') } });
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const txack = await until('txack', () => received.find((entry) => entry.path.endsWith('event=txack')));
    expect(txack.body).toMatchObject({ queueItemId: id, fCntDown: 1, deviceInfo: { devEui: node.eui.toLowerCase() } });
    const report = await until('parameter report', () =>
      received.find((entry) => entry.path.endsWith('event=up') && (entry.body.deviceInfo as { devEui: string }).devEui === node.eui.toLowerCase()),
    );
    const decoded = decodeUplink('V2', report.body.fPort as number, new Uint8Array(Buffer.from(report.body.data as string, 'base64')));
    expect(decoded.ok && decoded.message.kind).toBe('parameters');
    if (!decoded.ok || decoded.message.kind !== 'parameters') return;
    const before = new Map(node.registers.map((entry) => [entry.register, entry.value]));
    expect(decoded.message.registers).toEqual([
      { register: 2, value: { ...before.get(2), logInterval: 5 } },
      { register: 3, value: { ...before.get(3), flushtime: 7 } },
    ]);
  });

  it.each([
    ['a wrong token', 'AC5100FFFFFFFFFF', { queueItem: { fPort: 100, data: 'AQ==' } }, 'wrong-token', 401, 16],
    ['an unknown device', 'AC5100FFFFFFFFFF', { queueItem: { fPort: 100, data: 'AQ==' } }, TOKEN, 404, 5],
    ['no queueItem', null, {}, TOKEN, 400, 3],
    ['fPort 0', null, { queueItem: { fPort: 0, data: 'AQ==' } }, TOKEN, 400, 3],
    ['data not base64', null, { queueItem: { fPort: 100, data: '**' } }, TOKEN, 400, 3],
  ])('refuses %s', async (_name, eui, body, token, status, code) => {
    const { fleet, rest } = await setup('chirpstack', 2);
    const response = await queue(rest, eui ?? fleet[0].eui, body, token);
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ code });
  });

  it('a downlink the node does not understand gets a txack but no report', async () => {
    const { fleet, rest, simulator } = await setup('chirpstack', 2);
    const response = await queue(rest, fleet[0].eui, { queueItem: { fPort: 100, data: Buffer.from([99, 1, 2]).toString('base64') } });
    expect(response.status).toBe(200);
    await until('txack', () => received.find((entry) => entry.path.endsWith('event=txack')));
    await until('the node to give up', () => (simulator.stats.undecodableDownlinks === 1 ? true : undefined));
    expect(received.filter((entry) => entry.path.endsWith('event=up'))).toEqual([]);
  });

  it('The Things Stack down/push with the device id reaches the node too', async () => {
    const { fleet, rest } = await setup('tts', 3);
    const node = fleet.find((n) => n.type === 'V2')!;
    const [frame] = encodeDownlink('V2', V2_CHANGE);
    const response = await fetch(`${rest.url}/api/v3/as/applications/aquasmart/webhooks/portal/devices/eui-${node.eui.toLowerCase()}/down/push`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ downlinks: [{ f_port: frame.fPort, frm_payload: Buffer.from(frame.bytes).toString('base64'), priority: 'NORMAL' }] }),
    });
    expect(response.status).toBe(200);
    const sent = await until('downlink sent', () => received.find((entry) => entry.path === '/api/v1/integrations/tts/downlink-sent'));
    expect(sent.body).toMatchObject({ end_device_ids: { dev_eui: node.eui }, downlink_sent: { f_port: frame.fPort, f_cnt: 1 } });
    const report = await until('parameter report', () => received.find((entry) => entry.path.endsWith('/uplink') && (entry.body.end_device_ids as { dev_eui: string }).dev_eui === node.eui));
    const up = report.body.uplink_message as { f_port: number; frm_payload: string };
    const decoded = decodeUplink('V2', up.f_port, new Uint8Array(Buffer.from(up.frm_payload, 'base64')));
    expect(decoded.ok && decoded.message.kind).toBe('parameters');
  });
});

describe('ChirpStack MQTT integration (the machine\'s Mosquitto)', () => {
  it('publishes events on application/{id}/device/{eui}/event/up and answers command/down', async () => {
    const applicationId = `sim-test-${Date.now()}`;
    const listener = await mqtt.connectAsync(MQTT_URL);
    const events: { topic: string; body: Record<string, unknown> }[] = [];
    listener.on('message', (topic, payload) => events.push({ topic, body: JSON.parse(payload.toString()) as Record<string, unknown> }));
    await listener.subscribeAsync(`application/${applicationId}/device/+/event/+`);
    try {
      const fleet = syntheticFleet({ nodes: 3, seed: 5, types: ['V2'] });
      const clock = testClock();
      let simulator: Simulator | null = null;
      const transport = await createMqttTransport({ url: MQTT_URL, applicationId, onDownlink: (d) => simulator?.receiveDownlink(d) });
      simulator = new Simulator({
        fleet,
        behaviour: DEFAULT_BEHAVIOUR,
        seed: 5,
        clock,
        transport,
        chirpstack: { ...DEFAULT_CHIRPSTACK_APPLICATION, applicationId },
        tts: DEFAULT_TTS_APPLICATION,
        downlinkDelayMs: 20,
        log: () => undefined,
      });
      open.push({ simulator, transport });
      clock.later();
      simulator.tick();
      await simulator.idle();
      const eui = fleet[0].eui.toLowerCase();
      await until('uplinks over MQTT', () => (events.filter((e) => e.topic === `application/${applicationId}/device/${eui}/event/up`).length >= 4 ? true : undefined));

      const [frame] = encodeDownlink('V2', V2_CHANGE);
      await listener.publishAsync(commandTopic(applicationId, eui), JSON.stringify({ devEui: eui, confirmed: false, fPort: frame.fPort, data: Buffer.from(frame.bytes).toString('base64') }));
      await until('txack over MQTT', () => events.find((e) => e.topic === `application/${applicationId}/device/${eui}/event/txack`));
      const report = await until('parameter report over MQTT', () =>
        events.find((e) => e.topic.endsWith(`${eui}/event/up`) && decodeUplink('V2', e.body.fPort as number, new Uint8Array(Buffer.from(e.body.data as string, 'base64'))).ok && e.body.fPort === 62),
      );
      expect(report.body.deviceInfo).toMatchObject({ applicationId, devEui: eui });
    } finally {
      await listener.endAsync();
    }
  });
});
