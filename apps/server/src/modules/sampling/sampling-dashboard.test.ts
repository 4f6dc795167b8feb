import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TDashboardSamplings, TSamplePoint } from '@aquasmart/domain';
import { queryRows } from '../../db/database';
import { caller, insertCustomer, insertLocation, restrictUser } from '../../test/places-fixtures';
import { useTestContext } from '../../test/test-app';

/**
 * GET /dashboard/samplings (docs/sampling.md, "Due samplings"): overdue and due sample points of the
 * caller's customers, soonest first; no sample points says so (points 0), never an empty "all clear".
 */
const ctx = useTestContext();
const call = caller(ctx);
const DAY = 86_400_000;
let tokens: Record<'admin' | 'klant', string>;

const place = (customer: string, location: string) => `/customers/${encodeURIComponent(customer)}/locations/${encodeURIComponent(location)}`;

beforeEach(async () => {
  const db = ctx.database.db;
  const west = await insertCustomer(db, 'Zorggroep West');
  await insertLocation(db, west, 'Huize Zonneveld');
  const oost = await insertCustomer(db, 'Zorggroep Oost');
  await insertLocation(db, oost, 'De Linde');
  tokens = await ctx.signedInUsers({ admin: { administrator: true }, klant: { rights: { dashboard: true } } });
  const [{ id }] = await queryRows<{ id: number }>(db, sql`SELECT id FROM users WHERE email = 'klant@example.com'`);
  await restrictUser(db, id, [west]);
});

async function addPoint(at: string, name: string, addedDaysAgo: number): Promise<number> {
  const answer = await call(tokens.admin, 'POST', `${at}/sample-points`, { name, role: 'hot' });
  expect(answer.statusCode, answer.body).toBe(201);
  const { id } = answer.json<TSamplePoint>();
  await ctx.database.db.execute(sql`UPDATE sample_points SET created_at = ${new Date(Date.now() - addedDaysAgo * DAY).toISOString()}::timestamptz WHERE id = ${id}`);
  return id;
}

const samplings = async (token: string, query = '') => {
  const answer = await call(token, 'GET', `/dashboard/samplings${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<TDashboardSamplings>();
};

describe('GET /dashboard/samplings', () => {
  it('without sample points: no data (points 0), not all clear', async () => {
    expect(await samplings(tokens.klant)).toEqual({ points: 0, overdue: 0, due: 0, rows: [] });
  });

  it('lists overdue and due points soonest first, counts them, scoped to the caller\'s customers', async () => {
    const west = place('Zorggroep West', 'Huize Zonneveld');
    await addPoint(west, 'Douche 1', 10);
    await addPoint(west, 'Keuken', 0);
    const sampled = await addPoint(west, 'Douche 2', 20);
    const entered = await call(tokens.admin, 'POST', `${west}/sample-results`, { samplePointId: sampled, sampleId: 'M-1', takenAt: new Date(Date.now() - DAY).toISOString(), lab: 'Lab Noord', counts: [{ count: 10, unit: 'kve/l' }] });
    expect(entered.statusCode, entered.body).toBe(201);
    await addPoint(place('Zorggroep Oost', 'De Linde'), 'Bad', 40);

    const mine = await samplings(tokens.klant);
    expect(mine).toMatchObject({ points: 3, overdue: 1, due: 1 });
    expect(mine.rows.map((row) => [row.name, row.state, row.customer, row.resample])).toEqual([
      ['Douche 1', 'overdue', 'Zorggroep West', false],
      ['Keuken', 'due', 'Zorggroep West', false],
    ]);
    expect((await samplings(tokens.admin)).rows.map((row) => row.name)).toEqual(['Bad', 'Douche 1', 'Keuken']);
    expect((await samplings(tokens.admin, `?customer=${encodeURIComponent('Zorggroep Oost')}`)).rows.map((row) => row.name)).toEqual(['Bad']);
    expect((await call(tokens.klant, 'GET', `/dashboard/samplings?customer=${encodeURIComponent('Zorggroep Oost')}`)).statusCode).toBe(404);
  });
});
