import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { TCalibrationLogRow } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { calibrationLogs, customers, devices, locations } from '../../db/schema';
import { parseConditions, type TFieldMap } from '../../lib/query';

/** Fields `conditions` may use (e.g. {"ts": {"$gte": "2026-01-01"}}). */
export const CALIBRATION_LOG_FIELDS: TFieldMap = {
  ts: { sql: calibrationLogs.ts, kind: 'timestamp' },
  name: { sql: devices.name, kind: 'text' },
  eui: { sql: calibrationLogs.deviceEui, kind: 'text' },
  location: { sql: locations.name, kind: 'text' },
  channel: { sql: calibrationLogs.channel, kind: 'text' },
  measured: { sql: calibrationLogs.measured, kind: 'number' },
  calibrated: { sql: calibrationLogs.calibrated, kind: 'number' },
  offset: { sql: calibrationLogs.offset, kind: 'number' },
};

/**
 * Calibration log rows of one customer (and optionally one location), newest first. Node,
 * customer and location are named as they are now (a rename shows everywhere).
 */
export async function listCalibrationLogs(db: TDb, where: SQL, conditions: string | undefined): Promise<TCalibrationLogRow[]> {
  const rows = await db
    .select({
      ts: calibrationLogs.ts,
      name: devices.name,
      eui: calibrationLogs.deviceEui,
      customer: customers.name,
      location: locations.name,
      channel: calibrationLogs.channel,
      measured: calibrationLogs.measured,
      calibrated: calibrationLogs.calibrated,
      offset: calibrationLogs.offset,
    })
    .from(calibrationLogs)
    .innerJoin(devices, eq(devices.eui, calibrationLogs.deviceEui))
    .leftJoin(customers, eq(customers.id, calibrationLogs.customerId))
    .leftJoin(locations, eq(locations.id, calibrationLogs.locationId))
    .where(and(where, parseConditions(conditions, CALIBRATION_LOG_FIELDS)))
    .orderBy(desc(calibrationLogs.ts), calibrationLogs.deviceEui, calibrationLogs.channel);
  return rows.map((row) => ({ ...row, ts: row.ts.toISOString() }));
}
