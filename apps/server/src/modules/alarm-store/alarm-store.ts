import { sql, type SQL } from 'drizzle-orm';
import type { TAlarmEventAction, TAlarmKind } from '@aquasmart/domain';
import type { TDbOrTx } from '../../db/database';
import { column, rowShape } from '../../db/rows';
import { subjectColumns, type TAlarmSubject } from './alarm-subject';

/**
 * The alarm store (docs/alarms.md, "The alarm store"): the one place that opens, closes and reopens
 * alarm rows, each with its step in the timeline (`alarm_events`), in the caller's transaction.
 * Every writer comes here: the intake (observed-alarms.ts), the offline sweep, the gateway-offline
 * job, a node's move and the demo's seed. Writers decide *which* subjects open or close and when (their rules); the
 * store decides *how*: one open alarm per kind and subject, an 'opened' / 'closed' / 'reopened'
 * step for each change it made itself, so two server copies never open or close one twice.
 * Statements are set-based: a writer hands over a SELECT of its rows or a JSON list.
 */

/**
 * One open alarm per kind and subject (the unique index alarms_one_active_key, 0014_alarms.sql):
 * an opening that meets an open alarm of another writer or server copy leaves that one standing.
 * The only place this rule is written; a new subject column joins it here, in OPEN_ALARM_OF_SUBJECT
 * and in the index.
 */
const ONE_OPEN_PER_SUBJECT = sql`ON CONFLICT (kind, coalesce(device_eui, ''), coalesce(gateway_id, 0), channel_id, coalesce(sample_point_id, 0), coalesce(outlet_id, 0)) WHERE closed_at IS NULL DO NOTHING`;

/** The open alarm of a change's subject (`a` the alarms, `i` the change), found by the one-open index. */
const OPEN_ALARM_OF_SUBJECT = sql`a.closed_at IS NULL AND a.kind = i.kind AND coalesce(a.device_eui, '') = coalesce(i.device_eui, '')
  AND coalesce(a.gateway_id, 0) = coalesce(i.gateway_id, 0) AND a.channel_id = i.channel_id AND coalesce(a.sample_point_id, 0) = coalesce(i.sample_point_id, 0)
  AND coalesce(a.outlet_id, 0) = coalesce(i.outlet_id, 0)`;

/** A change of one subject's alarm: an opening at `at`, or the closing of its open alarm at `at`. */
export interface TAlarmChange {
  kind: TAlarmKind;
  subject: TAlarmSubject;
  /** When (ms): the observation's time. */
  at: number;
  /** The subject's place at that time; an opening keeps it. */
  customerId: number | null;
  locationId: number | null;
  details: Record<string, unknown>;
}

/** The changes as rows of a SELECT: kind, the subject columns, customer_id, location_id, at, details. */
function changeRows(changes: readonly TAlarmChange[]): SQL {
  const rows = changes.map((change) => ({
    kind: change.kind,
    ...subjectColumns(change.subject),
    customer_id: change.customerId,
    location_id: change.locationId,
    at: new Date(change.at).toISOString(),
    details: change.details,
  }));
  return sql`SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
    AS r(kind text, device_eui text, gateway_id int, channel_id text, sample_point_id bigint, outlet_id bigint, customer_id int, location_id int, at timestamptz, details jsonb)`;
}

/** What an 'opened' step carries: the alarm's details (the default) with the portal's reason, or nothing. */
export interface TOpenedStep {
  details?: boolean;
  reason?: string;
}

function openedStepDetails(step: TOpenedStep): SQL {
  if (step.details === false) return sql`'{}'::jsonb`;
  return step.reason === undefined ? sql`details` : sql`details || jsonb_build_object('reason', ${step.reason}::text)`;
}

const openedAlarm = rowShape({ id: column.number });

/**
 * Opens an alarm per row of `rows`, a SELECT naming kind, device_eui, gateway_id, channel_id,
 * sample_point_id, outlet_id, customer_id, location_id, opened_at and details (subject columns: subjectColumnsSql), each with
 * its 'opened' step; a subject whose alarm of that kind is already open gets nothing. Answers how
 * many opened.
 */
export async function openAlarms(tx: TDbOrTx, rows: SQL, step: TOpenedStep = {}): Promise<number> {
  const opened = await openedAlarm.read(
    tx,
    sql`WITH opened AS (
        INSERT INTO alarms (kind, device_eui, gateway_id, channel_id, sample_point_id, outlet_id, customer_id, location_id, opened_at, details)
        SELECT r.kind, r.device_eui, r.gateway_id, r.channel_id, r.sample_point_id, r.outlet_id, r.customer_id, r.location_id, r.opened_at, r.details FROM (${rows}) r
        ${ONE_OPEN_PER_SUBJECT}
        RETURNING id, opened_at, details
      )
      INSERT INTO alarm_events (alarm_id, at, action, details) SELECT id, opened_at, 'opened', ${openedStepDetails(step)} FROM opened RETURNING alarm_id AS id`,
  );
  return opened.length;
}

/** Opens each change's subject at its time with its details (JSON changes: the intake, a node's move). */
export function openSubjects(tx: TDbOrTx, changes: readonly TAlarmChange[], step: TOpenedStep = {}): Promise<number> {
  if (changes.length === 0) return Promise.resolve(0);
  return openAlarms(
    tx,
    sql`SELECT c.kind, c.device_eui, c.gateway_id, c.channel_id, c.sample_point_id, c.outlet_id, c.customer_id, c.location_id, c.at AS opened_at, c.details FROM (${changeRows(changes)}) c`,
    step,
  );
}

/** An alarm the store closed. */
export interface TClosedAlarm {
  id: number;
  kind: TAlarmKind;
  channelId: string;
  /** The alarm's own details (not the step's). */
  details: Record<string, unknown>;
}

const closedAlarm = rowShape({ id: column.number, kind: column.as<TAlarmKind>(), channel_id: column.as<string>(), details: column.json<Record<string, unknown>>() });

/**
 * Closes the open alarms that `closings` names, a SELECT of id, closed_at and details (the closed
 * step's: the reason, or the reading that ended it), each with its 'closed' step. An alarm closed
 * meanwhile by another writer is left as it is. Answers the alarms it closed.
 */
export async function closeAlarms(tx: TDbOrTx, closings: SQL): Promise<TClosedAlarm[]> {
  const closed = await closedAlarm.read(
    tx,
    sql`WITH closing AS (${closings}), closed AS (
        UPDATE alarms a SET closed_at = c.closed_at, updated_at = now()
        FROM closing c WHERE a.id = c.id AND a.closed_at IS NULL
        RETURNING a.id, a.kind, a.channel_id, a.closed_at, a.details, c.details AS step
      ), steps AS (
        INSERT INTO alarm_events (alarm_id, at, action, details) SELECT id, closed_at, 'closed', step FROM closed
      )
      SELECT id, kind, channel_id, details FROM closed`,
  );
  return closed.map((row) => ({ id: row.id, kind: row.kind, channelId: row.channel_id, details: row.details }));
}

/** Closes each change's subject's open alarm at the change's time (never before it opened), the change's details on the step. */
export async function closeSubjects(tx: TDbOrTx, changes: readonly TAlarmChange[]): Promise<number> {
  if (changes.length === 0) return 0;
  const closed = await closeAlarms(
    tx,
    sql`SELECT a.id, greatest(i.at, a.opened_at) AS closed_at, i.details FROM (${changeRows(changes)}) i JOIN alarms a ON ${OPEN_ALARM_OF_SUBJECT}`,
  );
  return closed.length;
}

/** Opens closed alarms again (the hysteresis, docs/alarms.md): closed_at back to null, the details merged, a 'reopened' step at `at`. */
export async function reopenAlarms(tx: TDbOrTx, reopenings: readonly { id: number; at: number; details: Record<string, unknown> }[]): Promise<void> {
  if (reopenings.length === 0) return;
  const rows = reopenings.map((reopening) => ({ id: reopening.id, at: new Date(reopening.at).toISOString(), details: reopening.details }));
  await tx.execute(sql`WITH input AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(id bigint, at timestamptz, details jsonb)
    ), reopened AS (
      UPDATE alarms a SET closed_at = NULL, details = a.details || i.details, updated_at = now()
      FROM input i WHERE a.id = i.id
      RETURNING a.id, i.at, i.details
    )
    INSERT INTO alarm_events (alarm_id, at, action, details) SELECT id, at, 'reopened', details FROM reopened`);
}

/** A step people or the notification jobs add to an alarm's timeline (acknowledged, commented, escalated, ...). */
export interface TAlarmStep {
  alarmId: number;
  action: TAlarmEventAction;
  /** ISO time; the transaction's time when left out. */
  at?: string;
  userId?: number | null;
  userEmail?: string | null;
  assigneeId?: number | null;
  note?: string | null;
  details?: Record<string, unknown>;
}

/** Adds the steps to their alarms' timelines in one statement. */
export async function addAlarmSteps(tx: TDbOrTx, steps: readonly TAlarmStep[]): Promise<void> {
  if (steps.length === 0) return;
  const rows = steps.map((step) => ({
    alarm_id: step.alarmId,
    action: step.action,
    at: step.at ?? null,
    user_id: step.userId ?? null,
    user_email: step.userEmail ?? null,
    assignee_id: step.assigneeId ?? null,
    note: step.note ?? null,
    details: step.details ?? {},
  }));
  await tx.execute(sql`INSERT INTO alarm_events (alarm_id, at, action, user_id, user_email, assignee_id, note, details)
    SELECT r.alarm_id, coalesce(r.at, now()), r.action, r.user_id, r.user_email, r.assignee_id, r.note, r.details
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS r(alarm_id bigint, action text, at timestamptz, user_id int, user_email text, assignee_id int, note text, details jsonb)`);
}

/** An open alarm found for a subject. */
export interface TOpenAlarm {
  id: number;
  details: Record<string, unknown>;
  /** Handled by someone while its condition holds (docs/alarms.md). */
  resolved: boolean;
}

const openAlarmRow = rowShape({ n: column.number, id: column.number, details: column.json<Record<string, unknown>>(), resolved: column.as<boolean>() });

/** The open alarm of `kind` on each subject (by the one-open index), in the subjects' order; null where none is open. */
export async function openAlarmsOf(tx: TDbOrTx, kind: TAlarmKind, subjects: readonly TAlarmSubject[]): Promise<(TOpenAlarm | null)[]> {
  if (subjects.length === 0) return [];
  const rows = subjects.map((subject, n) => ({ n, kind, ...subjectColumns(subject) }));
  const found = await openAlarmRow.read(
    tx,
    sql`SELECT i.n, a.id, a.details, a.resolved_at IS NOT NULL AS resolved FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          AS i(n int, kind text, device_eui text, gateway_id int, channel_id text, sample_point_id bigint, outlet_id bigint)
        JOIN alarms a ON ${OPEN_ALARM_OF_SUBJECT}`,
  );
  const byIndex = new Map(found.map((row) => [row.n, { id: row.id, details: row.details, resolved: row.resolved }]));
  return subjects.map((_subject, index) => byIndex.get(index) ?? null);
}

/**
 * A later observation of a subject whose alarm is open joins that alarm instead of opening another
 * (a re-sample still above, docs/sampling.md): the details replaced by `details` (the writer merges
 * what it keeps), an 'observed' step at `at` with the observation. An alarm closed meanwhile is left.
 */
export async function observeOpenAlarm(tx: TDbOrTx, alarmId: number, at: number, details: Record<string, unknown>, step: Record<string, unknown>): Promise<void> {
  await tx.execute(sql`WITH observed AS (
      UPDATE alarms SET details = ${JSON.stringify(details)}::jsonb, updated_at = now() WHERE id = ${alarmId} AND closed_at IS NULL RETURNING id
    )
    INSERT INTO alarm_events (alarm_id, at, action, details) SELECT id, ${new Date(at).toISOString()}::timestamptz, 'observed', ${JSON.stringify(step)}::jsonb FROM observed`);
}
