import { Column, is, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { QueryError, quote } from './query-error';

/**
 * `conditions`: a safe subset of the MongoDB query language, compiled to parameterised SQL.
 *
 *   {"name": "Pomp 1"}                              equality ($eq)
 *   {"battery": {"$gte": 20, "$lt": 80}}            several operators on one field: all must hold
 *   {"lora.state": {"$in": ["joined", null]}}       dotted paths are plain keys of the field map
 *   {"$or": [{"customer": null}, {"active": false}]}
 *
 * Operators: $eq $ne $gt $gte $lt $lte $in $nin $exists, and $and / $or at the top of any
 * condition object. Anything else that starts with `$` ($where, $regex, $expr, $not, ...) is
 * `errors.unknownOperator`; a key that is not in the resource's field map is `errors.unknownField`.
 *
 * Missing values are SQL NULL and behave as in MongoDB:
 *   {f: null} / {f: {$eq: null}} / {f: {$exists: false}}   ->  f IS NULL
 *   {f: {$ne: null}} / {f: {$exists: true}}                 ->  f IS NOT NULL
 *   {f: {$ne: v}}                                           ->  f IS DISTINCT FROM v (NULL rows match)
 *   {f: {$nin: [..]}}                                       ->  NULL rows match unless null is listed
 *   {f: {$in: [.., null]}}                                  ->  also matches NULL rows
 *   $gt/$gte/$lt/$lte never match NULL rows and refuse a null operand.
 *
 * Not supported (400 errors.invalidConditions): matching a whole sub-document
 * ({calibration: {interval: 5}}; write {"calibration.interval": 5}), arrays as values outside
 * $in/$nin, range operators on boolean fields.
 *
 * Safety: field names are only looked up in the map (Object.hasOwn, so `__proto__` and friends
 * are just unknown fields); the SQL comes from the map and from constant templates below;
 * every value from the request is a bound parameter with an explicit cast to the field's kind.
 * Values are checked against the kind before any SQL is built, so a wrong value is a 400 and
 * never a database error. Size limits are checked before any work proportional to the input.
 *
 * Cost: a field marked `subquery` is evaluated once per row for each operator that uses it
 * (PostgreSQL does not share equal subqueries), so such uses are counted against their own,
 * small limit; the others cost a comparison per row and fall under the value limit.
 */

/**
 * What a field holds, which decides the accepted JSON values and the parameter cast:
 * - text:      strings                                   ($1::text)
 * - integer:   safe integers                             ($1::bigint; keeps integer indexes usable)
 * - number:    finite numbers                            ($1::double precision)
 * - boolean:   true / false                              ($1::boolean)
 * - timestamp: ISO 8601 strings or epoch milliseconds     ($1::timestamptz)
 *              (a date alone is UTC midnight; a date-time without offset is the server's local time,
 *              as in JavaScript's Date; years 1 to 9999)
 * Enum or uuid columns: give `sql` as `sql\`${col}::text\`` and kind 'text'.
 * Values inside jsonb: give an expression of the right type, e.g.
 * `sql\`(${devices.lora}->>'state')\`` (text) or `sql\`(${devices.calibration}->>'interval')::double precision\``.
 */
export type TFieldKind = 'text' | 'integer' | 'number' | 'boolean' | 'timestamp';

/** An expression a projection may select: a column, an SQL expression, or an aliased one. */
export type TSelectable = SQL | SQL.Aliased | AnyPgColumn;

export interface TFieldDef {
  /** The expression conditions compare with; also selected for projections unless `select` is given. */
  sql: SQL | AnyPgColumn;
  kind: TFieldKind;
  /** Expression selected for a projection instead of `sql`; `false`: the field can be filtered but not selected. */
  select?: TSelectable | false;
  /**
   * `sql` is a correlated subquery (a count, a minimum over child rows ...): each use in a
   * condition costs a query per row, so uses are limited by `maxSubqueries`.
   */
  subquery?: boolean;
}

/** The fields of one resource, keyed by their public (dotted) path, e.g. `calibration.interval`. */
export type TFieldMap = Readonly<Record<string, TFieldDef>>;

export interface TConditionLimits {
  /** Longest accepted `conditions` text, in characters. */
  maxLength: number;
  /** Deepest nesting of objects: `{a: 1}` is 1, `{a: {$gt: 1}}` is 2, each $and/$or adds 1. */
  maxDepth: number;
  /** Most values in one condition: operands, $in/$nin elements and $and/$or branches. */
  maxValues: number;
  /** Most operators on `subquery` fields in one condition, all such fields together. */
  maxSubqueries: number;
}

export const CONDITION_LIMITS: Readonly<TConditionLimits> = Object.freeze({
  maxLength: 10_000,
  maxDepth: 8,
  maxValues: 1000,
  // A dashboard filter uses one or two; a few hundred took 1.3 s per request on the devices list.
  maxSubqueries: 10,
});

type TScalar = string | number | boolean | null;

const FIELD_OPERATORS = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin', '$exists']);
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

const TRUE = sql`true`;
const FALSE = sql`false`;

/**
 * Parses and compiles the `conditions` query parameter. Returns undefined when it is absent or
 * empty (`{}`), otherwise one SQL condition for a WHERE clause. Throws QueryError (400).
 */
export function parseConditions(
  raw: string | undefined,
  fields: TFieldMap,
  limits: Partial<TConditionLimits> = {},
): SQL | undefined {
  const max = { ...CONDITION_LIMITS, ...limits };
  if (raw === undefined || raw.trim() === '') return undefined;
  if (raw.length > max.maxLength) {
    throw new QueryError('invalidConditions', { reason: `longer than ${max.maxLength} characters` });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new QueryError('invalidJson', { param: 'conditions' });
  }
  return compileConditions(parsed, fields, max);
}

/**
 * Compiles an already parsed condition object (e.g. from a request body). Same rules and
 * limits as parseConditions, apart from the length of the text.
 */
export function compileConditions(
  conditions: unknown,
  fields: TFieldMap,
  limits: Partial<TConditionLimits> = {},
): SQL | undefined {
  const max = { ...CONDITION_LIMITS, ...limits };
  if (!isPlainObject(conditions)) {
    throw new QueryError('invalidConditions', { reason: 'conditions must be a JSON object' });
  }
  const compiler = new Compiler(fields, max);
  const parts = compiler.object(conditions, 1);
  return parts.length === 0 ? undefined : joinAnd(parts);
}

class Compiler {
  private values = 0;
  private subqueries = 0;

  constructor(
    private readonly fields: TFieldMap,
    private readonly max: TConditionLimits,
  ) {}

  /** Counts `n` values against the limit before they are looked at. */
  private spend(n: number): void {
    this.values += n;
    if (this.values > this.max.maxValues) throw new QueryError('conditionsTooLarge', { max: this.max.maxValues });
  }

  /** Counts one use of the field against the subquery limit when it is a subquery. */
  private evaluate(name: string, def: TFieldDef): void {
    if (!def.subquery) return;
    this.subqueries += 1;
    if (this.subqueries > this.max.maxSubqueries) {
      throw new QueryError('conditionsTooCostly', { field: quote(name), max: this.max.maxSubqueries });
    }
  }

  private depth(depth: number): void {
    if (depth > this.max.maxDepth) throw new QueryError('conditionsTooDeep', { max: this.max.maxDepth });
  }

  /** A condition object: every key must hold (AND). Returns its parts; none for `{}`. */
  object(obj: Record<string, unknown>, depth: number): SQL[] {
    this.depth(depth);
    const parts: SQL[] = [];
    for (const key of Object.keys(obj)) {
      const value = obj[key];
      if (key === '$and' || key === '$or') {
        parts.push(this.logical(key, value, depth));
      } else if (key.startsWith('$')) {
        throw new QueryError('unknownOperator', { operator: quote(key) });
      } else {
        parts.push(this.field(key, value, depth));
      }
    }
    return parts;
  }

  private logical(operator: '$and' | '$or', branches: unknown, depth: number): SQL {
    if (!Array.isArray(branches) || branches.length === 0) {
      throw new QueryError('invalidConditions', { reason: `${operator} needs a non-empty array of conditions` });
    }
    this.spend(branches.length);
    const compiled = branches.map((branch) => {
      if (!isPlainObject(branch)) {
        throw new QueryError('invalidConditions', { reason: `every element of ${operator} must be an object` });
      }
      const parts = this.object(branch, depth + 1);
      return parts.length === 0 ? TRUE : joinAnd(parts);
    });
    return operator === '$and' ? joinAnd(compiled) : joinOr(compiled);
  }

  private field(name: string, value: unknown, depth: number): SQL {
    if (!Object.hasOwn(this.fields, name)) throw new QueryError('unknownField', { field: quote(name) });
    const def = this.fields[name];
    if (!isPlainObject(value)) {
      this.spend(1);
      this.evaluate(name, def);
      return compare(name, def, '$eq', scalar(name, def, value));
    }
    this.depth(depth + 1);
    const operators = Object.keys(value);
    if (operators.length === 0 || !operators.every((op) => op.startsWith('$'))) {
      throw new QueryError('invalidConditions', {
        field: quote(name),
        reason: `${quote(name)}: matching a whole object is not supported; use operators ($eq, $gt, ...) or dotted paths`,
      });
    }
    const parts: SQL[] = [];
    for (const op of operators) {
      if (!FIELD_OPERATORS.has(op)) throw new QueryError('unknownOperator', { operator: quote(op) });
      this.evaluate(name, def);
      const operand = value[op];
      if (op === '$in' || op === '$nin') {
        if (!Array.isArray(operand)) {
          throw new QueryError('invalidConditions', { field: quote(name), reason: `${quote(name)}: ${op} needs an array` });
        }
        this.spend(operand.length);
        const list = operand.map((item) => scalar(name, def, item));
        parts.push(op === '$in' ? inList(def, list) : notInList(def, list));
      } else if (op === '$exists') {
        this.spend(1);
        if (typeof operand !== 'boolean') {
          throw new QueryError('invalidConditions', { field: quote(name), reason: `${quote(name)}: $exists needs true or false` });
        }
        parts.push(operand ? sql`${expr(def)} is not null` : sql`${expr(def)} is null`);
      } else {
        this.spend(1);
        parts.push(compare(name, def, op, scalar(name, def, operand)));
      }
    }
    return parts.length === 1 ? parts[0] : joinAnd(parts);
  }
}

/** Checks one value against the field's kind and returns it in the form that is bound. */
function scalar(name: string, def: TFieldDef, value: unknown): TScalar {
  if (value === null) return null;
  const wrong = (expected: string): never => {
    throw new QueryError('invalidConditions', {
      field: quote(name),
      reason: `${quote(name)} expects ${expected}, got ${describe(value)}`,
    });
  };
  switch (def.kind) {
    case 'text':
      if (typeof value !== 'string') return wrong('text');
      // PostgreSQL text cannot hold NUL; refuse it here rather than fail in the database.
      if (value.includes('\u0000')) return wrong('text without NUL characters');
      return value;
    case 'integer':
      if (typeof value !== 'number' || !Number.isSafeInteger(value)) return wrong('an integer');
      return value;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return wrong('a number');
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') return wrong('true or false');
      return value;
    case 'timestamp': {
      let date: Date | undefined;
      if (typeof value === 'number' && Number.isFinite(value)) date = new Date(value);
      else if (typeof value === 'string' && ISO_TIMESTAMP.test(value)) date = new Date(value);
      const year = date?.getUTCFullYear() ?? Number.NaN;
      if (!date || !(year >= 1 && year <= 9999)) {
        return wrong('an ISO 8601 date-time or epoch milliseconds between the years 1 and 9999');
      }
      return date.toISOString();
    }
  }
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `"${quote(value)}"`;
  if (typeof value === 'object') return 'an object';
  return String(value);
}

/** The bound parameter with a cast to the field's kind (constant SQL text only). */
function param(kind: TFieldKind, value: string | number | boolean): SQL {
  const p = sql.param(value);
  switch (kind) {
    case 'text':
      return sql`${p}::text`;
    case 'integer':
      return sql`${p}::bigint`;
    case 'number':
      return sql`${p}::double precision`;
    case 'boolean':
      return sql`${p}::boolean`;
    case 'timestamp':
      return sql`${p}::timestamptz`;
  }
}

/** The field's expression; SQL expressions are parenthesised so operators cannot bind into them. */
function expr(def: TFieldDef): SQL | AnyPgColumn {
  return is(def.sql, Column) ? def.sql : sql`(${def.sql})`;
}

function compare(name: string, def: TFieldDef, op: string, value: TScalar): SQL {
  const e = expr(def);
  if (value === null) {
    if (op === '$eq') return sql`${e} is null`;
    if (op === '$ne') return sql`${e} is not null`;
    throw new QueryError('invalidConditions', { field: quote(name), reason: `${quote(name)}: ${op} needs a value other than null` });
  }
  if (def.kind === 'boolean' && op !== '$eq' && op !== '$ne') {
    throw new QueryError('invalidConditions', { field: quote(name), reason: `${quote(name)}: ${op} does not apply to true/false fields` });
  }
  const v = param(def.kind, value);
  switch (op) {
    case '$eq':
      return sql`${e} = ${v}`;
    case '$ne':
      return sql`${e} is distinct from ${v}`;
    case '$gt':
      return sql`${e} > ${v}`;
    case '$gte':
      return sql`${e} >= ${v}`;
    case '$lt':
      return sql`${e} < ${v}`;
    case '$lte':
      return sql`${e} <= ${v}`;
    default:
      throw new QueryError('unknownOperator', { operator: quote(op) });
  }
}

function split(def: TFieldDef, list: TScalar[]): { hasNull: boolean; values: SQL[] } {
  const values: SQL[] = [];
  let hasNull = false;
  for (const item of list) {
    if (item === null) hasNull = true;
    else values.push(param(def.kind, item));
  }
  return { hasNull, values };
}

function inList(def: TFieldDef, list: TScalar[]): SQL {
  const { hasNull, values } = split(def, list);
  const e = expr(def);
  const inValues = values.length > 0 ? sql`${e} in (${sql.join(values, sql`, `)})` : undefined;
  if (hasNull) return inValues ? sql`(${inValues} or ${e} is null)` : sql`${e} is null`;
  return inValues ?? FALSE;
}

function notInList(def: TFieldDef, list: TScalar[]): SQL {
  const { hasNull, values } = split(def, list);
  const e = expr(def);
  const notIn = values.length > 0 ? sql`${e} not in (${sql.join(values, sql`, `)})` : undefined;
  if (hasNull) return notIn ? sql`(${e} is not null and ${notIn})` : sql`${e} is not null`;
  return notIn ? sql`(${e} is null or ${notIn})` : TRUE;
}

function joinAnd(parts: SQL[]): SQL {
  return parts.length === 1 ? parts[0] : sql`(${sql.join(parts, sql` and `)})`;
}

function joinOr(parts: SQL[]): SQL {
  return parts.length === 1 ? parts[0] : sql`(${sql.join(parts, sql` or `)})`;
}

/** A JSON object (not an array, not null, not a class instance such as Date). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
