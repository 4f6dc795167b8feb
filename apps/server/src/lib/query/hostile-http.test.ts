import { beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema';
import { useTestContext } from '../../test/test-app';

/** The hostile inputs of the query kit, sent through a real list route: each is a 400, never a 500. */
let token: string;
/** A signed-in user without any rights: list reads are open to every user (their customers only). */
let reader: string;

const ctx = useTestContext({ reset: 'never' });
beforeAll(async () => {
  await ctx.database.db.insert(customers).values([{ name: 'Gemeente Utrecht' }, { name: 'Zorggroep Rijnmond' }]);
  await ctx.createUser({ email: 'admin@example.com', password: 'Hostile-test-2026', administrator: true });
  token = await ctx.tokenFor('admin@example.com');
  await ctx.createUser({ email: 'reader@example.com', password: 'Hostile-test-2026' });
  reader = await ctx.tokenFor('reader@example.com');
});

let deep: unknown = { name: 'x' };
for (let level = 0; level < 100; level++) deep = { $and: [deep] };

const HOSTILE: [string, Record<string, string>, string][] = [
  ['SQL in a value matches nothing', { conditions: JSON.stringify({ name: "x' OR 1=1 --" }) }, 'ok-empty'],
  ['SQL in a field name', { conditions: JSON.stringify({ 'name; DROP TABLE customers; --': 1 }) }, 'errors.unknownField'],
  ['unknown operator', { conditions: JSON.stringify({ name: { $regex: '.*' } }) }, 'errors.unknownOperator'],
  ['$where', { conditions: JSON.stringify({ $where: 'sleep(10)' }) }, 'errors.unknownOperator'],
  ['nesting 100 levels deep', { conditions: JSON.stringify(deep) }, 'errors.conditionsTooDeep'],
  ['a 100,000-element $in', { conditions: JSON.stringify({ name: { $in: Array.from({ length: 100_000 }, (_, i) => `n${i}`) } }) }, 'errors.invalidConditions'],
  ['invalid JSON', { conditions: '{"name": ' }, 'errors.invalidJson'],
  ['prototype key', { conditions: JSON.stringify({ __proto__: { polluted: true }, constructor: 1 }) }, 'errors.unknownField'],
  ['unknown projection field', { projection: 'name; DROP TABLE customers' }, 'errors.invalidProjection'],
  ['projection of a hidden field', { projection: 'password' }, 'errors.unknownField'],
  // The place counts are columns of a join, not subqueries: many uses cost a comparison each.
  ['11 uses of a counted column, none matching', { conditions: JSON.stringify({ $or: Array.from({ length: 11 }, (_, i) => ({ nodes: i + 100 })) }) }, 'ok-empty'],
];

describe('hostile list queries over HTTP', () => {
  it.each(HOSTILE)('%s', async (_case, query, expected) => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/customers', query, headers: { 'x-access-token': token } });
    if (expected === 'ok-empty') {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
    } else {
      expect([400, 413, 414, 431]).toContain(response.statusCode);
      if (response.statusCode === 400) expect(response.json().key).toBe(expected);
    }
    expect(await ctx.database.db.select().from(customers)).toHaveLength(2);
  });
});

/** Found by a security review: a few hundred `channels.value` subqueries took 1.3 s a request. */
describe('derived fields of the devices list', () => {
  const list = (conditions: unknown) =>
    ctx.app.inject({ method: 'GET', url: '/api/v1/devices', query: { conditions: JSON.stringify(conditions) }, headers: { 'x-access-token': reader } });
  const lowest = (n: number) => ({ $or: Array.from({ length: n }, (_, i) => ({ 'channels.value': { $lte: -100 - i } })) });

  it.each([
    ['the limit', 10, 200],
    ['one over the limit', 11, 400],
    ['the reported few hundred', 300, 400],
  ])('%s: %i uses -> %i', async (_case, uses, status) => {
    const response = await list(lowest(uses));
    expect(response.statusCode).toBe(status);
    if (status === 400) {
      expect(response.json()).toMatchObject({ key: 'errors.conditionsTooCostly', params: { field: 'channels.value', max: 10 } });
    }
  });
});
