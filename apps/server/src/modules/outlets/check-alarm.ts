import type { TCheckKind, TReadingVerdict, TRulebookId, TTemperatureLimit } from '@aquasmart/domain';
import type { TDbOrTx } from '../../db/database';
import { closeSubjects, observeOpenAlarm, openAlarmsOf, openSubjects } from '../alarm-store/alarm-store';
import type { TAlarmSubject } from '../alarm-store/alarm-subject';
import type { TOutletPlace, TOutletRecord } from './outlet-repository';

/**
 * A check's reading outside the limit opens a deviation at once (docs/outlets.md, "Checks"): the
 * alarm kind `checkDeviation` on the outlet (the alarm store's outlet subject), in the check's
 * transaction, as a laboratory result opens its sample point's alarm (docs/sampling.md). A later
 * deviating reading at the outlet joins the open alarm (an `observed` step); one that was resolved
 * already closes and a new one opens (the corrective action did not hold); a reading within the
 * limit closes it (its handling stays the users', docs/alarms.md).
 */
export const CHECK_ALARM = 'checkDeviation' as const;

const outletSubject = (outletId: number): TAlarmSubject => ({ type: 'outlet', outletId });

export interface TJudgedReading {
  checkId: number;
  check: TCheckKind;
  celsius: number;
  ranSeconds: number | null;
  allowedSeconds: number | null;
  limit: TTemperatureLimit | null;
  verdict: TReadingVerdict;
  rulebook: TRulebookId;
  doneAt: Date;
}

function details(outlet: TOutletRecord, reading: TJudgedReading): Record<string, unknown> {
  return {
    outletId: outlet.id,
    outletName: outlet.name,
    checkId: reading.checkId,
    check: reading.check,
    celsius: reading.celsius,
    ranSeconds: reading.ranSeconds,
    allowedSeconds: reading.allowedSeconds,
    limit: reading.limit,
    verdict: reading.verdict,
    rulebook: reading.rulebook,
    doneAt: reading.doneAt.toISOString(),
  };
}

/** Opens (or joins) the outlet's deviation alarm for a deviating reading; answers the alarm's id. */
export async function openCheckAlarm(tx: TDbOrTx, place: TOutletPlace, outlet: TOutletRecord, reading: TJudgedReading): Promise<number> {
  const subject = outletSubject(outlet.id);
  const change = { kind: CHECK_ALARM, subject, at: reading.doneAt.getTime(), customerId: place.customerId, locationId: place.locationId };
  const [current] = await openAlarmsOf(tx, CHECK_ALARM, [subject]);
  if (current && !current.resolved) {
    const merged = { ...current.details, ...details(outlet, reading) };
    await observeOpenAlarm(tx, current.id, reading.doneAt.getTime(), merged, details(outlet, reading));
    return current.id;
  }
  if (current) await closeSubjects(tx, [{ ...change, details: { checkId: reading.checkId, verdict: reading.verdict, reason: 'deviationAfterHandling' } }]);
  await openSubjects(tx, [{ ...change, details: details(outlet, reading) }]);
  const [opened] = await openAlarmsOf(tx, CHECK_ALARM, [subject]);
  return (opened as { id: number }).id;
}

/** A reading within the limit, taken after the deviating one, ends the outlet's open deviation alarm, if it has one. */
export async function closeCheckAlarm(tx: TDbOrTx, place: TOutletPlace, outlet: TOutletRecord, reading: { checkId: number; verdict: TReadingVerdict; doneAt: Date }): Promise<void> {
  const [current] = await openAlarmsOf(tx, CHECK_ALARM, [outletSubject(outlet.id)]);
  const deviatedAt = typeof current?.details.doneAt === 'string' ? Date.parse(current.details.doneAt) : Number.NaN;
  // A reading from before the deviation (entered late) says nothing about it now.
  if (!current || !(reading.doneAt.getTime() > deviatedAt)) return;
  await closeSubjects(tx, [
    {
      kind: CHECK_ALARM,
      subject: outletSubject(outlet.id),
      at: reading.doneAt.getTime(),
      customerId: place.customerId,
      locationId: place.locationId,
      details: { checkId: reading.checkId, verdict: reading.verdict },
    },
  ]);
}
