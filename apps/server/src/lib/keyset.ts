import { and, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';

/**
 * Keyset pages (docs/exports.md, "Streamed in batches"): a list read in batches that each start
 * after the last row of the one before, in the list's own order, so a read of 100,000 rows never
 * holds more than one batch and never pays for an OFFSET (which reads and throws away every row
 * before the page) or a transaction held open while a slow client downloads.
 *
 * A list describes its ORDER BY as keys; the last key must make the order total (a primary key).
 * `keysetOrder` is that ORDER BY, so the list and its export cannot drift apart.
 */
export interface TKeysetKey {
  expression: SQL;
  /** The SQL type a key value is cast back to (the values travel as text, so no precision is lost). */
  type: 'text' | 'integer' | 'bigint' | 'smallint' | 'double precision' | 'timestamptz' | 'boolean';
  descending?: boolean;
  /** Empty values come first (PostgreSQL: NULLS FIRST); otherwise last, in both directions. */
  nullsFirst?: boolean;
  /** The expression is never NULL: a simpler and index-friendly condition. */
  notNull?: boolean;
}

/** One row's key values as text (null for SQL NULL), in key order. */
export type TKeyValues = (string | null)[];

/** The ORDER BY of the keys. */
export function keysetOrder(keys: readonly TKeysetKey[]): SQL[] {
  return keys.map((key) => {
    const direction = key.descending ? sql`DESC` : sql`ASC`;
    const nulls = key.notNull ? sql`` : key.nullsFirst ? sql` NULLS FIRST` : sql` NULLS LAST`;
    return sql`${key.expression} ${direction}${nulls}`;
  });
}

/** The key values to select beside a row, as text: `{ k0: ..., k1: ... }`. */
export function keysetSelection(keys: readonly TKeysetKey[]): Record<string, SQL.Aliased<string | null>> {
  return Object.fromEntries(keys.map((key, index) => [`k${index}`, sql<string | null>`(${key.expression})::text`.as(`k${index}`)]));
}

function valueOf(key: TKeysetKey, value: string): SQL {
  return sql`CAST(${value} AS ${sql.raw(key.type)})`;
}

/** The key equals the value (NULL equals NULL here). */
function equal(key: TKeysetKey, value: string | null): SQL {
  return value === null ? isNull(key.expression) : sql`${key.expression} = ${valueOf(key, value)}`;
}

/** The key comes after the value in the key's direction and NULL placement; undefined: nothing does. */
function after(key: TKeysetKey, value: string | null): SQL | undefined {
  if (value === null) return key.nullsFirst ? isNotNull(key.expression) : undefined;
  const beyond = key.descending ? sql`${key.expression} < ${valueOf(key, value)}` : sql`${key.expression} > ${valueOf(key, value)}`;
  return key.notNull || key.nullsFirst ? beyond : or(beyond, isNull(key.expression));
}

/**
 * The rows after `values` in the order of `keys`. Keys that are all NOT NULL and run one way are one
 * row comparison, `(a, b, c) > (x, y, z)`, which PostgreSQL starts an index scan at; otherwise
 * the lexicographic expansion (a after x, or a = x and b after y, ...) with the first key's bound
 * beside it (`a >= x`) where that holds, so that an index on the first key starts there too.
 */
export function keysetAfter(keys: readonly TKeysetKey[], values: TKeyValues): SQL {
  const oneWay = keys.every((key) => key.notNull && Boolean(key.descending) === Boolean(keys[0].descending));
  if (oneWay && values.every((value) => value !== null)) {
    const left = sql.join(keys.map((key) => key.expression), sql`, `);
    const right = sql.join(keys.map((key, index) => valueOf(key, values[index] ?? '')), sql`, `);
    return keys[0].descending ? sql`(${left}) < (${right})` : sql`(${left}) > (${right})`;
  }
  const branches = keys.map((key, index) => {
    const step = after(key, values[index]);
    if (!step) return undefined;
    return and(...keys.slice(0, index).map((earlier, before) => equal(earlier, values[before])), step);
  });
  const expansion = or(...branches.filter((branch) => branch !== undefined)) ?? sql`false`;
  const [first] = keys;
  const start = values[0];
  if (!first.notNull || start === null) return expansion;
  const bound = first.descending ? sql`${first.expression} <= ${valueOf(first, start)}` : sql`${first.expression} >= ${valueOf(first, start)}`;
  return sql`${bound} AND (${expansion})`;
}

/**
 * Reads a list in keyset batches: `read(after, limit)` answers the next rows in keysetOrder(keys)
 * after the condition (none for the first batch), each with keysetSelection(keys) beside it. Yields
 * the rows without their key values; stops after a short batch.
 *
 * A first key that may be NULL is read in two parts, its values and then its empty rows (or the
 * other way round with nullsFirst), each with the first key taken as NOT NULL or left out, so each
 * batch can start where the last one ended in an index instead of reading from the top again.
 */
export async function* keysetBatches<TRow extends Record<string, unknown>>(
  keys: readonly TKeysetKey[],
  read: (after: SQL | undefined, limit: number) => Promise<TRow[]>,
  batchSize = 1000,
): AsyncGenerator<Omit<TRow, `k${number}`>[]> {
  const [first] = keys;
  const withValue = { where: isNotNull(first.expression), keys: [{ ...first, notNull: true }, ...keys.slice(1)], offset: 0 };
  const empty = { where: isNull(first.expression), keys: keys.slice(1), offset: 1 };
  const parts = first.notNull ? [{ where: undefined, keys, offset: 0 }] : first.nullsFirst ? [empty, withValue] : [withValue, empty];
  for (const part of parts) {
    let condition: SQL | undefined = part.where;
    for (;;) {
      const rows = await read(condition, batchSize);
      if (rows.length === 0) break;
      const last = rows[rows.length - 1];
      const values = part.keys.map((_, index) => (last[`k${index + part.offset}`] ?? null) as string | null);
      yield rows.map((row) => {
        const copy: Record<string, unknown> = { ...row };
        keys.forEach((_, index) => delete copy[`k${index}`]);
        return copy as Omit<TRow, `k${number}`>;
      });
      if (rows.length < batchSize) break;
      condition = and(part.where, part.keys.length ? keysetAfter(part.keys, values) : sql`false`);
    }
  }
}

/** A text column as a sort key of a list the browser sorts: case-insensitive, empty text counted as empty (last). */
export function textSortKey(expression: SQL): TKeysetKey {
  return { expression: sql`NULLIF(lower(${expression}), '')`, type: 'text' };
}

/**
 * The order of a list that the list kit sorts in the browser (client mode, apps/web/src/components/table/client-rows.ts):
 * the column (`sort`: a field, '-' in front for descending; empty values last in both directions),
 * then the list's own order, which keeps ties as the list has them. Without `sort`: the list's order.
 */
export function clientSortKeys(sort: string | undefined, columns: Record<string, TKeysetKey>, listOrder: readonly TKeysetKey[]): TKeysetKey[] {
  const column = sort ? columns[sort.replace(/^-/, '')] : undefined;
  if (!sort || !column) return [...listOrder];
  return [{ ...column, descending: sort.startsWith('-'), nullsFirst: false }, ...listOrder];
}

/** keysetSelection for a raw SQL query: `(expression)::text AS k0, ...`. */
export function keysetColumns(keys: readonly TKeysetKey[]): SQL {
  return sql.join(
    keys.map((key, index) => sql`(${key.expression})::text AS ${sql.raw(`k${index}`)}`),
    sql`, `,
  );
}
