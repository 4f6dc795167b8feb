import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';

const slide = keyframes`
  0% { left: -40%; width: 40%; }
  60% { left: 60%; width: 50%; }
  100% { left: 100%; width: 10%; }
`;

/**
 * A thin indeterminate bar fixed at the top of the window (navigation and first load).
 * Lighter than LinearProgress, which keeps it out of the code every page loads first.
 */
export function TopProgress({ label }: { label?: string }) {
  return (
    <Box
      role="progressbar"
      aria-label={label}
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        height: 3,
        overflow: 'hidden',
        zIndex: (theme) => theme.zIndex.appBar + 2,
        bgcolor: 'rgba(11, 110, 153, 0.2)',
      }}
    >
      <Box sx={{ position: 'absolute', top: 0, bottom: 0, bgcolor: 'primary.main', animation: `${slide} 1.2s ease-in-out infinite` }} />
    </Box>
  );
}
