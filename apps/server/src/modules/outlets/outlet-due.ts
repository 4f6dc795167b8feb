import { CHECK_KINDS, checkDue, effectiveCheckPlans, localDateIn, outletCheckPlans, type TCheckDue, type TCheckOverride, type TCheckPlan, type TRulebookId } from '@aquasmart/domain';
import type { TOutletPlace, TOutletRecord } from './outlet-repository';

/**
 * An outlet's checks in force with their due dates, soonest first (docs/outlets.md, "Due dates"):
 * `lastDone` holds the latest done check per `outletId:check` (instants), taken to the location's
 * local date.
 */
export function outletDue(place: TOutletPlace, plans: readonly TCheckPlan[], record: TOutletRecord, lastDone: ReadonlyMap<string, string>, today: string): TCheckDue[] {
  const since = localDateIn(new Date(record.createdAt), place.timeZone);
  return outletCheckPlans(plans, record)
    .map((plan) => {
      const done = lastDone.get(`${record.id}:${plan.check}`);
      return checkDue(plan, { since, lastDone: done ? localDateIn(new Date(done), place.timeZone) : null }, today);
    })
    .sort((a, b) => a.nextDue.localeCompare(b.nextDue) || CHECK_KINDS.indexOf(a.check) - CHECK_KINDS.indexOf(b.check));
}

/** The same from the location's rulebook and overrides, on `now`'s local date there. */
export function outletDueOn(place: TOutletPlace, rulebook: TRulebookId, overrides: readonly TCheckOverride[], record: TOutletRecord, lastDone: ReadonlyMap<string, string>, now: Date): TCheckDue[] {
  return outletDue(place, effectiveCheckPlans(rulebook, place.healthcare, overrides), record, lastDone, localDateIn(now, place.timeZone));
}
