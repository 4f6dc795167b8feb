import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The centred icon, heading, text and buttons of the status pages. */
export function StatusLayout({ icon, title, text, children }: { icon: ReactNode; title: string; text: ReactNode; children?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 2, py: { xs: 4, sm: 8 }, px: 2 }}>
      <Box sx={{ color: 'text.disabled', '& svg': { fontSize: 72 } }}>{icon}</Box>
      <Typography component="h1" variant="h4">
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 560 }}>
        {text}
      </Typography>
      {children ? <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center' }}>{children}</Box> : null}
    </Box>
  );
}
