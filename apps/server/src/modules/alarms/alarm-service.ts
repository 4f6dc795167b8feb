import { and, eq, sql } from 'drizzle-orm';
import {
  alarmStepReason,
  ERROR,
  handlingFieldOf,
  legionellaResolutionIssues,
  normalizeEui,
  nextHandlingState,
  type TAlarm,
  type TAlarmAssignee,
  type TAlarmEvent,
  type TAlarmListQuery,
  type TAlarmWithEvents,
  type THandlingStep,
  ZAlarmEvent,
} from '@aquasmart/domain';
import type { TDb, TDbOrTx } from '../../db/database';
import { customers, locations, users } from '../../db/schema';
import { loadUsersWhere, type TAuthUser } from '../../identity/auth-user';
import { inCustomerScope } from '../../identity/customer-scope';
import { holdsEntry, isAdministrator, mayWriteField } from '../../identity/rights';
import { ApiError } from '../../lib/api-error';
import { requireVisibleDevice } from '../devices/device-repository';
import { readTimeline, type TAlarmEventRow, type TAlarmRow } from '../alarm-store/alarm-rows';
import { alarmExportBatches, countUnacknowledged, findVisibleAlarm, listAlarmPage, recordHandlingStep, type TAlarmFilter } from './alarm-repository';

/**
 * The alarms' use cases (docs/alarms.md): the lists, the detail with its timeline, and the
 * handling steps. Who may see: the route right (catalogue) and the customer scope (404 outside);
 * who may handle: the kind's field entry (handlingFieldOf), 403 without it; a step the state does
 * not allow: 409 with its message key (nextHandlingState).
 */

const person = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });

export function toAlarm(row: TAlarmRow, user: TAuthUser): TAlarm {
  return {
    id: row.id,
    kind: row.kind,
    deviceEui: row.deviceEui,
    deviceName: row.deviceName,
    gatewayId: row.gatewayId,
    gatewayName: row.gatewayName,
    channelId: row.channelId === '' ? null : row.channelId,
    channelName: row.channelName,
    customerId: row.customerId,
    customerName: row.customerName,
    locationId: row.locationId,
    locationName: row.locationName,
    openedAt: row.openedAt,
    closedAt: row.closedAt,
    state: row.state,
    assignee: person(row.assigneeId, row.assigneeName),
    acknowledgedAt: row.acknowledgedAt,
    acknowledgedBy: person(row.acknowledgedById, row.acknowledgedByName),
    resolvedAt: row.resolvedAt,
    resolvedBy: person(row.resolvedById, row.resolvedByName),
    resolution: row.resolution,
    details: row.details,
    mayHandle: mayHandleKind(user, row.kind),
  };
}

function toEvent(row: TAlarmEventRow): TAlarmEvent {
  const hasUser = row.userId !== null || row.userEmail !== null;
  return {
    id: row.id,
    at: row.at,
    action: row.action,
    user: hasUser ? { id: row.userId, name: row.userName ?? row.userEmail ?? '', email: row.userEmail } : null,
    assignee: person(row.assigneeId, row.assigneeName),
    note: row.note,
    reason: alarmStepReason(row.details),
    ...stepDelivery(row),
  };
}

/** A stage's or a channel message's step as the timeline shows it (docs/escalation.md); written by alarm-notifications and alarm-channels. */
function stepDelivery(row: TAlarmEventRow): Pick<TAlarmEvent, 'stage' | 'message'> {
  const details = row.details as Record<string, unknown>;
  if (row.action === 'stage') {
    const parsed = ZStageDetails.safeParse(details);
    return { stage: parsed.success ? parsed.data : null };
  }
  if (row.action === 'messaged') {
    const parsed = ZMessageDetails.safeParse(details);
    return { message: parsed.success ? parsed.data : null };
  }
  return {};
}
const ZStageDetails = ZAlarmEvent.shape.stage.unwrap().unwrap();
const ZMessageDetails = ZAlarmEvent.shape.message.unwrap().unwrap();

function mayHandleKind(user: TAuthUser, kind: TAlarm['kind']): boolean {
  return mayWriteField(user, handlingFieldOf(kind));
}

/** No alarm has this id: a name that names nothing filters everything out. */
const NO_PLACE = -1;

/** The ids of a customer and one of its locations named in the list's address (names as everywhere in the portal). */
async function placeIdsByName(db: TDb, customerName: string | undefined, locationName: string | undefined): Promise<{ customerId?: number; locationId?: number }> {
  if (customerName === undefined) return {};
  const [customer] = await db.select({ id: customers.id }).from(customers).where(eq(customers.name, customerName));
  if (!customer) return { customerId: NO_PLACE };
  if (locationName === undefined) return { customerId: customer.id };
  const [location] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.customerId, customer.id), eq(locations.name, locationName)));
  return { customerId: customer.id, locationId: location?.id ?? NO_PLACE };
}

/** The filter of GET /alarms (status toHandle unless asked; customer and location by name or id; assignee `me`). */
async function alarmFilterOf(db: TDb, user: TAuthUser, query: Omit<TAlarmListQuery, 'page' | 'limit'>): Promise<TAlarmFilter> {
  const place = await placeIdsByName(db, query.customer, query.location);
  return {
    status: query.status ?? 'toHandle',
    kind: query.kind,
    customerId: place.customerId ?? query.customerId,
    locationId: place.locationId ?? query.locationId,
    state: query.state,
    assigneeId: query.assignee === 'me' ? user.id : query.assignee,
    deviceEui: query.deviceEui === undefined ? undefined : normalizeEui(query.deviceEui),
  };
}

/** GET /alarms: one page and the total. */
export async function listAlarms(db: TDb, user: TAuthUser, query: TAlarmListQuery): Promise<{ rows: TAlarm[]; total: number }> {
  const page = await listAlarmPage(db, user, await alarmFilterOf(db, user, query), query);
  return { rows: page.rows.map((row) => toAlarm(row, user)), total: page.total };
}

/** GET /alarms/export.csv: every alarm of the list's filter, in batches (docs/exports.md). */
export async function exportAlarms(db: TDb, user: TAuthUser, query: Omit<TAlarmListQuery, 'page' | 'limit'>): Promise<AsyncGenerator<TAlarmRow[]>> {
  return alarmExportBatches(db, user, await alarmFilterOf(db, user, query));
}

/** GET /devices/:eui/alarms: the node's alarms, newest first; 404 for a node the user may not see. */
export async function listDeviceAlarms(db: TDb, user: TAuthUser, eui: string, paging: { page?: number; limit?: number }) {
  const device = await requireVisibleDevice(db, user, eui);
  const page = await listAlarmPage(db, user, { status: 'all', deviceEui: device.eui }, paging);
  return { rows: page.rows.map((row) => toAlarm(row, user)), total: page.total };
}

export async function alarmCount(db: TDb, user: TAuthUser): Promise<{ unacknowledged: number }> {
  return { unacknowledged: await countUnacknowledged(db, user) };
}

async function requireAlarm(tx: TDbOrTx, user: TAuthUser, id: number, lock = false): Promise<TAlarmRow> {
  const row = await findVisibleAlarm(tx, user, id, { lock });
  if (!row) throw ApiError.notFound(`No alarm ${id}`);
  return row;
}

async function withEvents(tx: TDbOrTx, user: TAuthUser, row: TAlarmRow): Promise<TAlarmWithEvents> {
  return { ...toAlarm(row, user), events: (await readTimeline(tx, row.id)).map(toEvent) };
}

export async function readAlarm(db: TDb, user: TAuthUser, id: number): Promise<TAlarmWithEvents> {
  return withEvents(db, user, await requireAlarm(db, user, id));
}

/** May this user see alarms of this customer: the read right of the alarms and the customer scope. */
function maySeeAlarmsOf(candidate: TAuthUser, customerId: number | null): boolean {
  if (isAdministrator(candidate)) return true;
  return customerId !== null && holdsEntry(candidate, 'GetAlarm', ['route']) && inCustomerScope(candidate, customerId);
}

/**
 * May this user act on the alarm: see it (its customer) and handle its kind, the rule that answers
 * `mayHandle` on the alarm page. Assigning to anyone else would hand the alarm to someone who reads
 * "U mag dit alarm zien, maar niet afhandelen" under "Toegewezen aan mij".
 */
function mayHandleAlarm(candidate: TAuthUser, alarm: Pick<TAlarmRow, 'customerId' | 'kind'>): boolean {
  return maySeeAlarmsOf(candidate, alarm.customerId) && mayHandleKind(candidate, alarm.kind);
}

/** GET /alarms/:id/assignees: every user who may handle the alarm (its kind, for its customer), by name. */
export async function alarmAssignees(db: TDb, user: TAuthUser, id: number): Promise<TAlarmAssignee[]> {
  const alarm = await requireAlarm(db, user, id);
  return (await assigneesOf(db, alarm)).map((candidate) => ({ id: candidate.id, name: displayName(candidate), email: candidate.email }));
}

async function assigneesOf(tx: TDbOrTx, alarm: TAlarmRow): Promise<TAuthUser[]> {
  const everyone = await loadUsersWhere(tx, undefined);
  return everyone.filter((candidate) => mayHandleAlarm(candidate, alarm)).sort((a, b) => displayName(a).localeCompare(displayName(b)));
}

/** The assignee's refusal: one who may not see the alarm, or one who may see but not handle its kind. */
async function refuseAssignee(tx: TDbOrTx, alarm: TAlarmRow, assigneeId: number): Promise<void> {
  const [candidate] = await loadUsersWhere(tx, eq(users.id, assigneeId));
  if (candidate && mayHandleAlarm(candidate, alarm)) return;
  if (candidate && maySeeAlarmsOf(candidate, alarm.customerId)) {
    throw ApiError.badRequest(`User ${assigneeId} may not handle ${alarm.kind} alarms`, { assigneeId: ERROR.alarmAssigneeMayNotHandle }, ERROR.alarmAssigneeMayNotHandle);
  }
  throw ApiError.badRequest(`User ${assigneeId} may not see this alarm`, { assigneeId: ERROR.alarmAssigneeNotAllowed }, ERROR.alarmAssigneeNotAllowed);
}

const displayName = (user: { firstName: string; lastName: string; email: string }) => `${user.firstName} ${user.lastName}`.trim() || user.email;

export interface THandlingRequest {
  step: THandlingStep;
  note?: string;
  assigneeId?: number;
  /** Resolving a legionella alarm at a report threshold: when the authority was told (docs/sampling.md). */
  authorityToldAt?: string;
}

/**
 * One handling step, in one transaction with the alarm row locked: 404 outside the user's scope,
 * 403 without the kind's handling right (a comment needs none), 409 when the state does not allow the step, 400 naming
 * `assigneeId` when the assignee may not see the alarm or not handle its kind. Writes the alarm's
 * fields and the timeline row (who, when, note); answers the alarm with its timeline.
 */
export async function handleAlarm(db: TDb, user: TAuthUser, id: number, request: THandlingRequest): Promise<TAlarmWithEvents> {
  return db.transaction(async (tx) => {
    const alarm = await requireAlarm(tx, user, id, true);
    // A comment is no handling: whoever sees the alarm may add one (docs/alarms.md, "Rights").
    if (request.step !== 'comment' && !mayHandleKind(user, alarm.kind)) {
      throw new ApiError(403, ERROR.alarmKindNotHandled, `Not allowed to handle ${alarm.kind} alarms`);
    }
    const next = nextHandlingState(alarm.state, request.step);
    if (!next.ok) throw ApiError.conflict(`Alarm ${id} is ${alarm.state}: cannot ${request.step}`, next.key);
    const note = request.note?.trim() || null;
    // Assign and resolve imply acknowledge: the first of them records who saw it, and when.
    const acknowledge = alarm.acknowledgedAt === null ? sql`acknowledged_at = now(), acknowledged_by = ${user.id}` : null;
    switch (request.step) {
      case 'acknowledge':
        await recordHandlingStep(tx, id, { action: 'acknowledged', user, note, set: sql`state = ${next.state}, acknowledged_at = now(), acknowledged_by = ${user.id}` });
        break;
      case 'assign': {
        const assigneeId = request.assigneeId!;
        await refuseAssignee(tx, alarm, assigneeId);
        const set = sql`state = ${next.state}, assignee_id = ${assigneeId}`;
        await recordHandlingStep(tx, id, { action: 'assigned', user, note, assigneeId, set: acknowledge ? sql`${set}, ${acknowledge}` : set });
        break;
      }
      case 'comment':
        await recordHandlingStep(tx, id, { action: 'commented', user, note });
        break;
      case 'resolve': {
        // A laboratory result's alarm at a report threshold needs the time the authority was told (docs/sampling.md).
        const issues = alarm.kind === 'legionella' ? legionellaResolutionIssues(alarm.details, request.authorityToldAt, new Date()) : {};
        if (Object.keys(issues).length > 0) throw ApiError.badRequest('The resolution is not complete', issues);
        const told = alarm.kind === 'legionella' && request.authorityToldAt ? { authorityToldAt: new Date(request.authorityToldAt).toISOString() } : undefined;
        const base = sql`state = ${next.state}, resolved_at = now(), resolved_by = ${user.id}, resolution = ${note}`;
        const set = told ? sql`${base}, details = details || ${JSON.stringify(told)}::jsonb` : base;
        await recordHandlingStep(tx, id, { action: 'resolved', user, note, details: told, set: acknowledge ? sql`${set}, ${acknowledge}` : set });
        break;
      }
    }
    return withEvents(tx, user, await requireAlarm(tx, user, id));
  });
}
