import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { ScrollRegion } from '../../../components/table';

export interface TReportColumn<TRow> {
  id: string;
  label: string;
  render: (row: TRow) => ReactNode;
  align?: 'left' | 'right';
  /** Shown as the card's heading on a phone (the first such column). */
  title?: boolean;
  /** Long free text (names, descriptions) may wrap; figures and dates stay on one line. */
  wrap?: boolean;
}

/**
 * One table of the report preview: a compact table from `sm` up (scrolling inside its own
 * keyboard-reachable box when it is wider than the page), one card per row on a phone, where
 * each value sits under its column's name (as the audit tab does).
 */
export function ReportTable<TRow>({ label, columns, rows, rowKey }: { label: string; columns: TReportColumn<TRow>[]; rows: readonly TRow[]; rowKey: (row: TRow, index: number) => string }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  if (phone) {
    const titleColumn = columns.find((column) => column.title);
    return (
      <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {rows.map((row, index) => (
          <Box component="li" key={rowKey(row, index)} sx={{ py: 1.5, borderTop: index ? 1 : 0, borderColor: 'divider', minWidth: 0 }}>
            {titleColumn ? (
              <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere', mb: 0.5 }}>
                {titleColumn.render(row)}
              </Typography>
            ) : null}
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)', columnGap: 1.5, rowGap: 0.5 }}>
              {columns
                .filter((column) => column !== titleColumn)
                .map((column) => (
                  <Box key={column.id} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {column.label}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                      {column.render(row)}
                    </Typography>
                  </Box>
                ))}
            </Box>
          </Box>
        ))}
      </Box>
    );
  }
  return (
    <ScrollRegion label={label}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.id} align={column.align} sx={{ fontWeight: 600, verticalAlign: 'bottom', px: 1, lineHeight: 1.3 }}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={rowKey(row, index)}>
              {columns.map((column) => (
                <TableCell key={column.id} align={column.align} sx={{ px: 1, ...(column.wrap ? { minWidth: '6rem', overflowWrap: 'anywhere' } : { whiteSpace: 'nowrap' }) }}>
                  {column.render(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}
