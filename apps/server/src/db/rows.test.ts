import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { column, rowShape, type TColumn } from './rows';
import { openTestDatabase, type TTestDatabase } from '../test/test-database';

/** What the two drivers answer for one value, and what the decoder makes of it. */
const CASES: [string, TColumn<unknown>, unknown, unknown][] = [
  ['int4 (both drivers)', column.number, 3, 3],
  ['bigint on PostgreSQL (text)', column.number, '12', 12],
  ['bigint on PGlite (number)', column.number, 12, 12],
  ['bigint asked as a bigint', column.number, 12n, 12],
  ['numeric (text on both)', column.number, '1.50', 1.5],
  ['negative numeric', column.number, '-0.25', -0.25],
  ['timestamptz as Drizzle text, UTC', column.iso, '2024-01-02 01:04:05.678+00', '2024-01-02T01:04:05.678Z'],
  ['timestamptz as text with an offset', column.iso, '2024-01-02 03:04:05.678+02', '2024-01-02T01:04:05.678Z'],
  ['timestamptz with microseconds (PostgreSQL): cut to ms', column.iso, '2026-11-28 22:28:09.955082+00', '2026-11-28T22:28:09.955Z'],
  ['timestamptz inside jsonb (ISO with offset)', column.iso, '2026-11-28T22:28:09.893+00:00', '2026-11-28T22:28:09.893Z'],
  ['timestamptz as a Date (typed select)', column.iso, new Date('2024-01-02T01:04:05.000Z'), '2024-01-02T01:04:05.000Z'],
  ['timestamp as a Date', column.date, '2024-01-02 03:04:05+02', new Date('2024-01-02T01:04:05Z')],
  ['Date stays the same Date', column.date, new Date(0), new Date(0)],
  ['timestamp in ms from text', column.ms, '1970-01-01 00:00:01.5+00', 1500],
  ['timestamp in ms from a Date', column.ms, new Date(2500), 2500],
  ['jsonb parsed by the driver', column.json(), { a: 1 }, { a: 1 }],
  ['jsonb as text', column.json(), '{"a":1}', { a: 1 }],
  ['jsonb array as text', column.json(), '[1,2]', [1, 2]],
  ['jsonb null (SQL NULL)', column.nullable(column.json()), null, null],
  ['nullable number, NULL', column.nullable(column.number), null, null],
  ['nullable number, absent', column.nullable(column.number), undefined, null],
  ['nullable number, zero stays zero', column.nullable(column.number), '0', 0],
  ['nullable ISO, NULL', column.nullable(column.iso), null, null],
  ['nullable ISO, a value', column.nullable(column.iso), '2024-01-02 01:04:05+00', '2024-01-02T01:04:05.000Z'],
  ['as: passed through', column.as<string>(), 'text', 'text'],
  ['as: NULL passed through', column.as<string | null>(), null, null],
];

describe('column decoders', () => {
  it.each(CASES)('%s', (_name, decode, value, expected) => {
    expect(decode(value)).toEqual(expected);
  });

  it.each([
    ['a number from NULL', column.number, null, 'expected a number, got null'],
    ['a number from an object', column.number, {}, 'expected a number, got object'],
    ['a timestamp from NULL', column.iso, null, 'expected a timestamp, got null'],
    ['a timestamp from a number', column.date, 5, 'expected a timestamp, got number'],
  ])('refuses %s', (_name, decode, value, message) => {
    expect(() => decode(value)).toThrow(message);
  });
});

describe('rowShape', () => {
  const shape = rowShape({ id: column.number, at: column.iso, closed: column.nullable(column.iso), details: column.json<{ a: number }>() });

  it('decodes the declared columns and leaves the others out', () => {
    expect(shape.decode({ id: '7', at: '2024-01-02 01:04:05+00', closed: null, details: '{"a":1}', extra: 'x' })).toEqual({
      id: 7,
      at: '2024-01-02T01:04:05.000Z',
      closed: null,
      details: { a: 1 },
    });
  });

  it('names the column it cannot decode', () => {
    expect(() => shape.decode({ id: null, at: '2024-01-02 01:04:05+00', closed: null, details: {} })).toThrow('column id: expected a number, got null');
  });
});

describe('rows as this run’s driver answers them', () => {
  let database: TTestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const probe = rowShape({
    big: column.number,
    counted: column.number,
    num: column.number,
    at: column.iso,
    atMs: column.ms,
    none: column.nullable(column.iso),
    doc: column.json<{ a: number }>(),
    text: column.json<{ a: number }>(),
    noDoc: column.nullable(column.json<{ a: number }>()),
    inside: column.json<{ t: string }>(),
  });

  it('decodes bigint, count, numeric, timestamptz, NULL and jsonb alike', async () => {
    const [row] = await probe.read(
      database.db,
      sql`SELECT 12::bigint AS big, count(*) AS counted, 1.50::numeric AS num, '2024-01-02 03:04:05.678+02'::timestamptz AS at,
          '2024-01-02 03:04:05.678+02'::timestamptz AS "atMs", NULL::timestamptz AS none, '{"a":1}'::jsonb AS doc, '{"a":1}'::jsonb::text AS text,
          NULL::jsonb AS "noDoc", jsonb_build_object('t', '2024-01-02 01:04:05+00'::timestamptz) AS inside`,
    );
    expect(row).toEqual({
      big: 12,
      counted: 1,
      num: 1.5,
      at: '2024-01-02T01:04:05.678Z',
      atMs: Date.parse('2024-01-02T01:04:05.678Z'),
      none: null,
      doc: { a: 1 },
      text: { a: 1 },
      noDoc: null,
      inside: { t: '2024-01-02T01:04:05+00:00' },
    });
    expect(column.iso(row.inside.t)).toBe('2024-01-02T01:04:05.000Z');
  });
});
