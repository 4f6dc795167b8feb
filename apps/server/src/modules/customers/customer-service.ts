import { eq, sql } from 'drizzle-orm';
import {
  DEFAULT_CUSTOMER_CALIBRATION_INTERVAL,
  ERROR,
  normalizeEndpoint,
  type TCustomerCreate,
  type TCustomerPatch,
} from '@aquasmart/domain';
import { type TDb, type TDbOrTx, countRows } from '../../db/database';
import { calibrationLogs, customers, devices, gateways, locations, overflowLogs, userCustomers } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { assertMayWrite } from '../../identity/rights';
import type { TAuthUser } from '../../identity/auth-user';
import { requireCustomer } from './customer-repository';
import { rethrowConstraint } from '../../lib/constraint-error';
import { setCustomerDevicesInterval, setCustomerLocationsInterval } from '../places/interval-propagation';
import { assertEndpoint } from '../places/place-endpoint';
import { newPlaceValues, placeChanges, type TPlaceRights } from '../places/place-changes';

const UNIQUES = { customers_name_unique: { key: ERROR.customerNameTaken, field: 'name' } };
/** A customer's notes are part of its details (docs/rights.md). */
const CUSTOMER_RIGHTS: TPlaceRights = {
  details: 'customer.details',
  notes: 'customer.details',
  interval: 'customer.calibration.interval',
  endpoint: 'customer.endpoint',
};

async function assertNameFree(tx: TDbOrTx, name: string, exceptId = -1): Promise<void> {
  const [clash] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.name, name)).limit(1);
  if (clash && clash.id !== exceptId) {
    throw new ApiError(409, ERROR.customerNameTaken, `A customer named ${name} exists`, { name: ERROR.customerNameTaken });
  }
}

/**
 * Users choose customers for their alarm notifications by name, as the API names customers
 * (docs/alarm-notifications.md): a rename renames the choice too, in the rename's transaction.
 */
async function renameInAlarmNotifications(tx: TDbOrTx, from: string, to: string): Promise<void> {
  await tx.execute(sql`UPDATE users SET alarm_notifications = jsonb_set(alarm_notifications, '{customers}',
      (SELECT jsonb_agg(CASE WHEN e.v = ${from} THEN to_jsonb(${to}::text) ELSE to_jsonb(e.v) END ORDER BY e.o)
       FROM jsonb_array_elements_text(alarm_notifications->'customers') WITH ORDINALITY AS e(v, o)))
    WHERE jsonb_typeof(alarm_notifications->'customers') = 'array' AND alarm_notifications->'customers' ? ${from}`);
}

/** POST /customers: interval 2 and no platform unless an administrator says otherwise. */
export async function createCustomer(db: TDb, user: TAuthUser, body: TCustomerCreate): Promise<number> {
  const interval = body.calibration?.interval ?? DEFAULT_CUSTOMER_CALIBRATION_INTERVAL;
  const endpoint = normalizeEndpoint(body.endpoint);
  assertMayWrite(user, [
    'customer.details',
    ...(interval !== DEFAULT_CUSTOMER_CALIBRATION_INTERVAL ? ['customer.calibration.interval'] : []),
    ...(endpoint.platform !== null ? ['customer.endpoint'] : []),
  ]);
  try {
    return await db.transaction(async (tx) => {
      await assertNameFree(tx, body.name);
      const [row] = await tx
        .insert(customers)
        .values({
          ...newPlaceValues(body, interval, endpoint),
          ...(body.alarmTemperatureMinutes === undefined ? {} : { alarmTemperatureMinutes: body.alarmTemperatureMinutes }),
        })
        .returning({ id: customers.id });
      return row.id;
    });
  } catch (error) {
    rethrowConstraint(error, UNIQUES);
  }
}

/**
 * PATCH /customers/{name}. Only fields whose value changes count for the field rights, so a
 * form may send back what it read. A changed interval propagates to the customer's locations
 * and devices in the same transaction. Returns the customer's id.
 */
export async function updateCustomer(db: TDb, user: TAuthUser, name: string, body: TCustomerPatch): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      const row = await requireCustomer(tx, user, name, true);
      const { values: changes, needed, endpoint } = placeChanges(row, body, CUSTOMER_RIGHTS);
      assertMayWrite(user, [...needed]);
      if (endpoint) assertEndpoint(endpoint, true);
      if (changes.name !== undefined) await assertNameFree(tx, changes.name, row.id);
      if (Object.keys(changes).length === 0) return row.id;
      await tx.update(customers).set({ ...changes, updatedAt: new Date() }).where(eq(customers.id, row.id));
      if (changes.name !== undefined && changes.name !== row.name) await renameInAlarmNotifications(tx, row.name, changes.name);
      if (changes.calibrationInterval !== undefined) {
        await setCustomerLocationsInterval(tx, row.id, changes.calibrationInterval);
        await setCustomerDevicesInterval(tx, row.id, changes.calibrationInterval);
      }
      return row.id;
    });
  } catch (error) {
    rethrowConstraint(error, UNIQUES);
  }
}

/**
 * DELETE /customers/{name}: refused with 409 while locations, gateways, nodes or users restricted
 * to it remain (params say how many). Calibration and overflow logs stay, without the customer.
 */
export async function deleteCustomer(db: TDb, user: TAuthUser, name: string): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const row = await requireCustomer(tx, user, name, true);
      const inUse = {
        locations: await countRows(tx, locations, eq(locations.customerId, row.id)),
        gateways: await countRows(tx, gateways, eq(gateways.customerId, row.id)),
        nodes: await countRows(tx, devices, eq(devices.customerId, row.id)),
        users: await countRows(tx, userCustomers, eq(userCustomers.customerId, row.id)),
      };
      if (Object.values(inUse).some((count) => count > 0)) {
        throw ApiError.conflict(
          `Customer ${name} still has ${inUse.locations} locations, ${inUse.gateways} gateways, ${inUse.nodes} nodes and ${inUse.users} users`,
          ERROR.customerInUse,
          inUse,
        );
      }
      await tx.update(calibrationLogs).set({ customerId: null, locationId: null }).where(eq(calibrationLogs.customerId, row.id));
      await tx.update(overflowLogs).set({ customerId: null, locationId: null }).where(eq(overflowLogs.customerId, row.id));
      await tx.delete(customers).where(eq(customers.id, row.id));
    });
  } catch (error) {
    rethrowConstraint(error, UNIQUES);
  }
}

