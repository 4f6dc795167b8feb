import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { networkServers, type TNetworkServerConfig } from '../db/schema';
import { sendFrame } from '../modules/downlinks/transports';
import { openTestDatabase, type TTestDatabase } from '../test/test-database';
import { NO_DOWNLINKS, pointDemoDownlinks, SIMULATOR_DOWNLINKS } from './demo-downlinks';
import { DEMO_NETWORK_SERVER } from './network-server';

let database: TTestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.reset();
});

async function insertDemoServer(config: TNetworkServerConfig, secret: string = DEMO_NETWORK_SERVER.secret): Promise<void> {
  await database.system.insert(networkServers).values({ name: DEMO_NETWORK_SERVER.name, kind: 'chirpstack', secret, config });
}

async function storedConfig(): Promise<TNetworkServerConfig> {
  const [server] = await database.system.select({ config: networkServers.config }).from(networkServers).where(eq(networkServers.name, DEMO_NETWORK_SERVER.name));
  return server.config;
}

describe('the demo network server follows SIMULATOR at every start', () => {
  it('SIMULATOR=off: no downlink API, so a setting sent to a demo node reaches no port', async () => {
    await insertDemoServer(SIMULATOR_DOWNLINKS);
    expect(await pointDemoDownlinks(database.system, false)).toBe('none');
    expect(await storedConfig()).toEqual({});

    const requested: string[] = [];
    const fetchSpy: typeof fetch = (input) => {
      requested.push(String(input));
      return Promise.resolve(new Response('{}'));
    };
    const target = { networkServerId: 1, kind: 'chirpstack', config: await storedConfig(), eui: '70B3D5499F000001', networkDeviceId: null, networkApplicationId: null, fPort: 2, bytes: new Uint8Array([1]) };
    await expect(sendFrame(target, { fetch: fetchSpy })).rejects.toThrow('neither a REST API URL nor an MQTT broker');
    expect(requested).toEqual([]);
  });

  it('the simulator on again: the downlinks go to its port again', async () => {
    await insertDemoServer(NO_DOWNLINKS);
    expect(await pointDemoDownlinks(database.system, true)).toBe('simulator');
    expect(await storedConfig()).toEqual({ apiUrl: DEMO_NETWORK_SERVER.apiUrl, apiToken: DEMO_NETWORK_SERVER.apiToken });
  });

  it.each([
    ['an administrator pointed it at a real ChirpStack', { apiUrl: 'https://chirpstack.example.nl', apiToken: 'real-token' }, DEMO_NETWORK_SERVER.secret],
    ['an administrator regenerated its secret', SIMULATOR_DOWNLINKS, 'a-secret-the-administrator-generated-0123456789'],
  ])('%s: left alone, whatever SIMULATOR says', async (_case, config, secret) => {
    await insertDemoServer(config, secret);
    expect(await pointDemoDownlinks(database.system, false)).toBe('edited');
    expect(await storedConfig()).toEqual(config);
  });

  it('no demo network server (not a demo database): nothing to do', async () => {
    expect(await pointDemoDownlinks(database.system, false)).toBe('absent');
    expect(await database.system.select().from(networkServers)).toEqual([]);
  });
});
