import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TSamplePoint } from '@aquasmart/domain';
import { queryRows } from '../../db/database';
import { caller, insertCustomer, insertLocation } from '../../test/places-fixtures';
import { useTestContext } from '../../test/test-app';
import { duePoints, runSamplingDueStep } from './sampling-due';

/**
 * Due and overdue samplings (docs/sampling.md, "Due samplings"): the samplingOverdue alarm opens on
 * a point past its due date, once however often the job looks, and closes when a result is entered,
 * when the plan no longer makes it overdue and when the point is deleted.
 */
const ctx = useTestContext();
const call = caller(ctx);
let token: string;
let locationId: number;
const DAY = 86_400_000;
const PLACE = `/customers/${encodeURIComponent('Zorggroep West')}/locations/${encodeURIComponent('Huize Zonneveld')}`;

beforeEach(async () => {
  const customerId = await insertCustomer(ctx.database.db, 'Zorggroep West');
  locationId = await insertLocation(ctx.database.db, customerId, 'Huize Zonneveld');
  ({ admin: token } = await ctx.signedInUsers({ admin: { administrator: true } }));
});

async function addPoint(name: string, addedDaysAgo: number): Promise<number> {
  const answer = await call(token, 'POST', `${PLACE}/sample-points`, { name, role: 'hot' });
  expect(answer.statusCode, answer.body).toBe(201);
  const { id } = answer.json<TSamplePoint>();
  await ctx.database.db.execute(sql`UPDATE sample_points SET created_at = ${new Date(Date.now() - addedDaysAgo * DAY).toISOString()}::timestamptz WHERE id = ${id}`);
  return id;
}

const overdueAlarms = () =>
  queryRows<{ sample_point_id: number; closed: boolean; location_id: number; details: Record<string, unknown> }>(
    ctx.database.db,
    sql`SELECT sample_point_id::int AS sample_point_id, closed_at IS NOT NULL AS closed, location_id, details FROM alarms WHERE kind = 'samplingOverdue' ORDER BY id`,
  );
const closedReasons = () =>
  queryRows<{ reason: string }>(ctx.database.db, sql`SELECT e.details->>'reason' AS reason FROM alarm_events e JOIN alarms a ON a.id = e.alarm_id WHERE a.kind = 'samplingOverdue' AND e.action = 'closed' ORDER BY e.id`);
const look = () => ctx.database.db.transaction((tx) => runSamplingDueStep(tx, new Date()));

describe('the samplingOverdue alarm', () => {
  it('opens once on a point past its due date (never sampled: due from the day it was added), not on one due today', async () => {
    const late = await addPoint('Douche 1', 3);
    await addPoint('Keuken', 0);
    expect(await look()).toEqual({ opened: 1, closed: 0 });
    expect(await look()).toEqual({ opened: 0, closed: 0 });
    const [alarm] = await overdueAlarms();
    expect(alarm).toMatchObject({ sample_point_id: late, closed: false, location_id: locationId, details: { pointName: 'Douche 1', resampleDue: null } });
    const due = await duePoints(ctx.database.db, { locationId }, new Date());
    expect(due.map((point) => [point.name, point.due.state])).toEqual([
      ['Douche 1', 'overdue'],
      ['Keuken', 'due'],
    ]);
  });

  it('closes when a result is entered at the point, in the entry itself', async () => {
    const point = await addPoint('Douche 1', 10);
    await look();
    const entered = await call(token, 'POST', `${PLACE}/sample-results`, {
      samplePointId: point,
      sampleId: 'M-1',
      takenAt: new Date(Date.now() - DAY).toISOString(),
      lab: 'Lab Noord',
      counts: [{ count: null, detectionLimit: 50, unit: 'kve/l' }],
    });
    expect(entered.statusCode, entered.body).toBe(201);
    expect(await overdueAlarms()).toMatchObject([{ sample_point_id: point, closed: true }]);
    expect(await closedReasons()).toEqual([{ reason: 'noLongerOverdue' }]);
    expect(await look()).toEqual({ opened: 0, closed: 0 });
  });

  it('an old result leaves the point overdue; a longer interval in the plan closes the alarm; a deleted point closes it', async () => {
    const sampled = await addPoint('Douche 1', 400);
    const entered = await call(token, 'POST', `${PLACE}/sample-results`, {
      samplePointId: sampled,
      sampleId: 'M-1',
      takenAt: new Date(Date.now() - 200 * DAY).toISOString(),
      lab: 'Lab Noord',
      counts: [{ count: 20, unit: 'kve/l' }],
    });
    expect(entered.statusCode, entered.body).toBe(201);
    // Entered 200 days after sampling with a 6-month interval: still overdue, its alarm opened by the entry's own look.
    expect(await overdueAlarms()).toMatchObject([{ sample_point_id: sampled, closed: false }]);
    const patched = await call(token, 'PATCH', `${PLACE}/sampling-plan`, { intervalMonths: 12 });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await overdueAlarms()).toMatchObject([{ closed: true }]);

    const unsampled = await addPoint('Keuken', 5);
    expect(await look()).toEqual({ opened: 1, closed: 0 });
    expect((await call(token, 'DELETE', `/sample-points/${unsampled}`)).statusCode).toBe(204);
    expect(await overdueAlarms()).toMatchObject([{ closed: true }, { sample_point_id: unsampled, closed: true }]);
    expect(await closedReasons()).toEqual([{ reason: 'noLongerOverdue' }, { reason: 'samplePointDeleted' }]);
  });
});
