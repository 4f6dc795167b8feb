import { useCallback, useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import type { TSnackbarSeverity } from './snackbar-context';
import { useDialogButtonsLift } from './dialog-buttons-lift';

/** How long a message stays (docs/screens.md, "Snackbars"). */
export const SNACKBAR_SHOWN_MS: Record<TSnackbarSeverity, number> = { success: 4000, info: 4000, warning: 4000, error: 8000 };

/**
 * Only a mouse keeps a message open by resting on it. On a touch screen the last tap leaves the
 * pointer "over" whatever is there, and MUI's own pause held a snackbar over the next dialog's
 * buttons for minutes; so the time-out is ours, paused on hover only where hovering is a choice.
 */
const mouseCanHover = () => typeof window.matchMedia === 'function' && window.matchMedia('(hover: hover) and (pointer: fine)').matches;

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
  const closeLater = useAutoClose(open, SNACKBAR_SHOWN_MS[severity], onClose);
  // Over a dialog whose buttons are at the bottom of the screen (full screen on a phone) a message
  // stands above them: it covered them there, and at the top it would cover the dialog's title.
  const lift = useDialogButtonsLift();
  return (
    <Snackbar
      key={id}
      open={open}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      sx={lift ? { bottom: `${lift}px !important` } : undefined}
      slotProps={{ transition: { onExited } }}
      onMouseEnter={() => {
        if (mouseCanHover()) closeLater(null);
      }}
      onMouseLeave={() => closeLater(SNACKBAR_SHOWN_MS[severity] / 2)}
    >
      <Alert severity={severity} variant="filled" onClose={onClose} sx={{ width: '100%' }}>
        {text}
      </Alert>
    </Snackbar>
  );
}

/** Closes after `ms` while open; the answer sets the timer again (null: no timer, while a mouse rests on it). */
function useAutoClose(open: boolean, ms: number, onClose: () => void): (after: number | null) => void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const closeLater = useCallback((after: number | null) => {
    clearTimeout(timer.current);
    timer.current = after === null ? undefined : setTimeout(() => closeRef.current(), after);
  }, []);
  useEffect(() => {
    closeLater(open ? ms : null);
    return () => clearTimeout(timer.current);
  }, [open, ms, closeLater]);
  return closeLater;
}
