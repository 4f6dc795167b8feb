import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@aquasmart/domain';
import { readStorage, writeStorage } from '../../lib/session/browser-storage';

/**
 * The state of a list that outlives the screen (docs/screens.md, "Lists"): the page number
 * and the search text live in the address query (`page`, `search`; the page is 1-based there
 * and left out on the first page), the rows per page in session storage, per route.
 */
export const PAGE_PARAM = 'page';
export const SEARCH_PARAM = 'search';
export const ROWS_PER_PAGE_STORAGE_PREFIX = 'aquasmart.rowsPerPage.';

/** The 0-based page from the query; anything that is not a positive integer means the first page. */
export function readPage(params: URLSearchParams): number {
  const raw = params.get(PAGE_PARAM);
  if (!raw || !/^\d+$/.test(raw)) return 0;
  const page = Number(raw);
  return page >= 1 ? page - 1 : 0;
}

export function readSearch(params: URLSearchParams): string {
  return params.get(SEARCH_PARAM) ?? '';
}

/** A copy of the query with the 0-based page set (the first page removes the parameter). */
export function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page > 0) next.set(PAGE_PARAM, String(page + 1));
  else next.delete(PAGE_PARAM);
  return next;
}

/** A copy of the query with the search text set; a new search starts on the first page. */
export function withSearch(params: URLSearchParams, search: string): URLSearchParams {
  const next = new URLSearchParams(params);
  const text = search.trim();
  if (text) next.set(SEARCH_PARAM, text);
  else next.delete(SEARCH_PARAM);
  next.delete(PAGE_PARAM);
  return next;
}

export function isPageSize(value: number): boolean {
  return (PAGE_SIZES as readonly number[]).includes(value);
}

export function readRowsPerPage(routeKey: string): number {
  const value = Number(readStorage('session', ROWS_PER_PAGE_STORAGE_PREFIX + routeKey));
  return isPageSize(value) ? value : DEFAULT_PAGE_SIZE;
}

export function writeRowsPerPage(routeKey: string, pageSize: number): void {
  if (isPageSize(pageSize)) writeStorage('session', ROWS_PER_PAGE_STORAGE_PREFIX + routeKey, String(pageSize));
}

/** The footer's 'x - y of total' numbers (1-based, inclusive); 0 - 0 for an empty list. */
export function displayedRange(page: number, pageSize: number, total: number): { from: number; to: number; count: number } {
  if (total <= 0) return { from: 0, to: 0, count: Math.max(total, 0) };
  const from = Math.min(page * pageSize + 1, total);
  const to = Math.min((page + 1) * pageSize, total);
  return { from, to, count: total };
}

/** The last valid 0-based page for a total (0 for an empty list). */
export function lastPage(pageSize: number, total: number): number {
  return total <= 0 ? 0 : Math.ceil(total / pageSize) - 1;
}
