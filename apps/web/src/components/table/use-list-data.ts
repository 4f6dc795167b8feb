import { useEffect, useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GridValidRowModel } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../snackbar/snackbar-context';
import { clientPage } from './client-rows';
import type { TListColumn } from './list-column';
import type { TListPage, TListQuery, TListSource } from './list-source';
import { lastPage } from './list-state';
import type { TListState } from './use-list-state';

/**
 * The rows of the page on show: asked from the server page by page, or loaded whole and paged in
 * the browser. A page beyond the end moves to the last page; a failed load says so once.
 */
export function useListData<T extends GridValidRowModel>(source: TListSource<T>, columns: TListColumn<T>[], list: TListState, query: TListQuery, loadErrorKey: string | undefined) {
  const { i18n } = useTranslation();
  const snackbar = useSnackbar();
  const result = useQuery<TListPage<T>>({
    queryKey: source.mode === 'server' ? [...source.queryKey, query] : source.queryKey,
    queryFn: async ({ signal }) => {
      if (source.mode === 'server') return source.load(query, signal);
      const rows = await source.load(signal);
      return { rows, total: rows.length };
    },
    placeholderData: source.mode === 'server' ? keepPreviousData : undefined,
  });

  const page: TListPage<T> = useMemo(() => {
    if (!result.data) return { rows: [], total: 0 };
    if (source.mode === 'server') return result.data;
    return clientPage(result.data.rows, columns, query, i18n.language);
  }, [result.data, source.mode, columns, query, i18n.language]);

  // A page beyond the end (after deletes, or an old link) moves to the last page.
  const { setPage } = list;
  useEffect(() => {
    if (!result.data || result.isPlaceholderData) return;
    const last = lastPage(list.pageSize, page.total);
    if (list.page > last) setPage(last, { replace: true });
  }, [result.data, result.isPlaceholderData, page.total, list.page, list.pageSize, setPage]);

  useEffect(() => {
    if (result.isError && loadErrorKey) snackbar.error(loadErrorKey);
  }, [result.isError, result.errorUpdatedAt, loadErrorKey, snackbar]);

  return { result, page };
}
