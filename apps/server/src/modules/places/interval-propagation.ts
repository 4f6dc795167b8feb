import { eq, inArray } from 'drizzle-orm';
import { devices, locations } from '../../db/schema';
import { type TDbOrTx } from '../../db/database';

/**
 * A changed calibration interval propagates (docs/places.md, "Calibration interval"): a customer's to its
 * locations and devices, a location's to its devices. Callers run these inside the transaction
 * of the change itself. Each returns the number of rows it changed.
 */

export async function setCustomerDevicesInterval(tx: TDbOrTx, customerId: number, interval: number): Promise<number> {
  const rows = await tx
    .update(devices)
    .set({ calibrationInterval: interval, updatedAt: new Date() })
    .where(eq(devices.customerId, customerId))
    .returning({ eui: devices.eui });
  return rows.length;
}

export async function setLocationDevicesInterval(tx: TDbOrTx, locationId: number, interval: number): Promise<number> {
  const rows = await tx
    .update(devices)
    .set({ calibrationInterval: interval, updatedAt: new Date() })
    .where(eq(devices.locationId, locationId))
    .returning({ eui: devices.eui });
  return rows.length;
}

/** Every location of the customer, and the devices at those locations. */
export async function setCustomerLocationsInterval(tx: TDbOrTx, customerId: number, interval: number): Promise<number> {
  const changed = await tx
    .update(locations)
    .set({ calibrationInterval: interval, updatedAt: new Date() })
    .where(eq(locations.customerId, customerId))
    .returning({ id: locations.id });
  if (changed.length) {
    await tx
      .update(devices)
      .set({ calibrationInterval: interval, updatedAt: new Date() })
      .where(inArray(devices.locationId, changed.map((row) => row.id)));
  }
  return changed.length;
}
