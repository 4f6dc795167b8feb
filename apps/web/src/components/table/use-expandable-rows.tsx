import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { GridColDef, GridRowId, GridValidRowModel } from '@mui/x-data-grid';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowRightIcon from '@mui/icons-material/KeyboardArrowRight';
import { useTranslation } from 'react-i18next';
import type { TListColumn } from './list-column';
import { HiddenColumns } from './list-parts';
import { EXPAND_WIDTH } from './use-fit-columns';

/**
 * Expandable rows: an expanded row is followed by a synthetic detail row spanning the grid, with
 * the columns the width left out and the list's own expanded content.
 */

const DETAIL_KEY = '__listDetailOf';
const EXPAND_FIELD = '__expand';

interface TDetailRow {
  [DETAIL_KEY]: GridRowId;
}

export function isDetailRow(row: unknown): row is TDetailRow {
  return typeof row === 'object' && row !== null && DETAIL_KEY in row;
}

/** The grid's row id, detail rows included. */
export function gridRowId<T extends GridValidRowModel>(row: GridValidRowModel, getRowId: (row: T) => GridRowId): GridRowId {
  return isDetailRow(row) ? `${DETAIL_KEY}:${String(row[DETAIL_KEY])}` : getRowId(row as T);
}

/** Guards a user column so that it never sees the synthetic detail rows of expanded rows. */
export function guardColumn<T extends GridValidRowModel>(column: TListColumn<T>): GridColDef {
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

interface TExpandableOptions<T extends GridValidRowModel> {
  rows: T[];
  getRowId: (row: T) => GridRowId;
  /** Columns the width left out: shown in the detail row. */
  hiddenByWidth: TListColumn<T>[];
  renderExpanded?: (row: T) => ReactNode;
}

export function useExpandableRows<T extends GridValidRowModel>({ rows, getRowId, hiddenByWidth, renderExpanded }: TExpandableOptions<T>) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState<ReadonlySet<GridRowId>>(() => new Set());
  const expandable = Boolean(renderExpanded) || hiddenByWidth.length > 0;

  const toggleExpanded = useCallback((id: GridRowId) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  const gridRows = useMemo(() => {
    if (!expandable) return rows;
    const withDetails: GridValidRowModel[] = [];
    for (const row of rows) {
      withDetails.push(row);
      const id = getRowId(row);
      if (expanded.has(id)) withDetails.push({ [DETAIL_KEY]: id } satisfies TDetailRow);
    }
    return withDetails;
  }, [rows, expandable, expanded, getRowId]);

  const rowsById = useMemo(() => new Map(rows.map((row) => [getRowId(row), row])), [rows, getRowId]);

  const renderDetail = useCallback(
    (row: T) => (
      <>
        {hiddenByWidth.length ? <HiddenColumns columns={hiddenByWidth} row={row} /> : null}
        {renderExpanded ? <Box sx={{ mt: hiddenByWidth.length ? 1.5 : 0 }}>{renderExpanded(row)}</Box> : null}
      </>
    ),
    [hiddenByWidth, renderExpanded],
  );

  /** The expand button column; its cell in a detail row spans the grid (`span` columns). */
  const expandColumn = useCallback(
    (span: number): GridColDef => ({
      field: EXPAND_FIELD,
      headerName: '',
      width: EXPAND_WIDTH,
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
            <Box sx={{ py: 1.5, px: 1, position: 'sticky', left: 0, width: '100%', maxWidth: 'calc(100vw - 64px)' }}>{renderDetail(parent)}</Box>
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
    }),
    [rowsById, renderDetail, expanded, t, toggleExpanded],
  );

  return { expandable, gridRows, rowsById, toggleExpanded, expandColumn };
}
