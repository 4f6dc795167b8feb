/**
 * Which columns a list shows in the width it has (docs/screens.md, "Lists"): the first column (the
 * name) always, then the others by importance (lower first; the column order among equals) while
 * their widths fit. The rest move into the row's expanded part, so no list is wider than its box.
 */
export interface TFitColumn {
  field: string;
  width?: number;
  minWidth?: number;
  /** 1 matters most (state, alarms, counts); columns without one come after, in their order. */
  importance?: number;
}

/** The Data Grid's width of a column without width or minWidth. */
export const DEFAULT_COLUMN_WIDTH = 100;
const UNRANKED = 100;

const widthOf = (column: TFitColumn) => column.width ?? column.minWidth ?? DEFAULT_COLUMN_WIDTH;

/** The fields to hide so that the shown columns fit `available` pixels; none when the width is unknown (0). */
export function hiddenColumns(columns: readonly TFitColumn[], available: number): string[] {
  if (available <= 0 || columns.length === 0) return [];
  const [first, ...others] = columns;
  let used = widthOf(first);
  const ranked = others.map((column, index) => ({ column, index })).sort((a, b) => (a.column.importance ?? UNRANKED) - (b.column.importance ?? UNRANKED) || a.index - b.index);
  const hidden = new Set<string>();
  let full = false;
  for (const { column } of ranked) {
    // Once one column does not fit, the less important ones stay out too: a list keeps its order of importance.
    if (!full && used + widthOf(column) <= available) used += widthOf(column);
    else {
      full = true;
      hidden.add(column.field);
    }
  }
  return others.filter((column) => hidden.has(column.field)).map((column) => column.field);
}
