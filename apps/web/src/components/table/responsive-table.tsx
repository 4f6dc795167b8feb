import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { keepTogether } from './keep-together';
import { ScrollRegion } from './scroll-region';

/**
 * A cell of a `figures` table: a column that wraps does so between words only, never inside one
 * ('Scheidsrechters douche', not 'Scheidsrechter|s douche'), so the column is at least as wide as
 * its longest word and a table too wide for its box scrolls in it; any other column stays on one line.
 */
const wrappingCell = { minWidth: '6rem', whiteSpace: 'normal', overflowWrap: 'normal', wordBreak: 'normal', hyphens: 'manual' } as const;

export interface TResponsiveColumn<TRow> {
  id: string;
  label: string;
  render: (row: TRow) => ReactNode;
  align?: 'left' | 'right';
  /** The card's heading on a phone (one column at most). */
  title?: boolean;
  /** In a `figures` table: long free text (names, descriptions) that may wrap. */
  wrap?: boolean;
}

/**
 * A small read-only table: a compact table from `sm` up (scrolling inside its own keyboard-reachable
 * box when wider than the page), one card per row on a phone with each value under its column's
 * name, so nothing is squeezed into narrow columns. `empty` is shown when there are no rows.
 * `figures` (the logbook's report tables): tighter cells that keep figures and dates on one line
 * unless their column wraps, and then only between words (docs/screens.md, "Text that fits");
 * `inset` pads the phone cards from the sides (a table flush with its card).
 */
export function ResponsiveTable<TRow>({
  label,
  columns,
  rows,
  rowKey,
  empty,
  figures = false,
  inset = true,
}: {
  label: string;
  columns: TResponsiveColumn<TRow>[];
  rows: readonly TRow[];
  rowKey: (row: TRow, index: number) => string;
  empty?: ReactNode;
  figures?: boolean;
  inset?: boolean;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  if (phone) {
    const titleColumn = columns.find((column) => column.title);
    return (
      <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, ...(inset ? { px: 2, pb: 1 } : {}) }}>
        {rows.map((row, index) => (
          <Box component="li" key={rowKey(row, index)} sx={{ py: 1.5, borderTop: index ? 1 : 0, borderColor: 'divider', minWidth: 0 }}>
            {titleColumn ? (
              <Typography variant="body2" component="div" sx={{ fontWeight: 600, overflowWrap: 'anywhere', mb: 0.5 }}>
                {titleColumn.render(row)}
              </Typography>
            ) : null}
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)', columnGap: 1.5, rowGap: 0.5 }}>
              {columns
                .filter((column) => column !== titleColumn)
                .map((column) => (
                  <Box key={column.id} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {figures ? keepTogether(column.label) : column.label}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                      {figures ? keepTogether(column.render(row)) : column.render(row)}
                    </Typography>
                  </Box>
                ))}
            </Box>
          </Box>
        ))}
        {rows.length === 0 && empty ? (
          <Typography component="li" variant="body2" sx={{ py: 1.5 }}>
            {empty}
          </Typography>
        ) : null}
      </Box>
    );
  }
  return (
    <ScrollRegion label={label}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.id} align={column.align} sx={figures ? { fontWeight: 600, verticalAlign: 'bottom', px: 1, lineHeight: 1.3 } : undefined}>
                {figures ? keepTogether(column.label) : column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={rowKey(row, index)}>
              {columns.map((column) => (
                <TableCell key={column.id} align={column.align} sx={figures ? { px: 1, ...(column.wrap ? wrappingCell : { whiteSpace: 'nowrap' }) } : undefined}>
                  {figures && column.wrap ? keepTogether(column.render(row)) : column.render(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {rows.length === 0 && empty ? (
            <TableRow>
              <TableCell colSpan={columns.length}>{empty}</TableCell>
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}
