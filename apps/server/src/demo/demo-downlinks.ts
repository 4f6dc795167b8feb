import { and, eq } from 'drizzle-orm';
import type { TDbOrTx } from '../db/database';
import { networkServers, type TNetworkServerConfig } from '../db/schema';
import { DEMO_NETWORK_SERVER } from './network-server';

/** The demo network server's downlink API while the fleet simulator plays it (its port, its token). */
export const SIMULATOR_DOWNLINKS: TNetworkServerConfig = { apiUrl: DEMO_NETWORK_SERVER.apiUrl, apiToken: DEMO_NETWORK_SERVER.apiToken };

/**
 * No downlink API. The downlink sender fails such a downlink with "neither a REST API URL nor an
 * MQTT broker", and the network server's form asks for the URL: "not configured" on both sides.
 * The form cannot save it, so with the demo secret it can only be this module's doing.
 */
export const NO_DOWNLINKS: TNetworkServerConfig = {};

export type TDemoDownlinks = 'simulator' | 'none' | 'edited' | 'absent';

function sameConfig(a: TNetworkServerConfig, b: TNetworkServerConfig): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof TNetworkServerConfig>;
  return [...keys].every((key) => a[key] === b[key]);
}

/**
 * Points the demo network server's downlinks at the simulator when it runs, and nowhere when it
 * does not (SIMULATOR=off), so that settings sent from the screens never reach whatever else
 * listens on the simulator's port. Run at every demo start: the record is seeded once, and the
 * simulator may be on at one start and off at the next. A record an administrator has edited
 * (another config or secret) is left as it is.
 */
export async function pointDemoDownlinks(db: TDbOrTx, simulator: boolean): Promise<TDemoDownlinks> {
  const [server] = await db
    .select({ id: networkServers.id, secret: networkServers.secret, config: networkServers.config })
    .from(networkServers)
    .where(and(eq(networkServers.name, DEMO_NETWORK_SERVER.name), eq(networkServers.kind, 'chirpstack')));
  if (!server) return 'absent';
  const untouched = server.secret === DEMO_NETWORK_SERVER.secret && (sameConfig(server.config, SIMULATOR_DOWNLINKS) || sameConfig(server.config, NO_DOWNLINKS));
  if (!untouched) return 'edited';
  const wanted = simulator ? SIMULATOR_DOWNLINKS : NO_DOWNLINKS;
  if (!sameConfig(server.config, wanted)) await db.update(networkServers).set({ config: wanted }).where(eq(networkServers.id, server.id));
  return simulator ? 'simulator' : 'none';
}
