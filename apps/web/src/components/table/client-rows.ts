/**
 * Client-side paging: search, sort and slice a full list in the browser (lists that the server
 * returns whole). Server-side lists get the same page, pageSize, search and sort as a query.
 */
export type TSortDirection = 'asc' | 'desc';
export interface TListSort {
  field: string;
  direction: TSortDirection;
}

export type TCellValue = string | number | boolean | null | undefined;

/** How a column exposes a row's value for search and sort. */
export interface TValueColumn<T> {
  field: string;
  /** The value used for sorting (and searching when no searchValue is given). */
  sortValue?: (row: T) => TCellValue;
  /** The text searched; false leaves the column out of the search. */
  searchValue?: ((row: T) => TCellValue | TCellValue[]) | false;
}

function rawValue<T>(row: T, field: string): TCellValue {
  const value = (row as Record<string, unknown>)[field];
  if (value === null || value === undefined) return value;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.join(' ');
  return undefined;
}

export function sortValueOf<T>(row: T, column: TValueColumn<T>): TCellValue {
  return column.sortValue ? column.sortValue(row) : rawValue(row, column.field);
}

/** Case- and accent-insensitive: every word of the search must occur in one of the columns. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

export function matchesSearch<T>(row: T, columns: readonly TValueColumn<T>[], search: string): boolean {
  const words = normalizeText(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = columns
    .flatMap((column) => {
      if (column.searchValue === false) return [];
      const value = column.searchValue ? column.searchValue(row) : sortValueOf(row, column);
      return Array.isArray(value) ? value : [value];
    })
    .filter((value) => value !== null && value !== undefined && value !== '')
    .map((value) => normalizeText(String(value)))
    .join('\u0000');
  return words.every((word) => haystack.includes(word));
}

/** Empty values sort last in both directions; text sorts naturally ("Node 2" before "Node 10"). */
export function compareValues(a: TCellValue, b: TCellValue, language = 'nl'): number {
  const aEmpty = a === null || a === undefined || a === '';
  const bEmpty = b === null || b === undefined || b === '';
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a).localeCompare(String(b), language, { numeric: true, sensitivity: 'base' });
}

export function sortRows<T>(rows: readonly T[], columns: readonly TValueColumn<T>[], sort: TListSort | null, language = 'nl'): T[] {
  const copy = [...rows];
  if (!sort) return copy;
  const column = columns.find((candidate) => candidate.field === sort.field) ?? { field: sort.field };
  const sign = sort.direction === 'asc' ? 1 : -1;
  return copy.sort((a, b) => {
    const av = sortValueOf(a, column);
    const bv = sortValueOf(b, column);
    const aEmpty = av === null || av === undefined || av === '';
    const bEmpty = bv === null || bv === undefined || bv === '';
    if (aEmpty || bEmpty) return compareValues(av, bv, language);
    return sign * compareValues(av, bv, language);
  });
}

export interface TClientPage<T> {
  rows: T[];
  total: number;
}

export function clientPage<T>(
  rows: readonly T[],
  columns: readonly TValueColumn<T>[],
  query: { page: number; pageSize: number; search: string; sort: TListSort | null },
  language = 'nl',
): TClientPage<T> {
  const found = rows.filter((row) => matchesSearch(row, columns, query.search));
  const sorted = sortRows(found, columns, query.sort, language);
  const start = query.page * query.pageSize;
  return { rows: sorted.slice(start, start + query.pageSize), total: sorted.length };
}
