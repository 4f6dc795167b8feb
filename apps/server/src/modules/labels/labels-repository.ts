import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/database';
import { customers, devices, locations } from '../../db/schema';
import type { TAuthUser } from '../../identity/auth-user';
import { deviceScopeCondition } from '../devices/device-repository';

export interface TLabelNode {
  eui: string;
  name: string;
  customer: string | null;
  location: string | null;
}

function selectLabelNodes(db: TDbOrTx) {
  return db
    .select({ eui: devices.eui, name: devices.name, customer: customers.name, location: locations.name })
    .from(devices)
    .leftJoin(customers, eq(customers.id, devices.customerId))
    .leftJoin(locations, eq(locations.id, devices.locationId));
}

/** The nodes of these EUIs the user may see (the others are left out, as GET /devices/{eui} answers them 404). */
export async function labelNodesByEui(db: TDbOrTx, user: TAuthUser, euis: string[]): Promise<TLabelNode[]> {
  return selectLabelNodes(db)
    .where(and(inArray(devices.eui, euis), deviceScopeCondition(user)))
    .orderBy(asc(sql`lower(${devices.name})`), asc(devices.eui));
}

/** The nodes placed at a location, by name. */
export async function labelNodesOfLocation(db: TDbOrTx, user: TAuthUser, locationId: number): Promise<TLabelNode[]> {
  return selectLabelNodes(db)
    .where(and(eq(devices.locationId, locationId), deviceScopeCondition(user)))
    .orderBy(asc(sql`lower(${devices.name})`), asc(devices.eui));
}
