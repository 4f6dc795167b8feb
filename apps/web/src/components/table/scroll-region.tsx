import type { ReactNode } from 'react';
import TableContainer from '@mui/material/TableContainer';

/**
 * A table that may scroll sideways (a phone): its container is a named region the keyboard can
 * reach (tab to it, then the arrow keys scroll), as WCAG 2.1.1 asks (axe scrollable-region-focusable).
 */
export function ScrollRegion({ label, maxHeight, children }: { label: string; maxHeight?: number; children: ReactNode }) {
  return (
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label={label}
      sx={{ maxHeight, '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 } }}
    >
      {children}
    </TableContainer>
  );
}
