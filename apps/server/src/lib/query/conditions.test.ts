import { PGlite } from '@electric-sql/pglite';
import { asc } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle, type PgliteDatabase } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConditions } from './conditions';
import { parseProjection, projectableFields, selectionFor } from './projection';
import { CREATE_ITEMS, itemFields, items } from './query-items.fixture';

/**
 * Operator semantics against a real (embedded) PostgreSQL: each condition is compiled by the
 * kit and run on a small table; the test checks which rows come back.
 */

const day = (iso: string) => new Date(iso);

const rows: (typeof items.$inferInsert)[] = [
  { id: 1, name: 'alpha', qty: 1, price: 1.5, active: true, seen: day('2024-01-01T00:00:00Z'), lora: { state: 'joined' }, calibration: { interval: 30 }, sipp: { parameters: { status: 'ok' } } },
  { id: 2, name: 'beta', qty: 2, price: 2.5, active: false, seen: day('2024-06-01T12:00:00Z'), lora: { state: 'pending' }, calibration: { interval: 60 }, sipp: { parameters: { status: 'error' } } },
  { id: 3, name: 'gamma', qty: 3, price: null, active: true, seen: null, lora: {}, calibration: null, sipp: { parameters: {} } },
  { id: 4, name: null, qty: null, price: 10, active: null, seen: day('2025-01-01T00:00:00Z'), lora: null, calibration: { interval: 15 }, sipp: null },
  { id: 5, name: "o'brien", qty: 5, price: -1, active: false, seen: day('2024-01-01T00:00:00.001Z'), lora: { state: 'joined' }, calibration: {}, sipp: null },
  { id: 6, name: '', qty: 0, price: 0, active: false, seen: new Date(0), lora: { state: 'failed' }, calibration: null, sipp: null },
];
const ALL = [1, 2, 3, 4, 5, 6];

let client: PGlite;
let db: PgliteDatabase;

beforeAll(async () => {
  client = new PGlite();
  db = drizzle(client);
  await client.exec(CREATE_ITEMS);
  await db.insert(items).values(rows);
});

afterAll(async () => {
  await client?.close();
});

async function ids(conditions: unknown): Promise<number[]> {
  const where = parseConditions(JSON.stringify(conditions), itemFields);
  const found = await db.select({ id: items.id }).from(items).where(where).orderBy(asc(items.id));
  return found.map((row) => row.id);
}

const cases: [string, unknown, number[]][] = [
  // no condition
  ['empty object', {}, ALL],
  // equality and $eq
  ['text equality', { name: 'alpha' }, [1]],
  ['$eq text', { name: { $eq: 'beta' } }, [2]],
  ['empty string is not null', { name: '' }, [6]],
  ['quote inside a value', { name: "o'brien" }, [5]],
  ['integer equality', { qty: 0 }, [6]],
  ['number equality', { price: 1.5 }, [1]],
  ['negative number', { price: { $lt: 0 } }, [5]],
  ['boolean true', { active: true }, [1, 3]],
  ['boolean false', { active: false }, [2, 5, 6]],
  ['timestamp ISO equality', { seen: '2024-01-01T00:00:00Z' }, [1]],
  ['timestamp with offset', { seen: '2024-06-01T14:00:00+02:00' }, [2]],
  ['timestamp date only (UTC midnight)', { seen: '2024-01-01' }, [1]],
  ['timestamp epoch ms', { seen: 0 }, [6]],
  ['timestamp milliseconds matter', { seen: { $eq: 1704067200001 } }, [5]],
  // null = missing
  ['null matches NULL', { name: null }, [4]],
  ['$eq null', { qty: { $eq: null } }, [4]],
  ['$ne null', { price: { $ne: null } }, [1, 2, 4, 5, 6]],
  ['$exists true', { seen: { $exists: true } }, [1, 2, 4, 5, 6]],
  ['$exists false', { seen: { $exists: false } }, [3]],
  // $ne matches missing values, like MongoDB
  ['$ne text includes NULL', { name: { $ne: 'alpha' } }, [2, 3, 4, 5, 6]],
  ['$ne boolean includes NULL', { active: { $ne: true } }, [2, 4, 5, 6]],
  ['$ne number', { qty: { $ne: 1 } }, [2, 3, 4, 5, 6]],
  // ranges never match NULL
  ['$gt', { qty: { $gt: 2 } }, [3, 5]],
  ['$gte', { qty: { $gte: 2 } }, [2, 3, 5]],
  ['$lt', { qty: { $lt: 2 } }, [1, 6]],
  ['$lte', { qty: { $lte: 2 } }, [1, 2, 6]],
  ['range on one field', { qty: { $gt: 0, $lt: 3 } }, [1, 2]],
  ['$gt with $lte', { qty: { $gt: 1, $lte: 3 } }, [2, 3]],
  ['number range', { price: { $gte: 1.5, $lte: 10 } }, [1, 2, 4]],
  ['text range', { name: { $gt: 'beta' } }, [3, 5]],
  ['timestamp range ISO', { seen: { $gte: '2024-01-01T00:00:00Z', $lt: '2024-12-31T00:00:00Z' } }, [1, 2, 5]],
  ['timestamp range epoch', { seen: { $gt: 1704067200000 } }, [2, 4, 5]],
  ['timestamp before 1971', { seen: { $lt: '1971-01-01' } }, [6]],
  // $in / $nin
  ['$in', { qty: { $in: [1, 3, 99] } }, [1, 3]],
  ['$in text', { name: { $in: ['alpha', "o'brien"] } }, [1, 5]],
  ['$in with null', { qty: { $in: [1, null] } }, [1, 4]],
  ['$in only null', { name: { $in: [null] } }, [4]],
  ['$in empty matches nothing', { qty: { $in: [] } }, []],
  ['$in booleans', { active: { $in: [true, null] } }, [1, 3, 4]],
  ['$in timestamps', { seen: { $in: ['2024-01-01T00:00:00Z', 0] } }, [1, 6]],
  ['$nin includes NULL', { qty: { $nin: [1, 3] } }, [2, 4, 5, 6]],
  ['$nin with null excludes NULL', { qty: { $nin: [1, null] } }, [2, 3, 5, 6]],
  ['$nin only null', { qty: { $nin: [null] } }, [1, 2, 3, 5, 6]],
  ['$nin empty matches all', { qty: { $nin: [] } }, ALL],
  // $and / $or
  ['two fields are ANDed', { active: false, qty: { $gt: 0 } }, [2, 5]],
  ['$and', { $and: [{ qty: { $gte: 1 } }, { qty: { $lte: 2 } }] }, [1, 2]],
  ['$or', { $or: [{ name: 'alpha' }, { qty: null }] }, [1, 4]],
  ['$or and a field', { active: true, $or: [{ qty: 1 }, { qty: 3 }] }, [1, 3]],
  ['nested $or in $and', { $and: [{ $or: [{ qty: 1 }, { qty: 2 }] }, { $or: [{ active: false }, { price: 1.5 }] }] }, [1, 2]],
  ['$and of an empty object', { $and: [{}] }, ALL],
  ['$or of an empty object', { $or: [{}, { qty: 1 }] }, ALL],
  ['$or and NULL', { $or: [{ active: { $ne: false } }, { name: null }] }, [1, 3, 4]],
  // dotted paths into json
  ['dotted text', { 'lora.state': 'joined' }, [1, 5]],
  ['dotted null: missing key or NULL column', { 'lora.state': null }, [3, 4]],
  ['dotted $ne', { 'lora.state': { $ne: 'joined' } }, [2, 3, 4, 6]],
  ['dotted number', { 'calibration.interval': { $gte: 30 } }, [1, 2]],
  ['dotted number $exists', { 'calibration.interval': { $exists: false } }, [3, 5, 6]],
  ['three-level path', { 'sipp.parameters.status': { $in: ['ok', 'error'] } }, [1, 2]],
  ['three-level path null', { 'sipp.parameters.status': null }, [3, 4, 5, 6]],
  // values that look like SQL are just values
  ['SQL in a value matches nothing', { name: "x' OR 1=1 --" }, []],
  ['SQL in $in', { name: { $in: ["'; drop table query_kit_items; --", "alpha' --"] } }, []],
  ['SQL in a dotted value', { 'lora.state': "joined' or 'a'='a" }, []],
  ['backslashes and quotes', { name: { $ne: "\\'\"" } }, ALL],
  // subquery fields compare as any other expression
  ['subquery field', { doubled: { $gte: 4, $lt: 10 } }, [2, 3]],
  ['subquery fields in $or', { $or: [{ doubled: 2 }, { negated: -5 }] }, [1, 5]],
];

describe('parseConditions against PostgreSQL', () => {
  it.each(cases)('%s', async (_name, conditions, expected) => {
    expect(await ids(conditions)).toEqual(expected);
  });

  it('absent or blank conditions give no WHERE clause', () => {
    expect(parseConditions(undefined, itemFields)).toBeUndefined();
    expect(parseConditions('', itemFields)).toBeUndefined();
    expect(parseConditions('  ', itemFields)).toBeUndefined();
    expect(parseConditions('{}', itemFields)).toBeUndefined();
  });

  it('the table survived the hostile values', async () => {
    expect(await ids({})).toEqual(ALL);
  });

  it('binds every value as a parameter', () => {
    const where = parseConditions(JSON.stringify({ name: "x' OR 1=1 --", qty: { $in: [1, 2] } }), itemFields);
    const query = new PgDialect().sqlToQuery(where!);
    expect(query.sql).not.toContain('OR 1=1');
    expect(query.sql).toBe('("query_kit_items"."name" = $1::text and "query_kit_items"."qty" in ($2::bigint, $3::bigint))');
    expect(query.params).toEqual(["x' OR 1=1 --", 1, 2]);
  });

  it('accepts the largest allowed $in', async () => {
    const values = Array.from({ length: 1000 }, (_, i) => i);
    expect(await ids({ qty: { $in: values } })).toEqual([1, 2, 3, 5, 6]);
  });
});

describe('projection through selectionFor', () => {
  it('selects nested objects for dotted paths', async () => {
    const fields = projectableFields(itemFields);
    expect(fields).not.toContain('secret');
    const paths = parseProjection('id calibration lora.state sipp', fields);
    expect(paths).toEqual(['id', 'lora.state', 'calibration.interval', 'sipp.parameters.status']);
    const found = await db
      .select(selectionFor(paths, itemFields))
      .from(items)
      .where(parseConditions('{"id":{"$in":[1,3]}}', itemFields))
      .orderBy(asc(items.id));
    expect(found).toEqual([
      { id: 1, lora: { state: 'joined' }, calibration: { interval: 30 }, sipp: { parameters: { status: 'ok' } } },
      { id: 3, lora: { state: null }, calibration: { interval: null }, sipp: { parameters: { status: null } } },
    ]);
  });
});
