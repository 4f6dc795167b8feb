import { useMemo, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  DataGrid,
  GRID_CHECKBOX_SELECTION_COL_DEF,
  type GridColDef,
  type GridPaginationModel,
  type GridRowId,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@aquasmart/domain';
import { isHttpError } from '../../lib/http/http-error';
import { FailureNotice } from '../progress/failure-notice';
import type { TListSort } from './client-rows';
import { ConfirmDialog } from './confirm-dialog';
import type { TListColumn } from './list-column';
import { deleteConfirmation, EmptyListOverlay, NamedLinearProgress, useElementWidth } from './list-parts';
import type { TListMessages, TListQuery, TListSource } from './list-source';
import { ListToolbar } from './list-toolbar';
import type { TListExport } from './export-button';
import { useExpandableRows, guardColumn, gridRowId, isDetailRow } from './use-expandable-rows';
import { useFitColumns } from './use-fit-columns';
import { useGridLocaleText } from './use-grid-locale-text';
import { useListData } from './use-list-data';
import { useListDelete } from './use-list-delete';
import { useListState } from './use-list-state';

export type { TListColumn } from './list-column';
export type * from './list-source';

export interface TListTableProps<T extends GridValidRowModel> {
  columns: TListColumn<T>[];
  source: TListSource<T>;
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
  /** False for a list the server cannot search: no search box (the alarms filter instead). */
  searchable?: boolean;
  /** Rows as tall as their content (at least the usual height): names that wrap whole on a phone instead of being cut. */
  autoRowHeight?: boolean;
  /** An action on the selected rows (the node list's label sheet); enables selection, shown while rows are selected. */
  selectionAction?: (rows: T[]) => ReactNode;
  /** The list's export (docs/exports.md) for its current search and sort: an "Exporteren (CSV)" button. */
  exportTarget?: (query: { search: string; sort: TListSort | null }) => TListExport;
}

/**
 * The one list of the portal (docs/screens.md, "Lists"): columns, client- or server-side
 * paging, a search box, page and search in the address, rows per page per route in session
 * storage (25/50/100), footer 'x - y of total', refresh, delete of selected rows (confirmation,
 * parallel deletes, one summary, refresh), a new button, optional expandable rows and a
 * progress bar while fetching.
 */
export function ListTable<T extends GridValidRowModel>(props: TListTableProps<T>) {
  const { columns, source, getRowId, defaultSort, onRowClick, renderExpanded, onDelete, newTo, onNew, messages, storageKey, label, compactToolbar, confirmOne, autoRowHeight, searchable = true, selectionAction, exportTarget } =
    props;
  const selectable = Boolean(onDelete || selectionAction);
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const list = useListState(storageKey);
  const [sort, setSort] = useState<TListSort | null>(defaultSort ?? null);
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const fit = useFitColumns(columns, useElementWidth(box), selectable, Boolean(renderExpanded));

  const query: TListQuery = useMemo(
    () => ({ page: list.page, pageSize: list.pageSize, search: list.search, sort }),
    [list.page, list.pageSize, list.search, sort],
  );
  const { result, page } = useListData(source, columns, list, query, messages?.loadError);
  const { expandable, gridRows, rowsById, toggleExpanded, expandColumn } = useExpandableRows({
    rows: page.rows,
    getRowId,
    hiddenByWidth: fit.hiddenByWidth,
    renderExpanded,
  });
  const pageIds = useMemo(() => page.rows.map((row) => getRowId(row)), [page.rows, getRowId]);
  const removal = useListDelete({ pageIds, rowsById, onDelete, messages, queryKey: source.queryKey });

  const gridColumns = useMemo(() => {
    const result: GridColDef[] = columns.map((column) => guardColumn(column));
    if (selectable) result.unshift({ ...GRID_CHECKBOX_SELECTION_COL_DEF });
    if (expandable) result.unshift(expandColumn(result.length + 1));
    return result;
  }, [columns, selectable, expandable, expandColumn]);
  // A new set of columns (a phone's, or the expand column coming or going) is a new grid: rows of
  // growing height otherwise kept the cell widths of the old set (the alarm card in a 52 px cell).
  const columnSet = gridColumns.map((column) => column.field).join(' ');
  const localeText = useGridLocaleText();

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

  // A click, a tap or Enter on a cell opens the row; without onRowClick it expands (docs/screens.md, "Lists").
  const handleRowClick = (row: GridValidRowModel, event: MouseEvent | KeyboardEvent) => {
    if (isDetailRow(row)) return;
    const target = event.target as HTMLElement;
    if (target.closest('button, a, input, .MuiDataGrid-cellCheckbox')) return;
    if (onRowClick) onRowClick(row as T);
    else if (expandable) toggleExpanded(getRowId(row as T));
  };

  const clickable = Boolean(expandable || onRowClick);
  const confirmationText = deleteConfirmation(t, removal.selectedRows, getRowId, confirmOne);
  const emptyText = list.search ? t('table.noMatches', { search: list.search }) : t(messages?.empty ?? 'table.noRows');
  const mayAdd = !list.search && Boolean(newTo || onNew);
  // A failed load never looks like an empty list (docs/screens.md, "Lost connection"): without data
  // the failure stands where the grid would be, so no empty text, add button or "0 - 0 van 0"
  // (inside the grid an alert breaks its roles); with data the rows stay under the failure and the
  // time they are from.
  const failed = result.isError;
  const hasData = result.data !== undefined;
  const failure = {
    error: result.error,
    errorText: t(isHttpError(result.error) && i18n.exists(result.error.key) ? result.error.key : 'table.loadError'),
  };

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }} ref={setBox}>
      <ListToolbar
        search={list.search}
        onSearch={searchable ? list.setSearch : undefined}
        selectedCount={removal.selectedRows.length}
        onRefresh={refresh}
        onDelete={onDelete ? () => removal.setConfirming(true) : undefined}
        newTo={newTo}
        onNew={onNew}
        compact={compactToolbar}
        exportTarget={exportTarget?.({ search: list.search, sort })}
      />
      {selectionAction && removal.selectedRows.length > 0 ? <Box data-testid="list-selection-action" sx={{ display: 'flex', px: 1, pb: 1 }}>{selectionAction(removal.selectedRows)}</Box> : null}
      {failed ? <FailureNotice {...failure} updatedAt={hasData ? result.dataUpdatedAt : 0} onRetry={refresh} sx={{ mx: 1, mb: 1 }} /> : null}
      {failed && !hasData && result.isFetching ? <LinearProgress aria-label={t('common.loading')} /> : null}
      {failed && !hasData ? null : (
        <DataGrid
          key={columnSet}
          aria-label={label}
          rows={gridRows}
          columns={gridColumns}
          getRowId={(row) => gridRowId(row, getRowId)}
          rowCount={page.total}
          columnVisibilityModel={fit.columnVisibilityModel}
          onColumnVisibilityModelChange={fit.onColumnVisibilityModelChange}
          loading={result.isFetching || removal.deleting}
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
          checkboxSelection={selectable}
          disableRowSelectionOnClick
          rowSelectionModel={removal.selection}
          onRowSelectionModelChange={removal.setSelection}
          isRowSelectable={(params) => !isDetailRow(params.row)}
          getRowHeight={({ model }) => (autoRowHeight || isDetailRow(model) ? 'auto' : null)}
          getRowClassName={(params) => (isDetailRow(params.row) ? 'list-detail-row' : '')}
          onRowClick={(params, event) => handleRowClick(params.row, event)}
          onCellKeyDown={(params, event) => {
            if (event.key === 'Enter' && !event.defaultPrevented) handleRowClick(params.row, event);
          }}
          localeText={localeText}
          slots={{ noRowsOverlay: EmptyListOverlay, noResultsOverlay: EmptyListOverlay, baseLinearProgress: NamedLinearProgress }}
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
            // A row that grows (autoRowHeight) keeps every cell's content in its middle, as a row of the usual height does.
            '& .MuiDataGrid-row--dynamicHeight > .MuiDataGrid-cell:not(.list-detail-cell)': { display: 'flex', alignItems: 'center' },
            // The last column's resize handle would stick out of the box (a sideways scroll on phones).
            '& .MuiDataGrid-columnHeader--last .MuiDataGrid-columnSeparator': { display: 'none' },
            // Its column menu button waits off to the right until hovered; kept inside, it cannot widen the grid.
            '& .MuiDataGrid-columnHeader--last': { overflow: 'hidden' },
            // A narrow column's title keeps its room beside the sort arrow (`headerClassName: 'list-header-compact'`).
            '& .list-header-compact': { px: 0.5 },
            '& .list-header-compact .MuiDataGrid-sortButton': { p: 0 },
            // A phone's narrow columns give their text the room of the padding (`cellClassName: 'list-cell-compact'`).
            '& .list-cell-compact': { px: 0.75 },
            // The grid hides rows per page on narrow screens; a phone user needs it too, so the footer wraps instead.
            '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', rowGap: 0.5, pl: 1 },
            '& .MuiTablePagination-selectLabel, & .MuiTablePagination-input': { display: 'inline-flex' },
            '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
          }}
        />
      )}
      <ConfirmDialog
        open={removal.confirming}
        busy={removal.deleting}
        title={t('table.confirmTitle')}
        text={confirmationText}
        confirmLabel={t('table.delete')}
        onConfirm={() => void removal.confirmDelete()}
        onClose={() => removal.setConfirming(false)}
      />
    </Paper>
  );
}
