import { beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { TAlarmKind } from '@aquasmart/domain';
import { queryRows, type TDb } from '../../db/database';
import { users } from '../../db/schema';
import { useTestContext } from '../../test/test-app';
import { caller, insertCustomer, insertDevice, insertLocation, restrictUser } from '../../test/places-fixtures';

/**
 * Who an alarm can be assigned to (docs/alarms.md, "Rights"; issue 37 item 2): only users who may
 * handle it, that is see its customer and handle its kind. The assignee list and the assign step
 * say the same, and agree with what the assignee's own alarm page says (`mayHandle`). On PGlite,
 * and on PostgreSQL with TEST_DATABASE_URL.
 */

const ctx = useTestContext();
const call = caller(ctx);
let db: TDb;

type TRole = 'admin' | 'engineer' | 'calibrator' | 'planner' | 'customerUser' | 'otherEngineer';
type TCase = 'temperatureAcme' | 'waterAcme' | 'flushBeta';

let tokens: Record<TRole, string>;
let userIds: Record<TRole, number>;
let alarmIds: Record<TCase, number>;

const ALARMS: Record<TCase, { kind: TAlarmKind; customer: 'acme' | 'beta'; eui: string; channelId: string }> = {
  temperatureAcme: { kind: 'temperature', customer: 'acme', eui: '70B3D5499B00D001', channelId: 'temperature1' },
  waterAcme: { kind: 'waterDetection', customer: 'acme', eui: '70B3D5499B00D001', channelId: '' },
  flushBeta: { kind: 'flushAlarm', customer: 'beta', eui: '70B3D5499B00D002', channelId: '' },
};

beforeEach(async () => {
  db = ctx.database.db;
  tokens = await ctx.signedInUsers({
    admin: { administrator: true },
    engineer: { rights: { dashboard: true, editNode: true } },
    calibrator: { rights: { calibration: true } },
    // The demo's planner: sees every alarm (dashboard), handles water detections only.
    planner: { rights: { dashboard: true, overflowDetection: true } },
    // A customer's own user: sees the alarms of the customer, handles none.
    customerUser: { rights: { dashboard: true } },
    otherEngineer: { rights: { dashboard: true, editNode: true } },
  });
  const acme = await insertCustomer(db, 'Acme');
  const beta = await insertCustomer(db, 'Beta');
  const places = { acme: { customerId: acme, locationId: await insertLocation(db, acme, 'Hal') }, beta: { customerId: beta, locationId: await insertLocation(db, beta, 'Elders') } };
  const idOf = async (role: TRole) => (await db.select({ id: users.id }).from(users).where(eq(users.email, `${role}@example.com`)))[0].id;
  const roles = Object.keys(tokens) as TRole[];
  userIds = Object.fromEntries(await Promise.all(roles.map(async (role) => [role, await idOf(role)] as const))) as Record<TRole, number>;
  await restrictUser(db, userIds.calibrator, [acme]);
  await restrictUser(db, userIds.customerUser, [acme]);
  await restrictUser(db, userIds.otherEngineer, [beta]);
  await insertDevice(db, { eui: ALARMS.temperatureAcme.eui, ...places.acme });
  await insertDevice(db, { eui: ALARMS.flushBeta.eui, ...places.beta });
  const entries = await Promise.all(
    (Object.keys(ALARMS) as TCase[]).map(async (name) => {
      const alarm = ALARMS[name];
      const place = places[alarm.customer];
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`INSERT INTO alarms (kind, device_eui, channel_id, customer_id, location_id, opened_at, state)
            VALUES (${alarm.kind}, ${alarm.eui}, ${alarm.channelId}, ${place.customerId}, ${place.locationId}, now(), 'new') RETURNING id`,
      );
      return [name, row.id] as const;
    }),
  );
  alarmIds = Object.fromEntries(entries) as Record<TCase, number>;
});

const ALLOWED = 'assigned';
const MAY_NOT_HANDLE = 'errors.alarmAssigneeMayNotHandle';
const MAY_NOT_SEE = 'errors.alarmAssigneeNotAllowed';

/** Per alarm, per role: assigned, or the refusal's key (the role sees it but may not handle its kind, or does not see it). */
const EXPECTED: Record<TCase, Record<TRole, string>> = {
  temperatureAcme: { admin: ALLOWED, engineer: ALLOWED, calibrator: ALLOWED, planner: MAY_NOT_HANDLE, customerUser: MAY_NOT_HANDLE, otherEngineer: MAY_NOT_SEE },
  waterAcme: { admin: ALLOWED, engineer: MAY_NOT_HANDLE, calibrator: MAY_NOT_HANDLE, planner: ALLOWED, customerUser: MAY_NOT_HANDLE, otherEngineer: MAY_NOT_SEE },
  flushBeta: { admin: ALLOWED, engineer: ALLOWED, calibrator: MAY_NOT_SEE, planner: MAY_NOT_HANDLE, customerUser: MAY_NOT_SEE, otherEngineer: ALLOWED },
};

const cases = (Object.keys(EXPECTED) as TCase[]).flatMap((alarm) => (Object.keys(EXPECTED[alarm]) as TRole[]).map((role) => [alarm, role, EXPECTED[alarm][role]] as const));

describe('who an alarm can be assigned to', () => {
  it.each(Object.keys(EXPECTED) as TCase[])('%s: the assignee list holds exactly the users who may handle it', async (alarm) => {
    const answer = await call(tokens.admin, 'GET', `/alarms/${alarmIds[alarm]}/assignees`);
    expect(answer.statusCode).toBe(200);
    const offered = answer.json<{ email: string }[]>().map((person) => person.email);
    const handlers = (Object.keys(EXPECTED[alarm]) as TRole[]).filter((role) => EXPECTED[alarm][role] === ALLOWED);
    expect(offered.sort()).toEqual(handlers.map((role) => `${role}@example.com`).sort());
  });

  it.each(cases)('%s assigned to %s: %s', async (alarm, role, expected) => {
    const assigned = await call(tokens.admin, 'POST', `/alarms/${alarmIds[alarm]}/assign`, { assigneeId: userIds[role] });
    if (expected === ALLOWED) {
      expect(assigned.statusCode).toBe(200);
      expect(assigned.json()).toMatchObject({ state: 'assigned', assignee: { id: userIds[role] } });
    } else {
      expect(assigned.statusCode).toBe(400);
      expect(assigned.json()).toMatchObject({ key: expected, fields: { assigneeId: expected } });
      expect((await queryRows<{ assignee_id: number | null }>(db, sql`SELECT assignee_id FROM alarms WHERE id = ${alarmIds[alarm]}`))[0].assignee_id).toBeNull();
    }
    // The assignee's own page agrees: the one who may be assigned may handle it; one who only sees it reads mayHandle false.
    const own = await call(tokens[role], 'GET', `/alarms/${alarmIds[alarm]}`);
    if (expected === MAY_NOT_SEE) expect(own.statusCode).toBe(404);
    else expect(own.json()).toMatchObject({ mayHandle: expected === ALLOWED });
  });

  it('a user who may handle it assigns it to themself in one step', async () => {
    const assigned = await call(tokens.calibrator, 'POST', `/alarms/${alarmIds.temperatureAcme}/assign`, { assigneeId: userIds.calibrator });
    expect(assigned.json()).toMatchObject({ state: 'assigned', assignee: { id: userIds.calibrator }, acknowledgedBy: { id: userIds.calibrator } });
  });

  it('an unknown user id is refused as one who may not see the alarm', async () => {
    const refused = await call(tokens.admin, 'POST', `/alarms/${alarmIds.temperatureAcme}/assign`, { assigneeId: 999_999 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ key: MAY_NOT_SEE, fields: { assigneeId: MAY_NOT_SEE } });
  });
});

describe('who may comment', () => {
  it.each<[TRole, TCase, number]>([
    // A customer's own user sees the alarms of the customer and may comment, not handle.
    ['customerUser', 'temperatureAcme', 200],
    ['customerUser', 'waterAcme', 200],
    ['planner', 'temperatureAcme', 200],
    ['engineer', 'temperatureAcme', 200],
    // Outside the customer scope the alarm does not exist for them.
    ['customerUser', 'flushBeta', 404],
    ['otherEngineer', 'temperatureAcme', 404],
  ])('%s on %s: %i', async (role, alarm, status) => {
    const commented = await call(tokens[role], 'POST', `/alarms/${alarmIds[alarm]}/comment`, { note: 'Sleutel ligt bij de receptie' });
    expect(commented.statusCode).toBe(status);
    if (status !== 200) return;
    expect(commented.json<{ state: string; events: { action: string; note: string | null }[] }>().events.at(-1)).toMatchObject({ action: 'commented', note: 'Sleutel ligt bij de receptie' });
    expect(commented.json()).toMatchObject({ state: 'new' });
  });

  it('commenting is all a user who only sees the alarm may do: the handling steps stay refused', async () => {
    for (const [step, body] of [['acknowledge', {}], ['assign', { assigneeId: userIds.engineer }], ['resolve', { note: 'x' }]] as const) {
      expect((await call(tokens.customerUser, 'POST', `/alarms/${alarmIds.temperatureAcme}/${step}`, body)).json()).toMatchObject({ statusCode: 403 });
    }
  });
});
