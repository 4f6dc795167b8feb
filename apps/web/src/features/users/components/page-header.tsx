import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The heading of a users screen with its actions on the right (wrapping under it on phones). */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
      <Typography component="h1" variant="h5" sx={{ flex: '1 1 auto', minWidth: 0, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      {children ? <Box sx={{ display: 'flex', gap: 1, flexShrink: 0 }}>{children}</Box> : null}
    </Box>
  );
}

/** A titled block of a form or detail page. */
export function Section({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ p: { xs: 2, sm: 3 }, '& + &': { borderTop: 1, borderColor: 'divider' } }}>
      {title ? (
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 2 }}>
          {title}
        </Typography>
      ) : null}
      {children}
    </Box>
  );
}

/** Form fields in one column on phones, two on wider screens. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>{children}</Box>;
}
