import {
  checkApplies,
  effectiveCheckPlans,
  localDateIn,
  outletCsvColumns,
  readOutletCsvRow,
  rulebookCheckPlans,
  CHECK_KINDS,
  OUTLET_ERROR,
  type TCheckOverride,
  type TCheckPlan,
  type TLocationCheckPlans,
  type TOutlet,
  type TOutletCsvColumn,
  type TOutletCsvRow,
  type TOutletInput,
  type TOutletPatch,
} from '@aquasmart/domain';
import type { TDb, TDbOrTx } from '../../db/database';
import type { TAuthUser } from '../../identity/auth-user';
import { inCustomerScope } from '../../identity/customer-scope';
import { ApiError } from '../../lib/api-error';
import { requireLocation } from '../locations/location-repository';
import { rulebookOf } from '../sampling/sample-point-service';
import { csvRowError, readCsv } from '../sampling/sampling-csv';
import { checkCountOf, lastDoneChecks } from './check-repository';
import { outletDue } from './outlet-due';
import { runCheckDueStep } from './check-due';
import {
  deleteOutlet,
  findOutlet,
  insertOutlets,
  listOutlets,
  locationSamplePoints,
  nodeChannels,
  outletPlace,
  readOverrides,
  takenOutletNames,
  updateOutlet,
  writeOverrides,
  type TNewOutlet,
  type TOutletPlace,
  type TOutletRecord,
} from './outlet-repository';

/**
 * A location's outlet register and its check plans (docs/outlets.md): scoped like the location
 * (another customer's outlet is a 404 like an unknown one); each outlet answers the checks in force
 * at it with their next due dates.
 */

/** The location of a request's path, scoped, with what the outlets need of its place. */
export async function requireOutletPlace(db: TDbOrTx, user: TAuthUser, customer: string, location: string, lock = false): Promise<TOutletPlace> {
  const row = await requireLocation(db, user, customer, location, lock);
  return (await outletPlace(db, row.id)) as TOutletPlace;
}

export async function plansOf(db: TDbOrTx, place: TOutletPlace): Promise<TCheckPlan[]> {
  return effectiveCheckPlans(rulebookOf(place), place.healthcare, await readOverrides(db, place.locationId));
}

async function toOutlets(db: TDbOrTx, place: TOutletPlace, records: readonly TOutletRecord[], now: Date): Promise<TOutlet[]> {
  const plans = await plansOf(db, place);
  const lastDone = await lastDoneChecks(db, place.locationId);
  const today = localDateIn(now, place.timeZone);
  return records.map((record) => {
    const checks = outletDue(place, plans, record, lastDone, today);
    return {
      id: record.id,
      customer: place.customer,
      location: place.location,
      name: record.name,
      room: record.room,
      floor: record.floor,
      kind: record.kind,
      water: record.water,
      sentinel: record.sentinel,
      littleUsed: record.littleUsed,
      eui: record.eui,
      channelId: record.channelId,
      samplePointId: record.samplePointId,
      flushedByNode: record.flushedByNode,
      createdAt: record.createdAt,
      checks,
    };
  });
}

export async function listLocationOutlets(db: TDb, user: TAuthUser, customer: string, location: string, now = new Date()): Promise<TOutlet[]> {
  const place = await requireOutletPlace(db, user, customer, location);
  return toOutlets(db, place, await listOutlets(db, place.locationId), now);
}

/**
 * What is wrong with outlets' links, per outlet in order (empty: nothing): the node at the location
 * with that channel, the sample point at the location and not another outlet's (nor twice here).
 * One read of the nodes and one of the points, however many outlets.
 */
async function linkIssues(tx: TDbOrTx, locationId: number, outlets: readonly { eui: string | null; channelId: string | null; samplePointId: number | null }[], except?: number): Promise<Record<string, string>[]> {
  const nodes = await nodeChannels(tx, outlets.flatMap((outlet) => (outlet.eui ? [outlet.eui] : [])));
  const points = outlets.some((outlet) => outlet.samplePointId !== null) ? await locationSamplePoints(tx, locationId) : [];
  const claimed = new Set<number>();
  return outlets.map((outlet) => {
    const issues: Record<string, string> = {};
    if (outlet.eui !== null) {
      const node = nodes.get(outlet.eui);
      if (!node || node.locationId !== locationId) issues.eui = 'validation.nodeNotHere';
      else if (outlet.channelId !== null && !node.channels.has(outlet.channelId)) issues.channelId = 'validation.channelUnknown';
    }
    if (outlet.samplePointId !== null) {
      const point = points.find((candidate) => candidate.id === outlet.samplePointId);
      if (!point) issues.samplePointId = 'validation.samplePointNotHere';
      else if ((point.outletId !== null && point.outletId !== except) || claimed.has(point.id)) issues.samplePointId = 'validation.samplePointLinked';
      claimed.add(outlet.samplePointId);
    }
    return issues;
  });
}

function newOutlet(body: TOutletInput): TNewOutlet {
  return {
    name: body.name,
    room: body.room ?? null,
    floor: body.floor ?? null,
    kind: body.kind,
    water: body.water,
    sentinel: body.sentinel,
    littleUsed: body.littleUsed,
    eui: body.eui ?? null,
    channelId: body.channelId ?? null,
    samplePointId: body.samplePointId ?? null,
  };
}

async function answerOne(tx: TDbOrTx, place: TOutletPlace, id: number, now: Date): Promise<TOutlet> {
  return (await toOutlets(tx, place, [(await findOutlet(tx, id)) as TOutletRecord], now))[0];
}

export async function createOutlet(db: TDb, user: TAuthUser, customer: string, location: string, body: TOutletInput, now = new Date()): Promise<TOutlet> {
  return db.transaction(async (tx) => {
    const place = await requireOutletPlace(tx, user, customer, location, true);
    const outlet = newOutlet(body);
    const [issues] = await linkIssues(tx, place.locationId, [outlet]);
    if ((await takenOutletNames(tx, place.locationId, [outlet.name])).size > 0) issues.name = 'validation.outletNameTaken';
    if (Object.keys(issues).length > 0) throw ApiError.badRequest('The outlet is not valid', issues);
    const [id] = await insertOutlets(tx, place.locationId, [outlet]);
    return answerOne(tx, place, id, now);
  });
}

/** The CSV's column that holds a field of the body (the sample point is named in the file). */
const CSV_FIELD: Record<string, TOutletCsvColumn> = { eui: 'eui', channelId: 'channelId', samplePointId: 'samplePoint' };

/**
 * Reads the file's outlets: every line checked (cells; names twice or taken; node links; sample
 * points by name) before one insert, in one transaction. The first bad line in the file's order
 * refuses the whole file: 400 errors.csvRow with its line and column; nothing is imported.
 */
export async function importOutlets(db: TDb, user: TAuthUser, customer: string, location: string, text: string): Promise<{ imported: number }> {
  const { header, records } = readCsv(text);
  const head = outletCsvColumns(header);
  if ('issue' in head) throw csvRowError(head.issue);
  const rows: TOutletCsvRow[] = [];
  for (const record of records) {
    const cells: Partial<Record<TOutletCsvColumn, string>> = {};
    head.columns.forEach((column, index) => {
      if (column) cells[column] = record.cells[index] ?? '';
    });
    const read = readOutletCsvRow(record.line, cells);
    if ('issue' in read) throw csvRowError(read.issue);
    rows.push(read.row);
  }
  return db.transaction(async (tx) => {
    const place = await requireOutletPlace(tx, user, customer, location, true);
    const points = rows.some((row) => row.samplePoint !== null) ? await locationSamplePoints(tx, place.locationId) : [];
    const outlets = rows.map((row): TNewOutlet & { line: number; pointMissing: boolean } => {
      const point = row.samplePoint === null ? null : points.find((candidate) => candidate.name === row.samplePoint);
      return { ...row, samplePointId: point?.id ?? null, pointMissing: row.samplePoint !== null && !point };
    });
    const taken = await takenOutletNames(tx, place.locationId, outlets.map((outlet) => outlet.name));
    const links = await linkIssues(tx, place.locationId, outlets);
    const seen = new Set<string>();
    outlets.forEach((outlet, index) => {
      if (seen.has(outlet.name) || taken.has(outlet.name)) throw csvRowError({ line: outlet.line, field: 'name', key: 'validation.outletNameTaken' });
      seen.add(outlet.name);
      if (outlet.pointMissing) throw csvRowError({ line: outlet.line, field: 'samplePoint', key: 'validation.samplePointNotHere' });
      const field = Object.keys(links[index])[0];
      if (field) throw csvRowError({ line: outlet.line, field: CSV_FIELD[field] ?? field, key: links[index][field] });
    });
    const ids = await insertOutlets(tx, place.locationId, outlets);
    return { imported: ids.length };
  });
}

/** An outlet by id within the caller's scope, with its place; 404 otherwise. */
export async function requireOutlet(tx: TDbOrTx, user: TAuthUser, id: number, lock = false): Promise<{ record: TOutletRecord; place: TOutletPlace }> {
  const record = await findOutlet(tx, id, lock);
  const place = record ? await outletPlace(tx, record.locationId) : null;
  if (!record || !place || !inCustomerScope(user, place.customerId)) throw ApiError.notFound(`No outlet ${id}`);
  return { record, place };
}

/** One outlet with its checks in force and their due dates (what the phone shows at the outlet); 404 outside the caller's scope. */
export async function readOutlet(db: TDb, user: TAuthUser, id: number, now = new Date()): Promise<TOutlet> {
  const { place } = await requireOutlet(db, user, id);
  return answerOne(db, place, id, now);
}

export async function changeOutlet(db: TDb, user: TAuthUser, id: number, patch: TOutletPatch, now = new Date()): Promise<TOutlet> {
  return db.transaction(async (tx) => {
    const { record, place } = await requireOutlet(tx, user, id, true);
    const eui = patch.eui !== undefined ? patch.eui : record.eui;
    const outlet: TNewOutlet = {
      name: patch.name ?? record.name,
      room: patch.room !== undefined ? patch.room : record.room,
      floor: patch.floor !== undefined ? patch.floor : record.floor,
      kind: patch.kind ?? record.kind,
      water: patch.water ?? record.water,
      sentinel: patch.sentinel ?? record.sentinel,
      littleUsed: patch.littleUsed ?? record.littleUsed,
      eui,
      // Unlinking the node unlinks its channel.
      channelId: eui === null ? null : patch.channelId !== undefined ? patch.channelId : record.channelId,
      samplePointId: patch.samplePointId !== undefined ? patch.samplePointId : record.samplePointId,
    };
    if (outlet.channelId !== null && outlet.eui === null) throw ApiError.badRequest('The outlet is not valid', { eui: 'validation.required' });
    const changedLinks = {
      eui: outlet.eui !== record.eui || outlet.channelId !== record.channelId ? outlet.eui : null,
      channelId: outlet.eui !== record.eui || outlet.channelId !== record.channelId ? outlet.channelId : null,
      samplePointId: outlet.samplePointId !== record.samplePointId ? outlet.samplePointId : null,
    };
    const [issues] = await linkIssues(tx, place.locationId, [changedLinks], id);
    if (outlet.name !== record.name && (await takenOutletNames(tx, place.locationId, [outlet.name], id)).size > 0) issues.name = 'validation.outletNameTaken';
    if (Object.keys(issues).length > 0) throw ApiError.badRequest('The outlet is not valid', issues);
    await updateOutlet(tx, id, outlet);
    // Another kind or mark changes the checks in force: overdue alarms open or close at once.
    await runCheckDueStep(tx, now, { locationId: place.locationId });
    return answerOne(tx, place, id, now);
  });
}

/** Deletes an outlet without checks; one with checks is kept (409 errors.outletHasChecks): checks are compliance records. */
export async function removeOutlet(db: TDb, user: TAuthUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { record } = await requireOutlet(tx, user, id, true);
    const checks = await checkCountOf(tx, id);
    if (checks > 0) throw ApiError.conflict(`Outlet ${id} has ${checks} checks`, OUTLET_ERROR.outletHasChecks, { checks });
    await deleteOutlet(tx, id);
    // Its checkOverdue alarm closes with it.
    await runCheckDueStep(tx, new Date(), { locationId: record.locationId });
  });
}

// ---- the check plans ----

async function checkPlansOf(db: TDbOrTx, place: TOutletPlace): Promise<TLocationCheckPlans> {
  const rulebook = rulebookOf(place);
  const overrides = await readOverrides(db, place.locationId);
  const byRulebook = rulebookCheckPlans(rulebook, place.healthcare);
  const outlets = await listOutlets(db, place.locationId);
  return {
    customer: place.customer,
    location: place.location,
    rulebook,
    healthcare: place.healthcare,
    plans: CHECK_KINDS.map((check) => {
      const plan = byRulebook[check];
      const own = overrides.find((override) => override.check === check);
      return {
        check,
        on: !own?.off,
        period: own?.period ?? plan.period,
        periodSource: own?.period ? ('location' as const) : ('rulebook' as const),
        rulebookPeriod: plan.period,
        reading: plan.reading,
        runningSeconds: plan.runningSeconds,
        source: plan.source,
        borrowed: plan.borrowed,
        outlets: outlets.filter((outlet) => checkApplies(check, outlet)).length,
      };
    }),
  };
}

export async function readLocationCheckPlans(db: TDb, user: TAuthUser, customer: string, location: string): Promise<TLocationCheckPlans> {
  return checkPlansOf(db, await requireOutletPlace(db, user, customer, location));
}

/** Writes the overrides named (others stay); `{ check, off: false, period: null }` sets a check back to the rulebook's plan. */
export async function changeLocationCheckPlans(db: TDb, user: TAuthUser, customer: string, location: string, overrides: readonly TCheckOverride[]): Promise<TLocationCheckPlans> {
  return db.transaction(async (tx) => {
    const place = await requireOutletPlace(tx, user, customer, location, true);
    await writeOverrides(tx, place.locationId, overrides);
    // A plan switched off or a longer period closes overdue alarms at once (and a shorter one opens them).
    await runCheckDueStep(tx, new Date(), { locationId: place.locationId });
    return checkPlansOf(tx, place);
  });
}
