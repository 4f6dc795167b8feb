import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import WaterDropIcon from '@mui/icons-material/WaterDrop';
import { PRODUCT_NAME } from '@aquasmart/domain';

/** The frame of the pages outside the shell (/login, /forgot-password, /reset-password): the product's name, a title and a card. */
export function PublicCard({ title, children, below }: { title: string; children: ReactNode; below?: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: 4,
        bgcolor: 'background.default',
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 420 }} elevation={3}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 3 }}>
            <WaterDropIcon color="primary" sx={{ fontSize: 36 }} />
            <Typography component="div" variant="h5" sx={{ fontWeight: 600 }}>
              {PRODUCT_NAME}
            </Typography>
          </Box>
          <Typography component="h1" variant="h6">
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
      {below}
    </Box>
  );
}
