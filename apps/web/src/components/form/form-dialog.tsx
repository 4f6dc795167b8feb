import { useId, type FormEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

export interface TFormDialogProps {
  title: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
  children: ReactNode;
  /** Why submitting is not possible now: the submit button is disabled and this stands beside it. */
  blockedReason?: string | null;
  /** The submit button waits for input (nothing chosen yet), without a reason to show. */
  submitDisabled?: boolean;
}

/**
 * The frame of a form dialog (the node page's calibration, offset and move; the alarm's assign, comment and resolve): a form with a title, its content and Cancel / submit.
 * Full screen on a phone (an engineer in a plant room), the buttons large enough for a thumb and
 * at the bottom of the screen; closing is not offered while the request runs. With a
 * `blockedReason` the submit button is disabled and the reason stands beside it.
 */
export function FormDialog({ title, submitLabel, busy, onSubmit, onClose, children, blockedReason = null, submitDisabled = false }: TFormDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const reasonId = useId();
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullScreen={phone} fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', height: phone ? '100%' : undefined }}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent sx={{ flex: phone ? 1 : undefined }}>{children}</DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap', '& > button': { minHeight: 48, flex: phone ? 1 : undefined } }}>
          {blockedReason ? (
            <Typography id={reasonId} variant="body2" color="error" data-testid="dialog-blocked-reason" sx={{ flex: phone ? '1 0 100%' : '1 1 0', minWidth: 0, mr: 1 }}>
              {blockedReason}
            </Typography>
          ) : null}
          <Button onClick={onClose} disabled={busy} size="large">
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || submitDisabled || blockedReason !== null} aria-describedby={blockedReason ? reasonId : undefined} size="large">
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
