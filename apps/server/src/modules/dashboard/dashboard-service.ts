import { isCalibrationList, type TDashboard, type TDashboardListName, type TDashboardListRow, type TFlushAmount } from '@aquasmart/domain';
import type { TDb, TDbOrTx } from '../../db/database';
import type { TAuthUser } from '../../identity/auth-user';
import { scopedCustomerIds } from '../../identity/customer-scope';
import { holdsEntry, isAdministrator } from '../../identity/rights';
import { ApiError } from '../../lib/api-error';
import { findCustomerId, readDashboard, readFlushAmounts, readListPage, stopOverflowLog, type TDashboardScope, type TListQuery } from './dashboard-repository';

/**
 * The dashboard for a caller (docs/dashboard.md): the caller's customers, or one of them when
 * `customer` is given (the customer's #dashboard tab); a customer outside the scope is a 404.
 */
async function scopeFor(db: TDbOrTx, user: TAuthUser, customer?: string): Promise<TDashboardScope> {
  const scope: TDashboardScope = { customerIds: scopedCustomerIds(user), unassignedOverflows: isAdministrator(user) };
  if (customer === undefined) return scope;
  const id = await findCustomerId(db, customer, scope);
  if (id === null) throw ApiError.notFound(`No customer ${customer}`);
  return { customerIds: [id], unassignedOverflows: false };
}

/** Calibration counts and lists: administrators, or holders of calibrationData (entry dashboard.calibration). */
export function maySeeCalibration(user: TAuthUser): boolean {
  return isAdministrator(user) || holdsEntry(user, 'dashboard.calibration', ['ro', 'rw']);
}

export async function getDashboard(
  db: TDb,
  user: TAuthUser,
  customer: string | undefined,
  onBackgroundError: (error: unknown) => void,
  now = Date.now(),
): Promise<TDashboard> {
  return readDashboard(db, await scopeFor(db, user, customer), now, maySeeCalibration(user), onBackgroundError);
}

export async function getDashboardList(
  db: TDb,
  user: TAuthUser,
  name: TDashboardListName,
  query: TListQuery & { customer?: string },
  onBackgroundError: (error: unknown) => void,
  now = Date.now(),
): Promise<{ rows: TDashboardListRow[]; total: number }> {
  if (isCalibrationList(name) && !maySeeCalibration(user)) throw ApiError.forbidden('The calibration lists need calibrationData');
  return readListPage(db, name, await scopeFor(db, user, query.customer), now, query, onBackgroundError);
}

export async function getFlushAmounts(db: TDb, user: TAuthUser, min: number, customer: string | undefined, onBackgroundError: (error: unknown) => void): Promise<TFlushAmount[]> {
  return readFlushAmounts(db, await scopeFor(db, user, customer), min, onBackgroundError);
}

/** Ends an active detection; unknown, outside the caller's customers or not a number: 404. */
export async function endOverflowDetection(db: TDbOrTx, user: TAuthUser, id: string): Promise<void> {
  if (!/^\d{1,18}$/.test(id)) throw ApiError.notFound(`No overflow log ${id}`);
  const found = await stopOverflowLog(db, Number(id), await scopeFor(db, user));
  if (!found) throw ApiError.notFound(`No overflow log ${id}`);
}
