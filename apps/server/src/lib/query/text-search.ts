import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** A LIKE pattern for "contains `search`", its own %, _ and \ taken literally. */
export function containingPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (mark) => `\\${mark}`)}%`;
}

/**
 * `column` contains `search`, ignoring case: `lower(column) LIKE lower(pattern)`, the form the
 * trigram indexes on `lower(name)` and `lower(eui)` of devices serve (0010_node_search.sql). Not
 * `ILIKE` on the bare column: a trigram index on the column itself also answers `=`, and the
 * planner then took it over the primary key for the intake's lookups by EUI (processing fell from
 * about 3,000 to 950 uplinks/s in the ingest benchmark).
 */
export function containsText(column: SQL | AnyPgColumn, search: string): SQL {
  return sql`lower(${column}) LIKE lower(${containingPattern(search)})`;
}

/** Lower case without accents, in SQL (no extension needed): the letters of Dutch, German and French. */
const ACCENTED = 'àáâãäåèéêëìíîïòóôõöùúûüýÿçñ';
const PLAIN = 'aaaaaaeeeeiiiiooooouuuuyycn';
const folded = (column: SQL | AnyPgColumn) => sql`translate(lower(coalesce(${column}, '')), ${ACCENTED}, ${PLAIN})`;

/**
 * The list kit's search of a list the browser searches (client mode, client-rows.ts `matchesSearch`)
 * in SQL, for its export: every word of `search`, ignoring case and accents, occurs in one of the
 * columns. Undefined for an empty search.
 */
export function allWordsIn(columns: readonly (SQL | AnyPgColumn)[], search: string | undefined): SQL | undefined {
  const words = (search ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean);
  if (!words.length) return undefined;
  const haystack = sql.join(columns.map(folded), sql` || chr(10) || `);
  return sql.join(
    words.map((word) => sql`(${haystack}) LIKE ${containingPattern(word)}`),
    sql` AND `,
  );
}
