import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { expect, portal, test, type APIRequestContext } from './portal';

/**
 * The demo fleet in browser tests: its V2 nodes through the API, and the fleet's simulator
 * (tools/simulator) standing in as the demo network server, so downlinks reach simulated nodes
 * that report their registers back through the real intake.
 */
export const DEMO_NETWORK_SERVER = 'ChirpStack demo';

export interface TDemoNode {
  eui: string;
  name: string;
  customer: string;
  location: string;
  sync: number;
  sipp: { parameters: { register: number; value: Record<string, unknown>; status: string; reported?: unknown }[] };
  /** Only in a whole node (nodeOf); the lists leave them out. */
  channels?: { id: string; name: string }[];
}

export const nodeScreen = (node: Pick<TDemoNode, 'customer' | 'location' | 'eui'>) => `/nodes/${encodeURIComponent(node.customer)}/${encodeURIComponent(node.location)}/${node.eui}`;

/** Placed V2 nodes (at most 100) matching `conditions`, with their settings registers. */
export async function v2Nodes(request: APIRequestContext, token: string, conditions: Record<string, unknown> = {}): Promise<TDemoNode[]> {
  const answer = await request.get('/api/v1/devices', {
    headers: { 'x-access-token': token },
    params: {
      conditions: JSON.stringify({ type: 'V2', customer: { $ne: null }, location: { $ne: null }, ...conditions }),
      projection: 'eui name customer location sync sipp.parameters',
      limit: 100,
    },
  });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as TDemoNode[];
}

export async function nodeOf(request: APIRequestContext, token: string, eui: string): Promise<TDemoNode> {
  const answer = await request.get(`/api/v1/devices/${eui}`, { headers: { 'x-access-token': token } });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as TDemoNode;
}

function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.end();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`nothing listens on ${port}`));
        else setTimeout(attempt, 250);
      });
    };
    attempt();
  });
}

/**
 * In the calling describe block: the demo fleet's simulator listens on one of the portal's
 * simulator ports (`which`: two specs never share one) and the demo network server points there
 * (downlinks go to it; it answers with the nodes' reports `DOWNLINK_DELAY` later); afterwards the
 * network server points back. `adminToken` is read when the block starts.
 */
// Long enough that a test sees the settings pending before the node's report arrives: with one second,
// a page that loaded slower than that (a slow machine under the whole suite) found them saved already.
const DOWNLINK_DELAY = '8s';

export function useDemoFleetSimulator(which: 0 | 1, adminToken: () => string): void {
  let simulator: ChildProcess | undefined;
  let originalApiUrl = '';

  test.beforeAll(async ({ request }, testInfo) => {
    const { url, simulatorPorts } = portal(testInfo);
    const port = simulatorPorts[which];
    const servers = (await (await request.get('/api/v1/networkServers', { headers: { 'x-access-token': adminToken() } })).json()) as { name: string; config: { apiUrl?: string } }[];
    originalApiUrl = servers.find((server) => server.name === DEMO_NETWORK_SERVER)?.config.apiUrl ?? '';
    const patched = await request.patch(`/api/v1/networkServers/${encodeURIComponent(DEMO_NETWORK_SERVER)}`, {
      headers: { 'x-access-token': adminToken() },
      data: { config: { apiUrl: `http://127.0.0.1:${port}` } },
    });
    expect(patched.status()).toBe(200);
    simulator = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'tools/simulator/src/cli.ts',
        ...['--fleet', 'demo', '--target', url, '--listen', String(port)],
        ...['--downlink-delay', DOWNLINK_DELAY, '--fault-rate', '0', '--overflow-rate', '0', '--flush-failure-rate', '0', '--status-every', '0'],
      ],
      { stdio: 'ignore' },
    );
    await waitForPort(port, 60_000);
  });

  test.afterAll(async ({ request }) => {
    simulator?.kill('SIGTERM');
    if (originalApiUrl) {
      await request.patch(`/api/v1/networkServers/${encodeURIComponent(DEMO_NETWORK_SERVER)}`, {
        headers: { 'x-access-token': adminToken() },
        data: { config: { apiUrl: originalApiUrl } },
      });
    }
  });
}
