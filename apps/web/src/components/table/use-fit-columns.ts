import { useMemo, useState } from 'react';
import type { GridColumnVisibilityModel, GridValidRowModel } from '@mui/x-data-grid';
import { hiddenColumns } from './fit-columns';
import type { TListColumn } from './list-column';

/** Widths of the grid's own columns (checkbox, expand button) and its borders. */
const CHECKBOX_WIDTH = 50;
export const EXPAND_WIDTH = 52;
// The grid needs a few pixels beyond its columns (borders, the separator of the last column).
const GRID_BORDERS = 8;

/**
 * Columns that do not fit the box move into the row's expanded part (an expand button appears
 * then), on top of what the user hid through the column menu.
 */
export function useFitColumns<T extends GridValidRowModel>(columns: TListColumn<T>[], boxWidth: number, selectable: boolean, expandsOfItsOwn: boolean) {
  const hidden = useMemo(() => {
    const fixed = GRID_BORDERS + (selectable ? CHECKBOX_WIDTH : 0);
    if (boxWidth === 0) return [];
    const first = hiddenColumns(columns, boxWidth - fixed - (expandsOfItsOwn ? EXPAND_WIDTH : 0));
    return first.length && !expandsOfItsOwn ? hiddenColumns(columns, boxWidth - fixed - EXPAND_WIDTH) : first;
  }, [columns, boxWidth, selectable, expandsOfItsOwn]);
  const hiddenSet = useMemo(() => new Set(hidden), [hidden]);
  const [chosenVisibility, setChosenVisibility] = useState<GridColumnVisibilityModel>({});
  const columnVisibilityModel = useMemo(() => ({ ...chosenVisibility, ...Object.fromEntries(hidden.map((field) => [field, false])) }), [chosenVisibility, hidden]);
  /** The user's own choice, without what the width hides. */
  const onColumnVisibilityModelChange = (model: GridColumnVisibilityModel) =>
    setChosenVisibility(Object.fromEntries(Object.entries(model).filter(([field]) => !hiddenSet.has(field))));
  const hiddenByWidth = useMemo(() => columns.filter((column) => hiddenSet.has(column.field)), [columns, hiddenSet]);
  return { hiddenByWidth, columnVisibilityModel, onColumnVisibilityModelChange };
}
