import {
  effectivePlan,
  effectiveRulebook,
  localDateIn,
  nlSamplePointsForTaps,
  opensAlarm,
  pointCsvColumns,
  pointDue,
  readPointCsvRow,
  type TPointCsvColumn,
  type TPointCsvRow,
  type TSamplePoint,
  type TSamplePointBody,
  type TSamplePointPatch,
  type TSamplingPlan,
  type TSamplingPlanBody,
  SAMPLING_ERROR,
} from '@aquasmart/domain';
import type { TDb, TDbOrTx } from '../../db/database';
import type { TAuthUser } from '../../identity/auth-user';
import { inCustomerScope } from '../../identity/customer-scope';
import { ApiError } from '../../lib/api-error';
import { requireLocation } from '../locations/location-repository';
import { csvRowError, readCsv } from './sampling-csv';
import {
  deletePoint,
  findPoint,
  insertPoints,
  listPoints,
  nodeChannelIssue,
  readPlan,
  resultCountOf,
  samplingPlace,
  takenNames,
  updatePoint,
  writePlan,
  type TNewPoint,
  type TSamplePointRecord,
  type TSamplingPlace,
} from './sample-point-repository';
import { runSamplingDueStep } from './sampling-due';

/**
 * Sample points and a location's sampling plan (docs/sampling.md): scoped like the location (another
 * customer's point is a 404 like an unknown one), the due dates from the plan and each point's latest
 * result.
 */

export const rulebookOf = (place: TSamplingPlace) => effectiveRulebook(place.locationRulebook, place.customerRulebook, place.country);

/** The location of a request's path, scoped, with what sampling needs of its place. */
export async function requireSamplingPlace(db: TDbOrTx, user: TAuthUser, customer: string, location: string, lock = false): Promise<TSamplingPlace> {
  const row = await requireLocation(db, user, customer, location, lock);
  return (await samplingPlace(db, row.id)) as TSamplingPlace;
}

function toSamplePoints(place: TSamplingPlace, plan: Awaited<ReturnType<typeof readPlan>>, records: readonly TSamplePointRecord[], now: Date): TSamplePoint[] {
  const effective = effectivePlan(rulebookOf(place), plan);
  const today = localDateIn(now, place.timeZone);
  return records.map((record) => ({
    id: record.id,
    customer: place.customer,
    location: place.location,
    name: record.name,
    role: record.role,
    priority: record.priority,
    eui: record.eui,
    channelId: record.channelId,
    createdAt: record.createdAt,
    due: pointDue(
      effective,
      {
        since: localDateIn(new Date(record.createdAt), place.timeZone),
        latest: record.latest ? { takenOn: localDateIn(new Date(record.latest.takenAt), place.timeZone), opensAlarm: opensAlarm(record.latest.verdict) } : null,
      },
      today,
    ),
    latest: record.latest,
  }));
}

async function pointsOf(db: TDbOrTx, place: TSamplingPlace, records: readonly TSamplePointRecord[], now: Date): Promise<TSamplePoint[]> {
  return toSamplePoints(place, await readPlan(db, place.locationId), records, now);
}

export async function listLocationPoints(db: TDb, user: TAuthUser, customer: string, location: string, now = new Date()): Promise<TSamplePoint[]> {
  const place = await requireSamplingPlace(db, user, customer, location);
  return pointsOf(db, place, await listPoints(db, place.locationId), now);
}

/** The 400 of a node link: the node at the location and its channel. */
async function checkNodeLink(tx: TDbOrTx, locationId: number, eui: string | null, channelId: string | null): Promise<Record<string, string>> {
  if (eui === null) return {};
  const issue = await nodeChannelIssue(tx, locationId, eui, channelId);
  if (issue === 'nodeNotHere') return { eui: 'validation.nodeNotHere' };
  if (issue === 'channelUnknown') return { channelId: 'validation.channelUnknown' };
  return {};
}

export async function createPoint(db: TDb, user: TAuthUser, customer: string, location: string, body: TSamplePointBody, now = new Date()): Promise<TSamplePoint> {
  return db.transaction(async (tx) => {
    const place = await requireSamplingPlace(tx, user, customer, location, true);
    const point: TNewPoint = { name: body.name, role: body.role, priority: body.priority, eui: body.eui ?? null, channelId: body.channelId ?? null };
    const issues = await checkNodeLink(tx, place.locationId, point.eui, point.channelId);
    if ((await takenNames(tx, place.locationId, [point.name])).size > 0) issues.name = 'validation.samplePointNameTaken';
    if (Object.keys(issues).length > 0) throw ApiError.badRequest('The sample point is not valid', issues);
    const [id] = await insertPoints(tx, place.locationId, [point]);
    return (await pointsOf(tx, place, [(await findPoint(tx, id)) as TSamplePointRecord], now))[0];
  });
}

/** Reads the file's points: every line checked (cells, names twice, names taken, node links) before one insert. */
export async function importPoints(db: TDb, user: TAuthUser, customer: string, location: string, text: string, now = new Date()): Promise<{ imported: number; points: TSamplePoint[] }> {
  const { header, records } = readCsv(text);
  const head = pointCsvColumns(header);
  if ('issue' in head) throw csvRowError(head.issue);
  const rows: TPointCsvRow[] = [];
  for (const record of records) {
    const cells: Partial<Record<TPointCsvColumn, string>> = {};
    head.columns.forEach((column, index) => {
      if (column) cells[column] = record.cells[index] ?? '';
    });
    const read = readPointCsvRow(record.line, cells);
    if ('issue' in read) throw csvRowError(read.issue);
    rows.push(read.row);
  }
  return db.transaction(async (tx) => {
    const place = await requireSamplingPlace(tx, user, customer, location, true);
    const seen = new Set<string>();
    const taken = await takenNames(tx, place.locationId, rows.map((row) => row.name));
    for (const row of rows) {
      if (seen.has(row.name) || taken.has(row.name)) throw csvRowError({ line: row.line, field: 'name', key: 'validation.samplePointNameTaken' });
      seen.add(row.name);
      const link = await checkNodeLink(tx, place.locationId, row.eui, row.channelId);
      const field = Object.keys(link)[0];
      if (field) throw csvRowError({ line: row.line, field, key: link[field] });
    }
    const ids = await insertPoints(tx, place.locationId, rows);
    const records = (await listPoints(tx, place.locationId)).filter((record) => ids.includes(record.id));
    return { imported: ids.length, points: await pointsOf(tx, place, records, now) };
  });
}

/** A point by id within the caller's scope, with its place; 404 otherwise. */
async function requirePoint(tx: TDbOrTx, user: TAuthUser, id: number, lock = false): Promise<{ record: TSamplePointRecord; place: TSamplingPlace }> {
  const record = await findPoint(tx, id, lock);
  const place = record ? await samplingPlace(tx, record.locationId) : null;
  if (!record || !place || !inCustomerScope(user, place.customerId)) throw ApiError.notFound(`No sample point ${id}`);
  return { record, place };
}

export async function changePoint(db: TDb, user: TAuthUser, id: number, patch: TSamplePointPatch, now = new Date()): Promise<TSamplePoint> {
  return db.transaction(async (tx) => {
    const { record, place } = await requirePoint(tx, user, id, true);
    const eui = patch.eui !== undefined ? patch.eui : record.eui;
    const point: TNewPoint = {
      name: patch.name ?? record.name,
      role: patch.role ?? record.role,
      priority: patch.priority ?? record.priority,
      eui,
      // Unlinking the node unlinks its channel.
      channelId: eui === null ? null : patch.channelId !== undefined ? patch.channelId : record.channelId,
    };
    const issues = point.eui !== record.eui || point.channelId !== record.channelId ? await checkNodeLink(tx, place.locationId, point.eui, point.channelId) : {};
    if (point.name !== record.name && (await takenNames(tx, place.locationId, [point.name], id)).size > 0) issues.name = 'validation.samplePointNameTaken';
    if (Object.keys(issues).length > 0) throw ApiError.badRequest('The sample point is not valid', issues);
    await updatePoint(tx, id, point);
    return (await pointsOf(tx, place, [(await findPoint(tx, id)) as TSamplePointRecord], now))[0];
  });
}

/** Deletes a point without results; one with results is kept (409 errors.samplePointHasResults): results are compliance history. */
export async function removePoint(db: TDb, user: TAuthUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await requirePoint(tx, user, id, true);
    const results = await resultCountOf(tx, id);
    if (results > 0) throw ApiError.conflict(`Sample point ${id} has ${results} results`, SAMPLING_ERROR.samplePointHasResults, { results });
    const point = await findPoint(tx, id);
    await deletePoint(tx, id);
    // Its samplingOverdue alarm closes with it (docs/sampling.md, "Due samplings").
    if (point) await runSamplingDueStep(tx, new Date(), { locationId: point.locationId });
  });
}

// ---- the plan ----

async function planOf(db: TDbOrTx, place: TSamplingPlace): Promise<TSamplingPlan> {
  const plan = await readPlan(db, place.locationId);
  const rulebook = rulebookOf(place);
  const effective = effectivePlan(rulebook, plan);
  const points = (await listPoints(db, place.locationId)).length;
  return {
    customer: place.customer,
    location: place.location,
    rulebook,
    ...plan,
    effectiveIntervalMonths: effective.intervalMonths,
    intervalSource: effective.intervalSource,
    effectiveResampleWithinDays: effective.resampleWithinDays,
    requiredPoints: rulebook === 'NL' && plan.taps !== null ? nlSamplePointsForTaps(plan.taps) : null,
    points,
  };
}

export async function readLocationPlan(db: TDb, user: TAuthUser, customer: string, location: string): Promise<TSamplingPlan> {
  return planOf(db, await requireSamplingPlace(db, user, customer, location));
}

export async function changeLocationPlan(db: TDb, user: TAuthUser, customer: string, location: string, body: Partial<TSamplingPlanBody>): Promise<TSamplingPlan> {
  return db.transaction(async (tx) => {
    const place = await requireSamplingPlace(tx, user, customer, location, true);
    const plan = await readPlan(tx, place.locationId);
    await writePlan(tx, place.locationId, { ...plan, ...body });
    // A changed interval opens or closes samplingOverdue alarms at once.
    await runSamplingDueStep(tx, new Date(), { locationId: place.locationId });
    return planOf(tx, place);
  });
}
