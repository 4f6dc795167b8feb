import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_PAGE_SIZE, type TAlarmEventAction, type TAlarmKind, type TAlarmState } from '@aquasmart/domain';
import { queryRows, type TDb, type TDbOrTx } from '../../db/database';
import { keysetBatches, keysetColumns, keysetOrder, type TKeysetKey } from '../../lib/keyset';
import { EXPORT_BATCH_SIZE } from '../../lib/csv-export';
import { column, rowShape } from '../../db/rows';
import type { TAuthUser } from '../../identity/auth-user';
import { scopedCustomerIds } from '../../identity/customer-scope';
import { isAdministrator } from '../../identity/rights';
import { addAlarmSteps } from '../alarm-store/alarm-store';
import { readAlarmRows, type TAlarmRow } from '../alarm-store/alarm-rows';

/**
 * The API's reads of the alarms: which a user may see, the lists and the handling steps
 * (docs/alarms.md, "API"); the rows and timeline themselves come from the alarm store. Scope as the nodes'
 * (devices/device-repository.ts deviceScopeCondition): administrators see every alarm, other
 * users those of a customer (the node's at the time the alarm opened) they may see.
 */

/** The alarms the user may see (a condition on alarms `a`). */
export function alarmScope(user: TAuthUser): SQL {
  if (isAdministrator(user)) return sql`TRUE`;
  const ids = scopedCustomerIds(user);
  return ids ? sql`a.customer_id = ANY(${sql.param(ids)})` : sql`a.customer_id IS NOT NULL`;
}

/** Active first, then newest: the order of every alarm list (an index per list filter, 0015_alarm_records.sql), as keyset keys for the export. */
const LIST_KEYS: TKeysetKey[] = [
  { expression: sql`(a.closed_at IS NOT NULL)`, type: 'boolean', notNull: true },
  { expression: sql`a.opened_at`, type: 'timestamptz', descending: true, notNull: true },
  { expression: sql`a.id`, type: 'bigint', descending: true, notNull: true },
];
const LIST_ORDER = sql.join(keysetOrder(LIST_KEYS), sql`, `);

/** The to-handle condition: not both resolved and closed. */
export const TO_HANDLE = sql`(a.state <> 'resolved' OR a.closed_at IS NULL)`;

export interface TAlarmFilter {
  status: 'toHandle' | 'active' | 'all';
  kind?: TAlarmKind;
  customerId?: number;
  locationId?: number;
  state?: TAlarmState;
  assigneeId?: number;
  deviceEui?: string;
}

function filterCondition(user: TAuthUser, filter: TAlarmFilter): SQL {
  const parts: SQL[] = [alarmScope(user)];
  if (filter.status === 'toHandle') parts.push(TO_HANDLE);
  if (filter.status === 'active') parts.push(sql`a.closed_at IS NULL`);
  if (filter.kind) parts.push(sql`a.kind = ${filter.kind}`);
  if (filter.customerId !== undefined) parts.push(sql`a.customer_id = ${filter.customerId}`);
  if (filter.locationId !== undefined) parts.push(sql`a.location_id = ${filter.locationId}`);
  if (filter.state) parts.push(sql`a.state = ${filter.state}`);
  if (filter.assigneeId !== undefined) parts.push(sql`a.assignee_id = ${filter.assigneeId}`);
  if (filter.deviceEui) parts.push(sql`a.device_eui = ${filter.deviceEui}`);
  return sql.join(parts, sql` AND `);
}

const alarmId = rowShape({ id: column.number });

/**
 * One page of alarms and the number matching. The page's ids come from the alarms table alone
 * (the order is an index scan of 0015's indexes), then the names for those rows only; page and
 * count run side by side (two connections on PostgreSQL), as the node list does.
 */
export async function listAlarmPage(tx: TDbOrTx, user: TAuthUser, filter: TAlarmFilter, paging: { page?: number; limit?: number }): Promise<{ rows: TAlarmRow[]; total: number }> {
  const limit = paging.limit ?? DEFAULT_PAGE_SIZE;
  const offset = ((paging.page ?? 1) - 1) * limit;
  const where = filterCondition(user, filter);
  const [page, [counted]] = await Promise.all([
    alarmId.read(tx, sql`SELECT a.id FROM alarms a WHERE ${where} ORDER BY ${LIST_ORDER} LIMIT ${limit} OFFSET ${offset}`),
    queryRows<{ total: number }>(tx, sql`SELECT count(*)::int AS total FROM alarms a WHERE ${where}`),
  ]);
  const ids = page.map((row) => row.id);
  const byId = new Map((await readAlarmRows(tx, ids)).map((row) => [row.id, row]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), total: counted?.total ?? 0 };
}

/**
 * Every alarm the filter matches, in the list's order, in keyset batches (docs/exports.md): the ids
 * of a batch from the alarms table, then their names, as a page is read.
 */
export function alarmExportBatches(db: TDb, user: TAuthUser, filter: TAlarmFilter, batchSize = EXPORT_BATCH_SIZE): AsyncGenerator<TAlarmRow[]> {
  const where = filterCondition(user, filter);
  const ids = keysetBatches(
    LIST_KEYS,
    (after, limit) =>
      queryRows<{ id: number | string } & Record<string, unknown>>(
        db,
        sql`SELECT a.id, ${keysetColumns(LIST_KEYS)} FROM alarms a WHERE ${where} ${after ? sql`AND ${after}` : sql``} ORDER BY ${LIST_ORDER} LIMIT ${limit}`,
      ),
    batchSize,
  );
  return (async function* () {
    for await (const batch of ids) {
      const order = batch.map((row) => Number(row.id));
      const byId = new Map((await readAlarmRows(db, order)).map((row) => [row.id, row]));
      yield order.flatMap((id) => byId.get(id) ?? []);
    }
  })();
}

/** The menu badge: alarms in state new the user may see. */
export async function countUnacknowledged(tx: TDbOrTx, user: TAuthUser): Promise<number> {
  const [row] = await queryRows<{ total: number }>(tx, sql`SELECT count(*)::int AS total FROM alarms a WHERE a.state = 'new' AND ${alarmScope(user)}`);
  return row?.total ?? 0;
}

/** The alarm when the user may see it; null otherwise. `lock`: FOR UPDATE for a handling step. */
export async function findVisibleAlarm(tx: TDbOrTx, user: TAuthUser, id: number, { lock = false } = {}): Promise<TAlarmRow | null> {
  const [found] = await alarmId.read(
    tx,
    sql`SELECT a.id FROM alarms a WHERE a.id = ${id} AND ${alarmScope(user)} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  if (!found) return null;
  const [row] = await readAlarmRows(tx, [found.id]);
  return row ?? null;
}

/** A handling step: the alarm's new fields and its timeline row, in the caller's transaction. */
export async function recordHandlingStep(
  tx: TDbOrTx,
  alarmId: number,
  step: {
    action: TAlarmEventAction;
    user: TAuthUser;
    note: string | null;
    /** Columns the step sets (acknowledged, assigned, resolved); none for a comment. */
    set?: SQL;
    assigneeId?: number | null;
    /** What the step records besides its note (a legionella resolution: when the authority was told). */
    details?: Record<string, unknown>;
  },
): Promise<void> {
  if (step.set) await tx.execute(sql`UPDATE alarms SET ${step.set}, updated_at = now() WHERE id = ${alarmId}`);
  await addAlarmSteps(tx, [{ alarmId, action: step.action, userId: step.user.id, userEmail: step.user.email, assigneeId: step.assigneeId ?? null, note: step.note, details: step.details }]);
}
