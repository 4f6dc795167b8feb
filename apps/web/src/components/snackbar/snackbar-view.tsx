import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import type { TSnackbarSeverity } from './snackbar-context';

export interface TSnackbarViewProps {
  id: number;
  open: boolean;
  text: string;
  severity: TSnackbarSeverity;
  onClose: () => void;
  onExited: () => void;
}

/**
 * The visible snackbar (loaded on the first message so the first page stays small). One that is
 * replaced before it ever opened (two messages in one tick) has no exit transition to wait for:
 * it is done at once, so the newest still shows. Keyed by `id` in the provider.
 */
export function SnackbarView({ id, open, text, severity, onClose, onExited }: TSnackbarViewProps) {
  const everOpen = useRef(open);
  if (open) everOpen.current = true;
  useEffect(() => {
    if (!open && !everOpen.current) onExited();
  }, [open, onExited]);
  return (
    <Snackbar
      key={id}
      open={open}
      autoHideDuration={severity === 'error' ? 8000 : 4000}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      slotProps={{ transition: { onExited } }}
    >
      <Alert severity={severity} variant="filled" onClose={onClose} sx={{ width: '100%' }}>
        {text}
      </Alert>
    </Snackbar>
  );
}
