import { sql } from 'drizzle-orm';
import { reopensClosedAlarm, type TAlarmKind, type TAlarmState, type TConditionVerdict } from '@aquasmart/domain';
import type { TDbOrTx } from '../../db/database';
import { column, rowShape } from '../../db/rows';
import { recordAlarms, type TRaisedAlarm } from '../alerts/alert-outbox';
import { closeSubjects, openSubjects, reopenAlarms, type TAlarmChange } from './alarm-store';
import { nodeSubject, subjectColumns, subjectKey } from './alarm-subject';

/**
 * What an intake batch observed, written once (docs/alarms.md, "The alarm store"): the alarm
 * records of its verdicts and the e-mails announced per reading (docs/alerts.md), in the batch's
 * transaction. The rules that decide 'present' or 'absent' are the domain's (alarms/rules.ts);
 * this file turns verdicts into changes: an opening where none is active (or the reopening of the
 * subject's last alarm within its hysteresis), a closing where one is active.
 */

/** One node subject's verdict at a time: a node's kind, per channel for the channel kinds ('' otherwise). */
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

/** A batch's alarms: the verdicts for the records, and the readings announced by e-mail at once. */
export interface TObservedAlarms {
  observations: readonly TAlarmObservation[];
  /** Every weak flush, water detected, water gone: "immediately" for those kinds is one e-mail per reading (alarm-notifications.md). */
  announced: readonly TRaisedAlarm[];
}

/**
 * Writes a batch's alarms: the announced readings into the alerts' outbox, and the records'
 * transitions in their order: 'present' opens (or reopens) the subject's alarm, 'absent' closes
 * its active alarm. The caller passes only transitions (present where no alarm is active, absent
 * where one is: the intake checks against the active alarms it loaded), so the usual batch writes
 * nothing. At most three statements for the records: closes of alarms active before the batch,
 * openings, closes of alarms opened in the batch. A subject opened a second time in one batch waits
 * for its next reading.
 */
export async function recordObservedAlarms(tx: TDbOrTx, batch: TObservedAlarms): Promise<void> {
  await recordAlarms(tx, batch.announced);
  const closesFirst: TAlarmChange[] = [];
  const opens: TAlarmChange[] = [];
  const closesAfterOpen: TAlarmChange[] = [];
  const opened = new Set<string>();
  const closed = new Set<string>();
  for (const observation of batch.observations) {
    if (observation.verdict === 'unchanged') continue;
    const key = `${observation.deviceEui}|${subjectKey(observation.kind, observation.channelId)}`;
    const change: TAlarmChange = {
      kind: observation.kind,
      subject: nodeSubject(observation.deviceEui, observation.channelId),
      at: observation.at,
      customerId: observation.customerId,
      locationId: observation.locationId,
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
  await closeSubjects(tx, closesFirst);
  await openObserved(tx, opens);
  await closeSubjects(tx, closesAfterOpen);
}

const lastClosedAlarm = rowShape({
  id: column.number,
  kind: column.as<TAlarmKind>(),
  device_eui: column.as<string>(),
  channel_id: column.as<string>(),
  closed_at: column.ms,
  state: column.as<TAlarmState>(),
  customer_id: column.as<number | null>(),
  location_id: column.as<number | null>(),
});

/**
 * Opens an alarm per subject: the subject's last alarm again when it closed within the kind's
 * hysteresis and was not resolved (reopensClosedAlarm), a new one otherwise.
 */
async function openObserved(tx: TDbOrTx, opens: TAlarmChange[]): Promise<void> {
  if (opens.length === 0) return;
  const keyOf = (kind: TAlarmKind, columns: { device_eui: string | null; channel_id: string }) => `${columns.device_eui}|${subjectKey(kind, columns.channel_id)}`;
  const euis = [...new Set(opens.map((open) => subjectColumns(open.subject).device_eui))];
  const lastClosed = await lastClosedAlarm.read(
    tx,
    sql`SELECT DISTINCT ON (kind, device_eui, channel_id) id, kind, device_eui, channel_id, closed_at, state, customer_id, location_id
      FROM alarms WHERE device_eui = ANY(${sql.param(euis)}) AND closed_at IS NOT NULL
      ORDER BY kind, device_eui, channel_id, closed_at DESC, id DESC`,
  );
  const closedBySubject = new Map(lastClosed.map((row) => [keyOf(row.kind, row), row]));
  const reopen: { id: number; at: number; details: Record<string, unknown> }[] = [];
  const insert: TAlarmChange[] = [];
  for (const open of opens) {
    const closed = closedBySubject.get(keyOf(open.kind, subjectColumns(open.subject)));
    if (
      closed &&
      reopensClosedAlarm(
        open.kind,
        { closedAt: closed.closed_at, state: closed.state, customerId: closed.customer_id, locationId: closed.location_id },
        { at: open.at, customerId: open.customerId, locationId: open.locationId },
      )
    ) {
      reopen.push({ id: closed.id, at: open.at, details: open.details });
    } else insert.push(open);
  }
  await reopenAlarms(tx, reopen);
  await openSubjects(tx, insert);
}
