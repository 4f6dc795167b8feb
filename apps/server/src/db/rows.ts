import type { SQL } from 'drizzle-orm';
import { queryRows, type TDb } from './database';
import { rowsInTurn } from './turns';

/**
 * The row reader: what a query's columns are, declared once, and one decoding of what the two
 * drivers answer into that shape. node-postgres and PGlite (through Drizzle) differ by column type
 * and by path: bigint is a string on PostgreSQL and a number on PGlite, numeric a string on both,
 * timestamps text (Drizzle keeps the server's text) or a Date (a typed select of a `mode: 'date'`
 * column), jsonb parsed or, on some paths, text. A module declares its row once with `rowShape`
 * and reads typed rows, instead of row types that admit both drivers' answers and conversions by hand.
 * The decoders are plain functions (no zod): they run per row on the intake and the dashboards.
 */

/** Turns one column's value, as either driver answers it, into one type; throws on a value it cannot be. */
export type TColumn<T> = (value: unknown) => T;

function unexpected(kind: string, value: unknown): never {
  throw new TypeError(`expected ${kind}, got ${value === null ? 'null' : value instanceof Date ? 'Date' : typeof value}`);
}

/** int2/int4/float (numbers), int8/bigint (text on PostgreSQL, a number on PGlite, a bigint if asked), numeric (text). */
const number: TColumn<number> = (value) => {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' || typeof value === 'bigint') return Number(value);
  return unexpected('a number', value);
};

/** A timestamp as a Date: Drizzle's raw results give text such as `2024-01-02 03:04:05.678+00`, a typed select may give a Date. */
const date: TColumn<Date> = (value) => {
  if (value instanceof Date) return value;
  if (typeof value === 'string') return new Date(value);
  return unexpected('a timestamp', value);
};

/** A timestamp as ISO 8601 in UTC with milliseconds (`Date#toISOString`), what the API answers. Microseconds are cut. */
const iso: TColumn<string> = (value) => date(value).toISOString();

/** A timestamp as milliseconds since 1970. */
const ms: TColumn<number> = (value) => date(value).getTime();

/**
 * jsonb or json holding an object, array or number: parsed by the driver, or text on some paths.
 * Not for a column whose values are JSON strings: the driver's string would be parsed once more.
 */
const json =
  <T>(): TColumn<T> =>
  (value) =>
    (typeof value === 'string' ? JSON.parse(value) : value) as T;

/**
 * A value both drivers answer alike (text, int2/int4, boolean, an enum's text), typed as the query
 * promises; nothing is checked or converted.
 */
const as =
  <T>(): TColumn<T> =>
  (value) =>
    value as T;

/** The column may be NULL (or absent from the row): null, else `decode`. */
const nullable =
  <T>(decode: TColumn<T>): TColumn<T | null> =>
  (value) =>
    value === null || value === undefined ? null : decode(value);

/** The column decoders; `column.nullable(column.iso)` and so on. */
export const column = { number, date, iso, ms, json, as, nullable };

type TColumns = Record<string, TColumn<unknown>>;

/** The decoded row of some columns: each column's decoder's type. */
type TDecoded<S extends TColumns> = { [K in keyof S]: ReturnType<S[K]> };

export interface TRowShape<S extends TColumns> {
  /** One raw row into the declared shape; columns not declared are left out. */
  decode(raw: Record<string, unknown>): TDecoded<S>;
  /** Runs a raw SQL query and decodes its rows. */
  read(db: Pick<TDb, 'execute'>, query: SQL): Promise<TDecoded<S>[]>;
  /** `read` for long reads that take turns with requests (db/turns.ts, `rowsInTurn`); rows are decoded after the turn. */
  readInTurn(db: Pick<TDb, 'execute'>, query: SQL): Promise<TDecoded<S>[]>;
}

/** The row a shape decodes to: `TRowOf<typeof alarmRow>`. */
export type TRowOf<R> = R extends TRowShape<infer S> ? TDecoded<S> : never;

/** Declares a row's columns once; `read` and `decode` answer typed rows. */
export function rowShape<S extends TColumns>(columns: S): TRowShape<S> {
  const entries = Object.entries(columns);
  const decode = (raw: Record<string, unknown>): TDecoded<S> => {
    const row: Record<string, unknown> = {};
    for (const [name, decodeColumn] of entries) {
      try {
        row[name] = decodeColumn(raw[name]);
      } catch (error) {
        throw new TypeError(`column ${name}: ${(error as Error).message}`, { cause: error });
      }
    }
    return row as TDecoded<S>;
  };
  return {
    decode,
    read: async (db, query) => (await queryRows<Record<string, unknown>>(db, query)).map(decode),
    readInTurn: async (db, query) => (await rowsInTurn<Record<string, unknown>>(db, query)).map(decode),
  };
}
