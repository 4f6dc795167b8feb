import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import DialogContentText from '@mui/material/DialogContentText';
import { useTranslation } from 'react-i18next';
import { checkOffsetInput, type TDevice, type TDeviceChannel } from '@aquasmart/domain';
import { failureText } from '../../../../lib/http/failure-text';
import { translateMessage } from '../../../../lib/i18n/i18n';
import { useSnackbar } from '../../../../components/snackbar';
import { numberText } from '../format';
import { patchOffset, showNode } from './calibration-api';
import { offsetText } from './calibration-text';
import { DecimalField } from './decimal-field';
import { FormDialog } from '../../../../components/form/form-dialog';

/**
 * Changing a channel's offset by hand (calibrationDataEdit; docs/calibration.md). Not a
 * calibration: the date stays. An unchanged offset is answered calibAlready, shown as success.
 */
export function OffsetDialog({ device, channel, onClose }: { device: TDevice; channel: TDeviceChannel; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
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
    <FormDialog title={t('calibration.editOffsetTitle', { channel: name })} submitLabel={t('calibration.save')} busy={busy} onSubmit={submit} onClose={onClose}>
      <DialogContentText sx={{ mb: 2 }}>{t('calibration.editOffsetText')}</DialogContentText>
      <DecimalField
        label={t('calibration.newOffset')}
        value={text}
        onChange={(value) => {
          setText(value);
          setFieldError(null);
        }}
        error={fieldError}
        hint={t('calibration.offsetHint')}
      />
    </FormDialog>
  );
}
