import {
  checkLimit,
  checkRunningSeconds,
  driftSuspected,
  isDeviation,
  judgeReading,
  localDateIn,
  outletCheckPlans,
  type TCheckInput,
  type TCheckRecord,
  type TDueChecks,
  type TReadingVerdict,
} from '@aquasmart/domain';
import type { TDb, TDbOrTx } from '../../db/database';
import type { TAuthUser } from '../../identity/auth-user';
import { ApiError } from '../../lib/api-error';
import { rulebookOf } from '../sampling/sample-point-service';
import { checkOfEntry, findCheck, insertCheck, listChecks, markChannelDrift, nodeReadingNear, setCheckAlarm, type TCheckRow } from './check-repository';
import { closeCheckAlarm, openCheckAlarm } from './check-alarm';
import { checkPhotoUrl, decodeCheckPhoto, readCheckPhoto, storeCheckPhoto, type TCheckPhoto } from './check-photo';
import { runCheckDueStep } from './check-due';
import { dueRows } from './check-due-sql';
import { findOutlet, outletPlace, type TOutletPlace } from './outlet-repository';
import { plansOf, requireOutletPlace } from './outlet-service';
import { inCustomerScope } from '../../identity/customer-scope';

/**
 * Checks recorded at outlets (docs/outlets.md, "Checks"): done or not possible, the reading judged by
 * the rulebook's limit and running time as they are at recording, a deviation opening its alarm in
 * the same transaction; and a location's due checks.
 */

/** A check may be recorded up to this far ahead of the server's clock (a phone's clock runs fast). */
const FUTURE_MARGIN_MS = 5 * 60_000;

function toRecord(place: TOutletPlace, row: TCheckRow): TCheckRecord {
  return {
    id: row.id,
    customer: place.customer,
    location: place.location,
    outletId: row.outletId,
    outletName: row.outletName,
    check: row.check,
    outcome: row.outcome,
    reason: row.reason,
    celsius: row.celsius,
    ranSeconds: row.ranSeconds,
    allowedSeconds: row.allowedSeconds,
    rulebook: row.rulebook,
    limit: row.limit,
    verdict: row.verdict,
    deviation: row.verdict !== null && isDeviation(row.verdict),
    alarmId: row.alarmId,
    node: row.node,
    drift: row.drift,
    note: row.note,
    photo: row.photo ? { ...row.photo, url: checkPhotoUrl(row.id) } : null,
    doneAt: row.doneAt,
    recordedAt: row.recordedAt,
    recordedBy: row.recordedBy,
  };
}

/**
 * Records a check: the outlet at the location, the check in force at it, a reading where the check
 * takes one (done), a time not in the future. Judged and, when the reading is a deviation, its alarm
 * opened, all in one transaction. The same `entryId` sent again answers the check stored the first
 * time (`repeated`), and writes nothing: neither a second check nor a second photo. A photo is
 * checked before anything is read (413 beyond 5 MiB, 400 on `photo` for anything but an image).
 */
export async function recordCheck(db: TDb, user: TAuthUser, customer: string, location: string, body: TCheckInput, now = new Date()): Promise<{ check: TCheckRecord; repeated: boolean }> {
  const photo: TCheckPhoto | null = body.photo ? decodeCheckPhoto(body.photo) : null;
  return db.transaction(async (tx) => {
    const place = await requireOutletPlace(tx, user, customer, location);
    if (body.entryId) {
      const before = await checkOfEntry(tx, place.locationId, body.entryId);
      if (before) return { check: toRecord(place, before), repeated: true };
    }
    const outlet = await findOutlet(tx, body.outletId);
    if (!outlet || outlet.locationId !== place.locationId) throw ApiError.badRequest('No such outlet at this location', { outletId: 'validation.outletUnknown' });
    const plan = outletCheckPlans(await plansOf(tx, place), outlet).find((candidate) => candidate.check === body.check);
    if (!plan) throw ApiError.badRequest(`The check ${body.check} is not planned for outlet ${outlet.name}`, { check: 'validation.checkNotPlanned' });
    const done = body.outcome === 'done';
    const celsius = done ? (body.celsius ?? null) : null;
    if (done && plan.reading && celsius === null) throw ApiError.badRequest('The check takes a reading', { celsius: 'validation.readingRequired' });
    const doneAt = body.doneAt ? new Date(body.doneAt) : now;
    if (doneAt.getTime() > now.getTime() + FUTURE_MARGIN_MS) throw ApiError.badRequest('The check is in the future', { doneAt: 'validation.doneAtInFuture' });

    const rulebook = rulebookOf(place);
    const limit = plan.reading ? checkLimit(rulebook, plan.check, outlet.water, place.healthcare) : null;
    const allowedSeconds = plan.reading ? checkRunningSeconds(plan, outlet.water) : null;
    const ranSeconds = celsius === null ? null : (body.ranSeconds ?? null);
    const verdict: TReadingVerdict | null = celsius === null ? null : judgeReading(limit, celsius, ranSeconds, allowedSeconds);
    // The sensor checked by hand: the node's reading at that time on the outlet's channel (issue 41 item 5).
    const paired = celsius !== null && outlet.eui !== null && outlet.channelId !== null ? await nodeReadingNear(tx, outlet.eui, outlet.channelId, doneAt) : null;
    const node = paired && outlet.eui && outlet.channelId ? { eui: outlet.eui, channelId: outlet.channelId, ...paired } : null;
    const drift = node && celsius !== null ? driftSuspected(celsius, node.celsius) : null;
    const id = await insertCheck(tx, {
      locationId: place.locationId,
      outletId: outlet.id,
      check: plan.check,
      outcome: body.outcome,
      reason: body.reason ?? null,
      celsius,
      ranSeconds,
      allowedSeconds,
      rulebook,
      limit,
      verdict,
      node,
      drift,
      note: body.note ?? null,
      doneAt,
      entryId: body.entryId ?? null,
      userId: user.id,
      userEmail: user.email,
    });
    if (id === null) {
      // The same entry, stored by a request that ran alongside this one.
      const before = (await checkOfEntry(tx, place.locationId, body.entryId as string)) as TCheckRow;
      return { check: toRecord(place, before), repeated: true };
    }
    if (photo) await storeCheckPhoto(tx, id, photo, user.email);
    if (drift && node && celsius !== null) {
      // Possible sensor drift: the node's calibration is due (docs/calibration.md, "Drift").
      await markChannelDrift(tx, node.eui, node.channelId, { checkId: id, outletId: outlet.id, outletName: outlet.name, manual: celsius, node: node.celsius, nodeAt: node.at, at: doneAt.toISOString() });
    }
    if (verdict !== null && isDeviation(verdict)) {
      const alarmId = await openCheckAlarm(tx, place, outlet, { checkId: id, check: plan.check, celsius: celsius as number, ranSeconds, allowedSeconds, limit, verdict, rulebook, doneAt });
      await setCheckAlarm(tx, id, alarmId);
    } else if (verdict === 'withinLimit') {
      await closeCheckAlarm(tx, place, outlet, { checkId: id, verdict, doneAt });
    }
    // A check done ends the outlet's checkOverdue alarm at once (unless another check stays overdue).
    await runCheckDueStep(tx, now, { locationId: place.locationId });
    return { check: toRecord(place, (await findCheck(tx, id)) as TCheckRow), repeated: false };
  });
}

/** The photo of a check, for whoever may read the check's location; 404 when it has none or is outside the caller's customers. */
export async function readCheckPhotoOf(db: TDbOrTx, user: TAuthUser, id: number): Promise<TCheckPhoto> {
  const check = await findCheck(db, id);
  const place = check ? await outletPlace(db, check.locationId) : null;
  if (!check || !place || !inCustomerScope(user, place.customerId)) throw ApiError.notFound(`No check ${id}`);
  const photo = await readCheckPhoto(db, id);
  if (!photo) throw ApiError.notFound(`Check ${id} has no photo`);
  return photo;
}

export async function listLocationChecks(db: TDb, user: TAuthUser, customer: string, location: string, query: { outletId?: number; page?: number; limit?: number }): Promise<{ rows: TCheckRecord[]; total: number }> {
  const place = await requireOutletPlace(db, user, customer, location);
  const page = await listChecks(db, place.locationId, query);
  return { rows: page.rows.map((row) => toRecord(place, row)), total: page.total };
}

/** Every check in force at a location's outlets with its next due date: overdue first, then soonest; the counts per state. */
export async function locationDueChecks(db: TDbOrTx, user: TAuthUser, customer: string, location: string, state: 'overdue' | 'due' | 'planned' | undefined, now = new Date()): Promise<TDueChecks> {
  const place = await requireOutletPlace(db, user, customer, location);
  const today = localDateIn(now, place.timeZone);
  // Counted in the database (check-due-sql.ts): a location of 2,000 outlets within the bench's 100 ms.
  const all = (await dueRows(db, { locationId: place.locationId }, now)).rows.map((row) => ({
    check: row.check,
    lastDone: row.lastDone,
    nextDue: row.nextDue,
    state: row.state,
    outletId: row.outletId,
    outletName: row.outletName,
    room: row.room,
    floor: row.floor,
  }));
  all.sort((a, b) => a.nextDue.localeCompare(b.nextDue) || a.outletName.localeCompare(b.outletName) || a.check.localeCompare(b.check));
  const counts = { overdue: 0, due: 0, planned: 0 };
  for (const due of all) counts[due.state] += 1;
  return { customer: place.customer, location: place.location, today, counts, checks: state ? all.filter((due) => due.state === state) : all };
}
