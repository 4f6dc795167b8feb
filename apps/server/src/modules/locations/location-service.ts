import { and, eq, ne } from 'drizzle-orm';
import {
  DEFAULT_LOCATION_CALIBRATION_INTERVAL,
  ERROR,
  normalizeEndpoint,
  OUTLET_ERROR,
  type TLocationCreate,
  type TLocationPatch,
} from '@aquasmart/domain';
import { type TDb, type TDbOrTx, countRows } from '../../db/database';
import { alarms, calibrationLogs, devices, gateways, locations, outletCheckOverrides, outletChecks, outlets, overflowLogs, samplePoints } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { assertMayWrite } from '../../identity/rights';
import type { TAuthUser } from '../../identity/auth-user';
import { requireBodyCustomer } from '../customers/customer-repository';
import { rethrowConstraint } from '../../lib/constraint-error';
import { setLocationDevicesInterval } from '../places/interval-propagation';
import { assertEndpoint } from '../places/place-endpoint';
import { newLocationLogbookValues, newPlaceValues, placeChanges, type TPlaceRights } from '../places/place-changes';
import { requireLocation } from './location-repository';

const UNIQUES = { locations_customer_name_key: { key: ERROR.locationNameTaken, field: 'name' } };
/** A location's notes are also editNode's (docs/rights.md); its interval is the administrator's unless it comes with a move. */
const LOCATION_RIGHTS: TPlaceRights = {
  details: 'location.details',
  notes: 'location.notes',
  interval: 'location.calibration.interval',
  endpoint: 'location.endpoint',
};

async function assertNameFree(tx: TDbOrTx, customerId: number, name: string, exceptId = -1): Promise<void> {
  const [clash] = await tx
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.customerId, customerId), eq(locations.name, name), ne(locations.id, exceptId)))
    .limit(1);
  if (clash) throw new ApiError(409, ERROR.locationNameTaken, `The customer has a location named ${name}`, { name: ERROR.locationNameTaken });
}

/**
 * POST /locations. Interval 1 when absent; a non-administrator may send 1 or the customer's
 * interval (what the create form fills in), nothing else. Endpoint: none unless an administrator sets it.
 */
export async function createLocation(db: TDb, user: TAuthUser, body: TLocationCreate): Promise<number> {
  const endpoint = normalizeEndpoint(body.endpoint);
  try {
    return await db.transaction(async (tx) => {
      const customer = await requireBodyCustomer(tx, user, body.customer);
      const interval = body.calibration?.interval ?? DEFAULT_LOCATION_CALIBRATION_INTERVAL;
      const freeIntervals: number[] = [DEFAULT_LOCATION_CALIBRATION_INTERVAL, customer.calibrationInterval];
      assertMayWrite(user, [
        'location.details',
        ...(freeIntervals.includes(interval) ? [] : ['location.calibration.interval']),
        ...(endpoint.platform !== null ? ['location.endpoint'] : []),
      ]);
      await assertNameFree(tx, customer.id, body.name);
      const [row] = await tx
        .insert(locations)
        .values({ customerId: customer.id, ...newPlaceValues(body, interval, endpoint), ...newLocationLogbookValues(body) })
        .returning({ id: locations.id });
      return row.id;
    });
  } catch (error) {
    rethrowConstraint(error, UNIQUES);
  }
}

/** Moves a location's gateways, nodes and logs along to its new customer (moveLocation). */
async function moveContents(tx: TDbOrTx, locationId: number, customerId: number): Promise<void> {
  await tx.update(gateways).set({ customerId, updatedAt: new Date() }).where(eq(gateways.locationId, locationId));
  await tx.update(devices).set({ customerId, updatedAt: new Date() }).where(eq(devices.locationId, locationId));
  await tx.update(calibrationLogs).set({ customerId }).where(eq(calibrationLogs.locationId, locationId));
  await tx.update(overflowLogs).set({ customerId }).where(eq(overflowLogs.locationId, locationId));
  // The location's alarms are its logbook's, open or closed: they go with it (docs/alarms.md).
  await tx.update(alarms).set({ customerId, updatedAt: new Date() }).where(eq(alarms.locationId, locationId));
}

/**
 * PATCH /customers/{c}/locations/{l}. Only changed fields count for the field rights: details
 * need location.details, notes location.notes (also editNode), another customer location.customer (moveLocation), interval and
 * endpoint are for administrators. When moving, taking the new customer's interval is part of
 * the move. Everything (move, interval propagation) in one transaction. Returns the id.
 */
export async function updateLocation(db: TDb, user: TAuthUser, customerName: string, name: string, body: TLocationPatch): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      const row = await requireLocation(tx, user, customerName, name, true);
      const target = body.customer !== undefined && body.customer !== customerName ? await requireBodyCustomer(tx, user, body.customer) : null;
      const moving = target !== null && target.id !== row.customerId;
      // Taking the new customer's interval is part of a move.
      const intervalOfMove = moving && body.calibration?.interval === target.calibrationInterval;
      const { values, needed, endpoint } = placeChanges(row, body, { ...LOCATION_RIGHTS, interval: intervalOfMove ? null : LOCATION_RIGHTS.interval });
      const changes: Partial<typeof locations.$inferInsert> = { ...values, ...(moving ? { customerId: target.id } : {}) };
      if (moving) needed.add('location.customer');
      assertMayWrite(user, [...needed]);
      if (endpoint) assertEndpoint(endpoint, true);
      if (changes.name !== undefined || changes.customerId !== undefined) {
        await assertNameFree(tx, changes.customerId ?? row.customerId, changes.name ?? row.name, row.id);
      }
      if (Object.keys(changes).length === 0) return row.id;
      await tx.update(locations).set({ ...changes, updatedAt: new Date() }).where(eq(locations.id, row.id));
      if (changes.customerId !== undefined) await moveContents(tx, row.id, changes.customerId);
      if (changes.calibrationInterval !== undefined) await setLocationDevicesInterval(tx, row.id, changes.calibrationInterval);
      return row.id;
    });
  } catch (error) {
    rethrowConstraint(error, UNIQUES);
  }
}

/**
 * DELETE /customers/{c}/locations/{l}: refused with 409 while gateways or nodes remain.
 * Calibration and overflow logs stay with the customer, without the location.
 */
export async function deleteLocation(db: TDb, user: TAuthUser, customerName: string, name: string): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const row = await requireLocation(tx, user, customerName, name, true);
      const inUse = {
        gateways: await countRows(tx, gateways, eq(gateways.locationId, row.id)),
        nodes: await countRows(tx, devices, eq(devices.locationId, row.id)),
      };
      if (inUse.gateways > 0 || inUse.nodes > 0) {
        throw ApiError.conflict(`Location ${name} still has ${inUse.gateways} gateways and ${inUse.nodes} nodes`, ERROR.locationInUse, inUse);
      }
      // Its sample points hold the laboratory results (docs/sampling.md): compliance history is not deleted with a location.
      const points = await countRows(tx, samplePoints, eq(samplePoints.locationId, row.id));
      if (points > 0) throw ApiError.conflict(`Location ${name} still has ${points} sample points`, ERROR.locationHasSamplePoints, { samplePoints: points });
      // Checks done at its outlets are compliance records (docs/outlets.md): kept, and the location with them.
      const checks = await countRows(tx, outletChecks, eq(outletChecks.locationId, row.id));
      if (checks > 0) throw ApiError.conflict(`Location ${name} has ${checks} checks recorded at its outlets`, OUTLET_ERROR.locationHasChecks, { checks });
      // Its outlet register and check plans are setup, not history: they go with it.
      await tx.delete(outlets).where(eq(outlets.locationId, row.id));
      await tx.delete(outletCheckOverrides).where(eq(outletCheckOverrides.locationId, row.id));
      await tx.update(calibrationLogs).set({ locationId: null }).where(eq(calibrationLogs.locationId, row.id));
      await tx.update(overflowLogs).set({ locationId: null }).where(eq(overflowLogs.locationId, row.id));
      await tx.delete(locations).where(eq(locations.id, row.id));
    });
  } catch (error) {
    rethrowConstraint(error, UNIQUES);
  }
}
