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

/** The visible snackbar (loaded on the first message so the first page stays small). */
export function SnackbarView({ id, open, text, severity, onClose, onExited }: TSnackbarViewProps) {
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
