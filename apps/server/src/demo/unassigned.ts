import type { TDeviceType } from '@aquasmart/domain';
import { DEFAULT_ENCRYPTION_MODE } from '@aquasmart/domain';
import type { TDbOrTx } from '../db/database';
import { insertUnassignedDevices } from '../modules/devices/device-provisioning';
import { DEMO_NETWORK_SERVER } from './network-server';
import type { TPlaces } from './places';

/**
 * Provisioned nodes that nobody registered yet, as they arrive from the supplier: the register
 * screen (/nodes/new) offers them. They have no customer, no location and no history.
 */
export const DEMO_UNASSIGNED: { eui: string; type: TDeviceType }[] = [
  { eui: '70B3D5499F0000A1', type: 'V2' },
  { eui: '70B3D5499F0000A2', type: 'V3' },
];

export async function seedUnassignedDevices(tx: TDbOrTx, places: TPlaces, administrator: string | null): Promise<void> {
  await insertUnassignedDevices(
    tx,
    DEMO_UNASSIGNED.map(({ eui, type }) => ({
      eui,
      type,
      version: '1.0',
      networkServerId: places.networkServerId,
      networkServer: DEMO_NETWORK_SERVER.name,
      encryptionMode: DEFAULT_ENCRYPTION_MODE,
    })),
    { userEmail: administrator, via: 'api' },
  );
}
