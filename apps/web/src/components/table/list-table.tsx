import { useCallback, useEffect, useMemo, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { keepPreviousData, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import {
  DataGrid,
  GRID_CHECKBOX_SELECTION_COL_DEF,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridLocaleText,
  type GridPaginationModel,
  type GridRowId,
  type GridRowSelectionModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { nlNL } from '@mui/x-data-grid/locales';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowRightIcon from '@mui/icons-material/KeyboardArrowRight';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@aquasmart/domain';
import { isHttpError } from '../../lib/http/http-error';
import { failureReason } from '../../lib/http/failure-text';
import { useSnackbar } from '../snackbar/snackbar-context';
import { clientPage, type TListSort } from './client-rows';
import { ConfirmDialog } from './confirm-dialog';
import { deleteAll } from './delete-rows';
import { lastPage } from './list-state';
import { hiddenColumns } from './fit-columns';
import type { TListColumn } from './list-column';
import { deleteConfirmation, EmptyListOverlay, HiddenColumns, useElementWidth } from './list-parts';
import { ListToolbar } from './list-toolbar';
import { useListState } from './use-list-state';

export type { TListColumn } from './list-column';

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

export interface TListTableProps<T extends GridValidRowModel> {
  columns: TListColumn<T>[];
  source: TClientSource<T> | TServerSource<T>;
  getRowId: (row: T) => GridRowId;
  defaultSort?: TListSort;
  /** Opens a row, on a click or tap anywhere in it and on Enter in a focused cell (expandable rows expand on their button). */
  onRowClick?: (row: T) => void;
  /** Rows expand and show this content: on their button, and on a click when there is no onRowClick. */
  renderExpanded?: (row: T) => ReactNode;
  /** Deletes one row; present only when the user may delete. Enables selection and the delete button. */
  onDelete?: (row: T) => Promise<unknown>;
  /** The add button: a route or a handler; absent when the user may not add. */
  newTo?: string;
  onNew?: () => void;
  messages?: TListMessages;
  /** Key for the rows-per-page choice; defaults to the route id. */
  storageKey?: string;
  /** Accessible name of the grid. */
  label?: string;
  /** Force the collapsed toolbar (tests); defaults to small screens. */
  compactToolbar?: boolean;
  /** The confirmation of deleting one row, naming it ("Klant Zorggroep Rijnmond verwijderen?"); defaults to "{name} verwijderen?". */
  confirmOne?: (row: T) => string;
}

const DETAIL_KEY = '__listDetailOf';
const EXPAND_FIELD = '__expand';
/** Widths of the grid's own columns (checkbox, expand button) and its borders. */
const CHECKBOX_WIDTH = 50;
const EXPAND_WIDTH = 52;
// The grid needs a few pixels beyond its columns (borders, the separator of the last column).
const GRID_BORDERS = 8;

interface TDetailRow {
  [DETAIL_KEY]: GridRowId;
}

function isDetailRow(row: unknown): row is TDetailRow {
  return typeof row === 'object' && row !== null && DETAIL_KEY in row;
}

function includeModel(ids: Iterable<GridRowId> = []): GridRowSelectionModel {
  return { type: 'include', ids: new Set(ids) };
}

/** Guards a user column so that it never sees the synthetic detail rows of expanded rows. */
function guardColumn<T extends GridValidRowModel>(column: TListColumn<T>): GridColDef {
  const guarded: GridColDef = { ...(column as GridColDef) };
  if (column.valueGetter) {
    const getter = column.valueGetter;
    guarded.valueGetter = (value, row, col, api) => (isDetailRow(row) ? undefined : getter(value, row as T, col, api));
  }
  if (column.valueFormatter) {
    const formatter = column.valueFormatter;
    guarded.valueFormatter = (value, row, col, api) => (isDetailRow(row) ? '' : formatter(value, row as T, col, api));
  }
  if (column.renderCell) {
    const render = column.renderCell;
    guarded.renderCell = (params) => (isDetailRow(params.row) ? null : render(params));
  }
  return guarded;
}

/**
 * The one list of the portal (docs/screens.md, "Lists"): columns, client- or server-side
 * paging, a search box, page and search in the address, rows per page per route in session
 * storage (25/50/100), footer 'x - y of total', refresh, delete of selected rows (confirmation,
 * parallel deletes, one summary, refresh), a new button, optional expandable rows and a
 * progress bar while fetching.
 */
export function ListTable<T extends GridValidRowModel>(props: TListTableProps<T>) {
  const { columns, source, getRowId, defaultSort, onRowClick, renderExpanded, onDelete, newTo, onNew, messages, storageKey, label, compactToolbar, confirmOne } =
    props;
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const list = useListState(storageKey);
  const [sort, setSort] = useState<TListSort | null>(defaultSort ?? null);
  const [selection, setSelection] = useState<GridRowSelectionModel>(() => includeModel());
  const [expanded, setExpanded] = useState<ReadonlySet<GridRowId>>(() => new Set());
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const boxWidth = useElementWidth(box);

  // Columns that do not fit the box move into the row's expanded part (an expand button appears).
  const hidden = useMemo(() => {
    const fixed = GRID_BORDERS + (onDelete ? CHECKBOX_WIDTH : 0);
    if (boxWidth === 0) return [];
    const first = hiddenColumns(columns, boxWidth - fixed - (renderExpanded ? EXPAND_WIDTH : 0));
    return first.length && !renderExpanded ? hiddenColumns(columns, boxWidth - fixed - EXPAND_WIDTH) : first;
  }, [columns, boxWidth, onDelete, renderExpanded]);
  const hiddenSet = useMemo(() => new Set(hidden), [hidden]);
  // What the user hid through the column menu, with what the width hides on top.
  const [chosenVisibility, setChosenVisibility] = useState<GridColumnVisibilityModel>({});
  const columnVisibilityModel = useMemo(() => ({ ...chosenVisibility, ...Object.fromEntries(hidden.map((field) => [field, false])) }), [chosenVisibility, hidden]);
  const expandable = Boolean(renderExpanded) || hidden.length > 0;
  const renderDetail = useCallback(
    (row: T) => (
      <>
        {hidden.length ? <HiddenColumns columns={columns.filter((column) => hiddenSet.has(column.field))} row={row} /> : null}
        {renderExpanded ? <Box sx={{ mt: hidden.length ? 1.5 : 0 }}>{renderExpanded(row)}</Box> : null}
      </>
    ),
    [hidden.length, columns, hiddenSet, renderExpanded],
  );

  const query: TListQuery = useMemo(
    () => ({ page: list.page, pageSize: list.pageSize, search: list.search, sort }),
    [list.page, list.pageSize, list.search, sort],
  );

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

  // One error snackbar per failed load.
  const loadErrorKey = messages?.loadError;
  useEffect(() => {
    if (result.isError && loadErrorKey) snackbar.error(loadErrorKey);
  }, [result.isError, result.errorUpdatedAt, loadErrorKey, snackbar]);

  const pageIds = useMemo(() => page.rows.map((row) => getRowId(row)), [page.rows, getRowId]);
  const selectedIds = useMemo(
    () => (selection.type === 'include' ? pageIds.filter((id) => selection.ids.has(id)) : pageIds.filter((id) => !selection.ids.has(id))),
    [selection, pageIds],
  );

  const toggleExpanded = useCallback((id: GridRowId) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  const gridRows = useMemo(() => {
    if (!expandable) return page.rows;
    const rows: GridValidRowModel[] = [];
    for (const row of page.rows) {
      rows.push(row);
      const id = getRowId(row);
      if (expanded.has(id)) rows.push({ [DETAIL_KEY]: id } satisfies TDetailRow);
    }
    return rows;
  }, [page.rows, expandable, expanded, getRowId]);

  const rowsById = useMemo(() => new Map(page.rows.map((row) => [getRowId(row), row])), [page.rows, getRowId]);

  const gridColumns = useMemo(() => {
    const result: GridColDef[] = columns.map((column) => guardColumn(column));
    if (onDelete) result.unshift({ ...GRID_CHECKBOX_SELECTION_COL_DEF });
    if (expandable) {
      const span = result.length + 1;
      result.unshift({
        field: EXPAND_FIELD,
        headerName: '',
        width: 52,
        sortable: false,
        filterable: false,
        disableColumnMenu: true,
        resizable: false,
        hideable: false,
        colSpan: (_value, row) => (isDetailRow(row) ? span : 1),
        cellClassName: (params) => (isDetailRow(params.row) ? 'list-detail-cell' : ''),
        renderCell: (params) => {
          if (isDetailRow(params.row)) {
            const parent = rowsById.get(params.row[DETAIL_KEY]);
            // Sticky and no wider than the window: on a phone the detail stays readable while the
            // grid itself scrolls sideways.
            return parent ? (
              <Box sx={{ py: 1.5, px: 1, position: 'sticky', left: 0, width: '100%', maxWidth: 'calc(100vw - 64px)' }}>
                {renderDetail(parent)}
              </Box>
            ) : null;
          }
          const open = expanded.has(params.id);
          return (
            <IconButton
              size="small"
              aria-label={open ? t('table.collapse') : t('table.expand')}
              aria-expanded={open}
              onClick={(event) => {
                event.stopPropagation();
                toggleExpanded(params.id);
              }}
            >
              {open ? <KeyboardArrowDownIcon fontSize="small" /> : <KeyboardArrowRightIcon fontSize="small" />}
            </IconButton>
          );
        },
      });
    }
    return result;
  }, [columns, onDelete, expandable, renderDetail, rowsById, expanded, t, toggleExpanded]);

  const localeText = useMemo<Partial<GridLocaleText>>(() => {
    const base = i18n.resolvedLanguage === 'nl' ? nlNL.components.MuiDataGrid.defaultProps.localeText : {};
    return {
      ...base,
      noRowsLabel: t('table.noRows'),
      noResultsOverlayLabel: t('table.noRows'),
      paginationRowsPerPage: t('table.rowsPerPage'),
      paginationDisplayedRows: ({ from, to, count }) => t('table.displayedRows', { from, to, count }),
      footerRowSelected: (count) => t('table.selected', { count }),
      // The grid's Dutch pack leaves this one in English ("Naam column menu").
      columnMenuAriaLabel: (name) => t('table.columnMenu', { name }),
    };
  }, [i18n.resolvedLanguage, t]);

  // The grid compares its controlled models by reference and, on every sort model "change", goes
  // back to the first page (calling onPaginationModelChange with page 0). A model built afresh on
  // each render therefore sent every list back to rows 1-25 right after the next-page button or
  // a ?page=2 address. Both models are stable between renders; only a real change makes new ones.
  const paginationModel = useMemo<GridPaginationModel>(() => ({ page: list.page, pageSize: list.pageSize }), [list.page, list.pageSize]);
  const sortModel = useMemo<GridSortModel>(() => (sort ? [{ field: sort.field, sort: sort.direction }] : []), [sort]);
  const pageSizeOptions = useMemo(() => [...PAGE_SIZES], []);

  const onPaginationModelChange = (model: GridPaginationModel) => {
    if (model.pageSize !== list.pageSize) list.setPageSize(model.pageSize);
    else if (model.page !== list.page) list.setPage(model.page);
  };

  const onSortModelChange = (model: GridSortModel) => {
    const first = model[0];
    const next = first?.sort ? { field: first.field, direction: first.sort } : null;
    if (next?.field === sort?.field && next?.direction === sort?.direction) return;
    setSort(next);
    // A new order starts on the first page (in place: the old order's page is not a step back).
    if (list.page > 0) list.setPage(0, { replace: true });
  };

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: source.queryKey });
  };

  const confirmDelete = async () => {
    if (!onDelete) return;
    const rows = selectedIds.map((id) => rowsById.get(id)).filter((row): row is T => row !== undefined);
    setDeleting(true);
    const summary = await deleteAll(rows, onDelete);
    setDeleting(false);
    setConfirming(false);
    setSelection(includeModel());
    if (summary.failed === 0) {
      snackbar.success(messages?.deleted ?? 'table.deleted', { count: summary.count });
    } else {
      const reason = failureReason(t, summary.firstError, (key) => i18n.exists(key));
      const text = t(messages?.deleteFailed ?? 'table.deleteFailed', { count: summary.count, failed: summary.failed });
      snackbar.error(reason ? `${text}: ${reason}` : text);
    }
    await queryClient.invalidateQueries({ queryKey: source.queryKey });
  };

  // A click, a tap or Enter on a cell opens the row; without onRowClick it expands (docs/screens.md, "Lists").
  const handleRowClick = (row: GridValidRowModel, event: MouseEvent | KeyboardEvent) => {
    if (isDetailRow(row)) return;
    const target = event.target as HTMLElement;
    if (target.closest('button, a, input, .MuiDataGrid-cellCheckbox')) return;
    if (onRowClick) onRowClick(row as T);
    else if (expandable) toggleExpanded(getRowId(row as T));
  };

  const clickable = Boolean(expandable || onRowClick);

  const selectedRows = selectedIds.map((id) => rowsById.get(id)).filter((row): row is T => row !== undefined);
  const confirmationText = deleteConfirmation(t, selectedRows, getRowId, confirmOne);
  const emptyText = list.search ? t('table.noMatches', { search: list.search }) : t(messages?.empty ?? 'table.noRows');
  const mayAdd = !list.search && Boolean(newTo || onNew);

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }} ref={setBox}>
      <ListToolbar
        search={list.search}
        onSearch={list.setSearch}
        selectedCount={selectedIds.length}
        onRefresh={refresh}
        onDelete={onDelete ? () => setConfirming(true) : undefined}
        newTo={newTo}
        onNew={onNew}
        compact={compactToolbar}
      />
      {result.isError ? (
        <Alert
          severity="error"
          sx={{ mx: 1, mb: 1 }}
          action={
            <Button color="inherit" size="small" onClick={refresh}>
              {t('common.retry')}
            </Button>
          }
        >
          {t(isHttpError(result.error) && i18n.exists(result.error.key) ? result.error.key : 'table.loadError')}
        </Alert>
      ) : null}
      <DataGrid
        aria-label={label}
        rows={gridRows}
        columns={gridColumns}
        getRowId={(row) => (isDetailRow(row) ? `${DETAIL_KEY}:${String(row[DETAIL_KEY])}` : getRowId(row as T))}
        rowCount={page.total}
        columnVisibilityModel={columnVisibilityModel}
        onColumnVisibilityModelChange={(model) => setChosenVisibility(Object.fromEntries(Object.entries(model).filter(([field]) => !hiddenSet.has(field))))}
        loading={result.isFetching || deleting}
        autoHeight
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        disableColumnFilter
        paginationModel={paginationModel}
        onPaginationModelChange={onPaginationModelChange}
        pageSizeOptions={pageSizeOptions}
        sortModel={sortModel}
        onSortModelChange={onSortModelChange}
        checkboxSelection={Boolean(onDelete)}
        disableRowSelectionOnClick
        rowSelectionModel={selection}
        onRowSelectionModelChange={setSelection}
        isRowSelectable={(params) => !isDetailRow(params.row)}
        getRowHeight={({ model }) => (isDetailRow(model) ? 'auto' : null)}
        getRowClassName={(params) => (isDetailRow(params.row) ? 'list-detail-row' : '')}
        onRowClick={(params, event) => handleRowClick(params.row, event)}
        onCellKeyDown={(params, event) => {
          if (event.key === 'Enter' && !event.defaultPrevented) handleRowClick(params.row, event);
        }}
        localeText={localeText}
        slots={{ noRowsOverlay: EmptyListOverlay, noResultsOverlay: EmptyListOverlay }}
        slotProps={{
          loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'linear-progress' },
          noRowsOverlay: { text: emptyText, newTo: mayAdd ? newTo : undefined, onNew: mayAdd ? onNew : undefined },
          noResultsOverlay: { text: emptyText },
        }}
        sx={{
          border: 0,
          borderTop: 1,
          borderColor: 'divider',
          borderRadius: 0,
          '& .MuiDataGrid-row': { cursor: clickable ? 'pointer' : 'default' },
          '& .list-detail-row, & .list-detail-row:hover': { bgcolor: 'action.hover', cursor: 'default' },
          '& .list-detail-cell': { whiteSpace: 'normal', alignItems: 'flex-start' },
          // The last column's resize handle would stick out of the box (a sideways scroll on phones).
          '& .MuiDataGrid-columnHeader--last .MuiDataGrid-columnSeparator': { display: 'none' },
          // Its column menu button waits off to the right until hovered; kept inside, it cannot widen the grid.
          '& .MuiDataGrid-columnHeader--last': { overflow: 'hidden' },
          // A narrow column's title keeps its room beside the sort arrow (`headerClassName: 'list-header-compact'`).
          '& .list-header-compact': { px: 0.5 },
          '& .list-header-compact .MuiDataGrid-sortButton': { p: 0 },
          // The grid hides rows per page on narrow screens; a phone user needs it too, so the footer wraps instead.
          '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', rowGap: 0.5, pl: 1 },
          '& .MuiTablePagination-selectLabel, & .MuiTablePagination-input': { display: 'inline-flex' },
          '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
        }}
      />
      <ConfirmDialog
        open={confirming}
        busy={deleting}
        title={t('table.confirmTitle')}
        text={confirmationText}
        confirmLabel={t('table.delete')}
        onConfirm={() => void confirmDelete()}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}
