import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { isEui, normalizeEui, type TDevice, type TDeviceListItem } from '@aquasmart/domain';
import type { TDb, TDbOrTx } from '../../db/database';
import { customers, devices, gateways, locations, networkServers, products } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { customerScopeCondition } from '../../identity/customer-scope';
import { parseConditions, parseProjection, projectableFields, selectionFor } from '../../lib/query';
import { isAdministrator } from '../../identity/rights';
import type { TAuthUser } from '../../identity/auth-user';
import { DEVICE_CONDITION_FIELDS, DEVICE_FIELDS } from './device-fields';

export type TDeviceRow = typeof devices.$inferSelect;

export interface TDeviceListQuery {
  conditions?: string;
  projection?: string;
  page?: number;
  limit?: number;
}

/**
 * The devices a user may see: administrators all of them; everyone else only devices assigned
 * to a customer, and with a customer list only those customers' devices. Unassigned devices
 * (provisioned, removed, or created by an unknown uplink) are the administrators' business.
 */
export function deviceScopeCondition(user: TAuthUser): SQL | undefined {
  if (isAdministrator(user)) return undefined;
  return and(isNotNull(devices.customerId), customerScopeCondition(user, devices.customerId));
}

/** The device with this EUI (any case) when the user may see it; 404 otherwise, also for a malformed EUI. */
export async function requireVisibleDevice(db: TDbOrTx, user: TAuthUser, eui: string): Promise<TDeviceRow> {
  if (!isEui(eui)) throw ApiError.notFound(`No device ${eui}`);
  const [row] = await db
    .select()
    .from(devices)
    .where(and(eq(devices.eui, normalizeEui(eui)), deviceScopeCondition(user)))
    .limit(1);
  if (!row) throw ApiError.notFound(`No device ${eui}`);
  return row;
}

/** Devices the user may see, sorted by name (then EUI), with the projected fields; optionally one page. */
export async function listDevices(db: TDb, user: TAuthUser, query: TDeviceListQuery, where?: SQL): Promise<TDeviceListItem[]> {
  const projection = parseProjection(query.projection, projectableFields(DEVICE_FIELDS));
  const conditions = parseConditions(query.conditions, DEVICE_CONDITION_FIELDS);
  const base = db
    .select(selectionFor(projection, DEVICE_FIELDS))
    .from(devices)
    .leftJoin(customers, eq(customers.id, devices.customerId))
    .leftJoin(locations, eq(locations.id, devices.locationId))
    .leftJoin(gateways, eq(gateways.id, devices.gatewayId))
    .leftJoin(products, eq(products.id, devices.flushDeviceId))
    .leftJoin(networkServers, eq(networkServers.id, devices.networkServerId))
    .where(and(deviceScopeCondition(user), conditions, where))
    .orderBy(sql`lower(${devices.name})`, devices.name, devices.eui);
  const rows = query.limit === undefined ? await base : await base.limit(query.limit).offset(((query.page ?? 1) - 1) * query.limit);
  return rows;
}

/** GET /devices/{eui}: the whole node shape. */
export async function readDevice(db: TDb, user: TAuthUser, eui: string): Promise<TDevice> {
  const row = await requireVisibleDevice(db, user, eui);
  const [device] = await listDevices(db, user, {}, eq(devices.eui, row.eui));
  if (!device) throw ApiError.notFound(`No device ${eui}`);
  return device as TDevice;
}
