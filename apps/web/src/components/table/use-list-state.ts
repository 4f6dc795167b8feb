import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useCurrentRoute } from '../../lib/routing/route-handle';
import { readPage, readRowsPerPage, readSearch, withPage, withSearch, writeRowsPerPage } from './list-state';

export interface TListState {
  /** 0-based. */
  page: number;
  pageSize: number;
  search: string;
  setPage: (page: number, options?: { replace?: boolean }) => void;
  setPageSize: (pageSize: number) => void;
  setSearch: (search: string) => void;
}

/**
 * Page and search in the address query, rows per page in session storage keyed by the route
 * (the route table's id, so that every customer's copy of a list shares one choice).
 * The hash is kept, so lists inside tabs (#nodes, #gateways) stay on their tab.
 */
export function useListState(storageKey?: string): TListState {
  const location = useLocation();
  const navigate = useNavigate();
  const route = useCurrentRoute();
  const key = storageKey ?? route?.handle.routeId ?? location.pathname;
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const [pageSize, setPageSizeState] = useState(() => readRowsPerPage(key));
  const [stateKey, setStateKey] = useState(key);
  if (stateKey !== key) {
    // Another route reuses this component: pick up that route's stored choice.
    setStateKey(key);
    setPageSizeState(readRowsPerPage(key));
  }

  const go = useCallback(
    (next: URLSearchParams, replace: boolean) => {
      const search = next.toString();
      void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace });
    },
    [navigate, location.pathname, location.hash],
  );

  const setPage = useCallback(
    (page: number, options?: { replace?: boolean }) => go(withPage(params, page), options?.replace ?? false),
    [go, params],
  );
  const setSearch = useCallback(
    (search: string) => {
      if (search.trim() === readSearch(params)) return;
      go(withSearch(params, search), true);
    },
    [go, params],
  );
  const setPageSize = useCallback(
    (size: number) => {
      writeRowsPerPage(key, size);
      setPageSizeState(readRowsPerPage(key));
      go(withPage(params, 0), true);
    },
    [go, key, params],
  );

  return { page: readPage(params), pageSize, search: readSearch(params), setPage, setPageSize, setSearch };
}
