import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { GridRowId, GridValidRowModel } from '@mui/x-data-grid';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress, { type LinearProgressProps } from '@mui/material/LinearProgress';
import AddIcon from '@mui/icons-material/Add';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TListColumn } from './list-column';

/** The list kit's smaller parts: the box width, hidden columns in a row, the empty list, the delete confirmation. */

/** The width of an element, following its resizes; 0 until measured (and where nothing measures, as in jsdom). */
export function useElementWidth(element: HTMLElement | null): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => setWidth(Math.floor(entries[0]?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/** A hidden column's value in the row's expanded part: its cell as the grid would draw it. */
function cellContent<T extends GridValidRowModel>(column: TListColumn<T>, row: T): ReactNode {
  const raw = (row as Record<string, unknown>)[column.field];
  const value = column.valueGetter ? column.valueGetter(raw as never, row, column, undefined as never) : raw;
  if (column.renderCell) return column.renderCell({ row, value, field: column.field, id: '', colDef: column, formattedValue: value } as unknown as Parameters<NonNullable<typeof column.renderCell>>[0]);
  const shown = column.valueFormatter ? column.valueFormatter(value as never, row, column, undefined as never) : value;
  return shown === null || shown === undefined || shown === '' ? '—' : String(shown as string | number);
}

/** The columns the width left out, as label and value, above the list's own expanded content. */
export function HiddenColumns<T extends GridValidRowModel>({ columns, row }: { columns: TListColumn<T>[]; row: T }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, auto) minmax(0, 1fr)', columnGap: 2, rowGap: 0.5 }}>
      {columns.map((column) => (
        <Fragment key={column.field}>
          <Box component="dt" sx={{ color: 'text.secondary', fontSize: '0.875rem' }}>
            {column.headerName}
          </Box>
          <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere', display: 'flex', alignItems: 'center' }}>
            {cellContent(column, row)}
          </Box>
        </Fragment>
      ))}
    </Box>
  );
}

declare module '@mui/x-data-grid' {
  interface NoRowsOverlayPropsOverrides {
    failure?: ReactNode;
    text?: string;
    newTo?: string;
    onNew?: () => void;
  }
  interface NoResultsOverlayPropsOverrides {
    failure?: ReactNode;
    text?: string;
    newTo?: string;
    onNew?: () => void;
  }
}

/**
 * The grid's loading bar (its `baseLinearProgress` slot) with a name: the grid's own has none, and a
 * progress bar without an accessible name fails axe (seen while a live update reloaded a list).
 */
export function NamedLinearProgress(props: LinearProgressProps) {
  const { t } = useTranslation();
  return <LinearProgress aria-label={t('common.loading')} {...props} />;
}

/** What an empty list shows: what is missing and, where the user may add, the add button; or, when it could not be loaded, the failure instead. */
export function EmptyListOverlay({ failure, text, newTo, onNew }: { failure?: ReactNode; text?: string; newTo?: string; onNew?: () => void }) {
  const { t } = useTranslation();
  if (failure) return <Box sx={{ p: 1 }}>{failure}</Box>;
  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 1.5, p: 2, textAlign: 'center' }}>
      <Box>{text}</Box>
      {newTo ? (
        <Button component={RouterLink} to={newTo} variant="outlined" startIcon={<AddIcon />}>
          {t('table.new')}
        </Button>
      ) : onNew ? (
        <Button onClick={onNew} variant="outlined" startIcon={<AddIcon />}>
          {t('table.new')}
        </Button>
      ) : null}
    </Box>
  );
}

/** How many names a delete confirmation of several rows lists before "and N others". */
const NAMED_IN_CONFIRMATION = 3;

/** A row's name in a confirmation: its name, else e-mail, else id. */
function rowLabel(row: GridValidRowModel, id: GridRowId): string {
  const record = row as { name?: unknown; email?: unknown };
  if (typeof record.name === 'string' && record.name) return record.name;
  if (typeof record.email === 'string' && record.email) return record.email;
  return String(id);
}


/** The delete confirmation: one row by the list's own sentence (or "{name} verwijderen?"), several as the count and the first names. */
export function deleteConfirmation<T extends GridValidRowModel>(t: TFunction, rows: readonly T[], getRowId: (row: T) => GridRowId, confirmOne?: (row: T) => string): string {
  const [first] = rows;
  if (!first) return '';
  if (rows.length === 1) return confirmOne ? confirmOne(first) : t('table.confirmOne', { name: rowLabel(first, getRowId(first)) });
  const labels = rows.map((row) => rowLabel(row, getRowId(row)));
  const shown = labels.slice(0, NAMED_IN_CONFIRMATION).join(', ');
  const rest = labels.length - NAMED_IN_CONFIRMATION;
  const names = rest > 0 ? t('table.andOthers', { names: shown, count: rest }) : shown;
  return t('table.confirmMany', { count: rows.length, names });
}
