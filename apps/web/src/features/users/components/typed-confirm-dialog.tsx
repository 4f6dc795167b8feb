import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

export interface TTypedConfirmDialogProps {
  open: boolean;
  /** The text the user must type (the user's e-mail). */
  requiredText: string;
  title: string;
  text: string;
  inputLabel: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * A destructive action confirmed by typing a text (docs/users.md, "Screens": the user delete): confirm is enabled
 * only when the typed text equals the required text; Enter confirms, Esc closes; max width 500.
 */
export function TypedConfirmDialog({ open, requiredText, title, text, inputLabel, confirmLabel, busy, onConfirm, onClose }: TTypedConfirmDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [typed, setTyped] = useState('');
  const matches = typed === requiredText;

  // A closed dialog forgets what was typed.
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (!open) setTyped('');
  }

  const confirm = () => {
    if (matches && !busy) onConfirm();
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: 500 } } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2, overflowWrap: 'anywhere' }}>{text}</DialogContentText>
        <TextField
          autoFocus
          fullWidth
          label={inputLabel}
          value={typed}
          autoComplete="off"
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              confirm();
            }
          }}
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button onClick={confirm} color="error" variant="contained" disabled={!matches} loading={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
