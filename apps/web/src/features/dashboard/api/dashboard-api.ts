import { queryOptions } from '@tanstack/react-query';
import { TOTAL_COUNT_HEADER, ZDashboard, ZDashboardChecks, type TDashboardChecks, ZDashboardListRow, ZDashboardSamplings, type TDashboard, type TDashboardListName, type TDashboardListRow, type TDashboardSamplings } from '@aquasmart/domain';
import { http } from '../../../lib/http/http';

/** The dashboard's calls (docs/dashboard.md): the counts, a page of a list, ending a detection. */
export const DASHBOARD_QUERY_ROOT = ['dashboard'] as const;

export const dashboardQuery = (customer?: string) =>
  queryOptions({
    queryKey: [...DASHBOARD_QUERY_ROOT, 'counts', customer ?? null] as const,
    queryFn: async ({ signal }): Promise<TDashboard> =>
      ZDashboard.parse(await http.get<unknown>('/dashboard', { query: customer ? { customer } : {}, signal })),
  });

/** Due and overdue samplings (docs/sampling.md, "Due samplings"): apart from the counts, whose answer the spec fixes. */
export const dashboardSamplingsQuery = (customer?: string) =>
  queryOptions({
    queryKey: [...DASHBOARD_QUERY_ROOT, 'samplings', customer ?? null] as const,
    queryFn: async ({ signal }): Promise<TDashboardSamplings> =>
      ZDashboardSamplings.parse(await http.get<unknown>('/dashboard/samplings', { query: customer ? { customer } : {}, signal })),
  });

/** Overdue and due checks at outlets (docs/outlets.md, "Dashboard"): apart from the counts, as the samplings are. */
export const dashboardChecksQuery = (customer?: string) =>
  queryOptions({
    queryKey: [...DASHBOARD_QUERY_ROOT, 'checks', customer ?? null] as const,
    queryFn: async ({ signal }): Promise<TDashboardChecks> => ZDashboardChecks.parse(await http.get<unknown>('/dashboard/checks', { query: customer ? { customer } : {}, signal })),
  });

export interface TDashboardPageQuery {
  /** 0-based. */
  page: number;
  pageSize: number;
  search: string;
  sort: { field: string; direction: 'asc' | 'desc' } | null;
}

export const dashboardListKey = (name: TDashboardListName, customer?: string) => [...DASHBOARD_QUERY_ROOT, 'list', name, customer ?? null] as const;

/** One page of a list, sorted and searched on the server; the total from X-Total-Count. */
export async function fetchDashboardListPage(
  name: TDashboardListName,
  customer: string | undefined,
  query: TDashboardPageQuery,
  signal?: AbortSignal,
): Promise<{ rows: TDashboardListRow[]; total: number }> {
  const params: Record<string, string | number> = { page: query.page + 1, limit: query.pageSize };
  if (customer) params.customer = customer;
  if (query.sort) params.sort = query.sort.direction === 'desc' ? `-${query.sort.field}` : query.sort.field;
  const search = query.search.trim();
  if (search) params.search = search;
  const { data, headers } = await http.getWithHeaders<unknown[]>(`/dashboard/lists/${name}`, { query: params, signal });
  const rows = data.map((row) => ZDashboardListRow.parse(row));
  const total = Number(headers.get(TOTAL_COUNT_HEADER) ?? rows.length);
  return { rows, total: Number.isFinite(total) ? total : rows.length };
}

/** DELETE /overflowLogs/{_id}: the detection ends; the log stays in the node's history. */
export async function endOverflowDetection(id: string): Promise<void> {
  await http.delete(`/overflowLogs/${encodeURIComponent(id)}`);
}
