import { sql } from 'drizzle-orm';
import { reopensClosedAlarm, type TAlarmKind, type TAlarmState, type TConditionVerdict } from '@aquasmart/domain';
import { queryRows, type TDbOrTx } from '../../db/database';

/**
 * Opening and closing alarm rows (docs/alarms.md, "Kinds", "Hysteresis"), set-based, in the
 * caller's transaction: the intake calls it with a batch's observations, the offline job with
 * its sweep. The rules that decide 'present' or 'absent' are the domain's (alarms/rules.ts);
 * this file only turns verdicts into rows: an opening where none is active (or the reopening of
 * the subject's last alarm within its hysteresis), a closing where one is active, and an
 * 'opened' / 'reopened' / 'closed' step in the timeline for each.
 */

/** One subject's verdict at a time: a node's kind, per channel for the channel kinds ('' otherwise). */
export interface TAlarmObservation {
  kind: TAlarmKind;
  deviceEui: string;
  channelId: string;
  verdict: TConditionVerdict;
  /** When the condition was observed (ms): the reading's time. */
  at: number;
  customerId: number | null;
  locationId: number | null;
  details?: Record<string, unknown>;
}

/** `kind:channelId`: a node's alarm subject. */
export const subjectKey = (kind: TAlarmKind, channelId = '') => `${kind}:${channelId}`;

interface TChange {
  kind: TAlarmKind;
  eui: string;
  channel: string;
  at: string;
  customer_id: number | null;
  location_id: number | null;
  details: Record<string, unknown>;
}

/**
 * Writes a batch's transitions in their order: 'present' opens (or reopens) the subject's alarm,
 * 'absent' closes its active alarm. The caller passes only transitions (present where no alarm is
 * active, absent where one is: the intake checks against the active alarms it loaded), so the
 * usual batch writes nothing here. At most three statements: closes of alarms active before the
 * batch, openings, closes of alarms opened in the batch. A subject opened a second time in one
 * batch waits for its next reading.
 */
export async function applyAlarmObservations(tx: TDbOrTx, observations: readonly TAlarmObservation[]): Promise<void> {
  const closesFirst: TChange[] = [];
  const opens: TChange[] = [];
  const closesAfterOpen: TChange[] = [];
  const opened = new Set<string>();
  const closed = new Set<string>();
  for (const observation of observations) {
    if (observation.verdict === 'unchanged') continue;
    const key = `${observation.deviceEui}|${subjectKey(observation.kind, observation.channelId)}`;
    const change: TChange = {
      kind: observation.kind,
      eui: observation.deviceEui,
      channel: observation.channelId,
      at: new Date(observation.at).toISOString(),
      customer_id: observation.customerId,
      location_id: observation.locationId,
      details: observation.details ?? {},
    };
    if (observation.verdict === 'present') {
      if (opened.has(key)) continue;
      opened.add(key);
      opens.push(change);
    } else if (opened.has(key)) {
      if (!closed.has(key)) closesAfterOpen.push(change);
      closed.add(key);
    } else if (!closed.has(key)) {
      closed.add(key);
      closesFirst.push(change);
    }
  }
  await closeAlarms(tx, closesFirst);
  await openAlarms(tx, opens);
  await closeAlarms(tx, closesAfterOpen);
}

/** Closes the active alarm of each subject at the observation's time (never before it opened), with a 'closed' step. */
async function closeAlarms(tx: TDbOrTx, closes: TChange[]): Promise<void> {
  if (closes.length === 0) return;
  await tx.execute(sql`WITH input AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(closes)}::jsonb) AS r(kind text, eui text, channel text, at timestamptz, details jsonb)
    ), closed AS (
      UPDATE alarms a SET closed_at = greatest(i.at, a.opened_at), updated_at = now()
      FROM input i
      WHERE a.closed_at IS NULL AND a.kind = i.kind AND a.device_eui = i.eui AND a.channel_id = i.channel
      RETURNING a.id, a.closed_at, i.details
    )
    INSERT INTO alarm_events (alarm_id, at, action, details) SELECT id, closed_at, 'closed', details FROM closed`);
}

/**
 * Opens an alarm per subject: the subject's last alarm again when it closed within the kind's
 * hysteresis and was not resolved (reopensClosedAlarm), a new row otherwise (ON CONFLICT on the
 * one-active index: a row another writer opened meanwhile stays the one).
 */
async function openAlarms(tx: TDbOrTx, opens: TChange[]): Promise<void> {
  if (opens.length === 0) return;
  const euis = [...new Set(opens.map((open) => open.eui))];
  const lastClosed = await queryRows<{
    id: number;
    kind: TAlarmKind;
    device_eui: string;
    channel_id: string;
    closed_at: string | Date;
    state: TAlarmState;
    customer_id: number | null;
    location_id: number | null;
  }>(
    tx,
    sql`SELECT DISTINCT ON (kind, device_eui, channel_id) id, kind, device_eui, channel_id, closed_at, state, customer_id, location_id
      FROM alarms WHERE device_eui = ANY(${sql.param(euis)}) AND closed_at IS NOT NULL
      ORDER BY kind, device_eui, channel_id, closed_at DESC, id DESC`,
  );
  const closedBySubject = new Map(lastClosed.map((row) => [`${row.device_eui}|${row.kind}:${row.channel_id}`, row]));
  const reopen: { id: number; at: string; details: Record<string, unknown> }[] = [];
  const insert: TChange[] = [];
  for (const open of opens) {
    const closed = closedBySubject.get(`${open.eui}|${open.kind}:${open.channel}`);
    if (
      closed &&
      reopensClosedAlarm(
        open.kind,
        { closedAt: new Date(closed.closed_at).getTime(), state: closed.state, customerId: closed.customer_id, locationId: closed.location_id },
        { at: new Date(open.at).getTime(), customerId: open.customer_id, locationId: open.location_id },
      )
    ) {
      reopen.push({ id: Number(closed.id), at: open.at, details: open.details });
    } else insert.push(open);
  }
  if (reopen.length) {
    await tx.execute(sql`WITH input AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(reopen)}::jsonb) AS r(id bigint, at timestamptz, details jsonb)
      ), reopened AS (
        UPDATE alarms a SET closed_at = NULL, details = a.details || i.details, updated_at = now()
        FROM input i WHERE a.id = i.id
        RETURNING a.id, i.at, i.details
      )
      INSERT INTO alarm_events (alarm_id, at, action, details) SELECT id, at, 'reopened', details FROM reopened`);
  }
  if (insert.length) {
    await tx.execute(sql`WITH opened AS (
        INSERT INTO alarms (kind, device_eui, channel_id, customer_id, location_id, opened_at, details)
        SELECT r.kind, r.eui, r.channel, r.customer_id, r.location_id, r.at, r.details
        FROM jsonb_to_recordset(${JSON.stringify(insert)}::jsonb)
          AS r(kind text, eui text, channel text, customer_id int, location_id int, at timestamptz, details jsonb)
        ON CONFLICT (kind, coalesce(device_eui, ''), coalesce(gateway_id, 0), channel_id) WHERE closed_at IS NULL DO NOTHING
        RETURNING id, opened_at, details
      )
      INSERT INTO alarm_events (alarm_id, at, action, details) SELECT id, opened_at, 'opened', details FROM opened`);
  }
}

