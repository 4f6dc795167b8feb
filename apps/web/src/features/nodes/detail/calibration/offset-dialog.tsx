import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { checkOffsetInput, type TDevice, type TDeviceChannel } from '@aquasmart/domain';
import { failureText } from '../../../../lib/http/failure-text';
import { translateMessage } from '../../../../lib/i18n/i18n';
import { useSnackbar } from '../../../../components/snackbar';
import { numberText } from '../format';
import { patchOffset, showNode } from './calibration-api';
import { offsetText } from './calibration-text';

/**
 * Changing a channel's offset by hand (calibrationDataEdit; docs/calibration.md). Not a
 * calibration: the date stays. An unchanged offset is answered calibAlready, shown as success.
 */
export function OffsetDialog({ device, channel, onClose }: { device: TDevice; channel: TDeviceChannel; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const titleId = useId();
  const [text, setText] = useState(() => numberText(language, channel.offset, 1));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const name = channel.name || channel.id;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const result = checkOffsetInput(text);
    if ('error' in result) {
      setFieldError(translateMessage(t, result.error));
      return;
    }
    setBusy(true);
    try {
      const answer = await patchOffset(device.eui, channel.id, result.value);
      showNode(queryClient, answer.device);
      snackbar.success(t(answer.key, { channel: name, offset: offsetText(language, answer.offset) }));
      onClose();
    } catch (error) {
      snackbar.error(failureText(t, error, 'snackbar.calibEditError', (key) => i18n.exists(key)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullScreen={phone} fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', height: phone ? '100%' : undefined }}>
        <DialogTitle id={titleId}>{t('calibration.editOffsetTitle', { channel: name })}</DialogTitle>
        <DialogContent sx={{ flex: phone ? 1 : undefined }}>
          <DialogContentText sx={{ mb: 2 }}>{t('calibration.editOffsetText')}</DialogContentText>
          <TextField
            label={t('calibration.newOffset')}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setFieldError(null);
            }}
            required
            autoFocus
            fullWidth
            error={fieldError !== null}
            helperText={fieldError ?? ' '}
            slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' }, input: { sx: { fontSize: '1.5rem' } } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1, '& > button': { minHeight: 48, flex: phone ? 1 : undefined } }}>
          <Button onClick={onClose} disabled={busy} size="large">
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} size="large">
            {t('calibration.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
