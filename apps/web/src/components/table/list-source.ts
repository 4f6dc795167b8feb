import type { QueryKey } from '@tanstack/react-query';
import type { TListSort } from './client-rows';

export interface TListQuery {
  /** 0-based. */
  page: number;
  pageSize: number;
  search: string;
  sort: TListSort | null;
}

export interface TListPage<T> {
  rows: T[];
  total: number;
}

/** The server returns the whole list; the kit searches, sorts and pages in the browser. */
export interface TClientSource<T> {
  mode: 'client';
  queryKey: QueryKey;
  load: (signal: AbortSignal) => Promise<T[]>;
}

/** The server pages: the kit asks for one page with the search and sort. */
export interface TServerSource<T> {
  mode: 'server';
  queryKey: QueryKey;
  load: (query: TListQuery, signal: AbortSignal) => Promise<TListPage<T>>;
}

export type TListSource<T> = TClientSource<T> | TServerSource<T>;

export interface TListMessages {
  /** Snackbar message key when loading fails (e.g. `snackbar.customersGetError`). */
  loadError?: string;
  /** Snackbar message key after a successful delete; gets `count`. */
  deleted?: string;
  /** Snackbar message key when deletes fail; gets `count` and `failed`. */
  deleteFailed?: string;
  /** What an empty list says is missing (e.g. `customers.empty`: "Er zijn nog geen klanten."). */
  empty?: string;
}
