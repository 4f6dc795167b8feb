import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { normalPhone, type TCurrentUser } from '@aquasmart/domain';
import { OutlinedTextField } from '../../components/form/outlined-text-field';
import { Section } from '../../components/page';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { isHttpError } from '../../lib/http/http-error';
import { CURRENT_USER_QUERY_KEY } from '../../lib/session/current-user';
import { confirmPhone, removePhone, startPhone } from './api/phone-api';

/** The field's message key of a refused call, else the alert's. */
function refusal(error: unknown, field: string): { field?: string; alert?: string } {
  if (!isHttpError(error)) return { alert: 'errors.unavailable' };
  return error.fields[field] ? { field: error.fields[field] } : { alert: error.key };
}

/**
 * The account page's mobile number for SMS (docs/alarm-notifications.md, "Phone number"): a new
 * number gets a six-digit code by SMS, typed back here; only then can alarms go by SMS.
 */
export function PhoneSection({ phone }: { phone: TCurrentUser['phone'] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const [number, setNumber] = useState(phone?.number ?? '');
  const [code, setCode] = useState('');
  const [waiting, setWaiting] = useState(phone?.number !== null && phone?.number !== undefined && !phone.verified);
  const [error, setError] = useState<{ field?: string; alert?: string; on?: 'phone' | 'code' }>({});
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError({});
    try {
      await startPhone(number);
      setWaiting(true);
      setCode('');
      snackbar.success('phone.codeSent');
      await refresh();
    } catch (failure) {
      setError({ ...refusal(failure, 'phone'), on: 'phone' });
    } finally {
      setBusy(false);
    }
  };
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError({});
    try {
      await confirmPhone(code);
      setWaiting(false);
      snackbar.success('phone.verified');
      await refresh();
    } catch (failure) {
      setError({ ...refusal(failure, 'code'), on: 'code' });
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      await removePhone();
      setNumber('');
      setWaiting(false);
      await refresh();
    } finally {
      setBusy(false);
    }
  };

  const verified = phone?.verified === true && phone.number === normalPhone(number);
  return (
    <Paper variant="outlined" sx={{ mb: 2 }}>
      <Section title={t('phone.title')}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('phone.help')}
        </Typography>
        {error.alert ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {t(error.alert)}
          </Alert>
        ) : null}
        <Box component="form" noValidate onSubmit={send} aria-label={t('phone.title')} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2 }}>
          <Box sx={{ flex: '1 1 240px', maxWidth: 360 }}>
            <OutlinedTextField
              label={t('phone.number')}
              value={number}
              onChange={(event) => setNumber(event.target.value)}
              type="tel"
              autoComplete="tel"
              fullWidth
              error={error.on === 'phone' && error.field !== undefined}
              helperText={error.on === 'phone' && error.field ? t(error.field) : t('phone.numberHelp')}
            />
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 56 }}>
            {verified ? <Chip color="success" variant="outlined" label={t('phone.verifiedChip')} /> : null}
            <Button type="submit" variant={verified ? 'outlined' : 'contained'} loading={busy && !waiting} disabled={number.trim() === ''}>
              {t(waiting ? 'phone.sendAgain' : 'phone.send')}
            </Button>
            {phone?.number ? (
              <Button color="error" onClick={() => void remove()} disabled={busy}>
                {t('phone.remove')}
              </Button>
            ) : null}
          </Box>
        </Box>
        {waiting ? (
          <Box component="form" noValidate onSubmit={confirm} aria-label={t('phone.codeTitle')} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2, mt: 2 }}>
            <Box sx={{ flex: '0 1 200px' }}>
              <OutlinedTextField
                label={t('phone.code')}
                value={code}
                onChange={(event) => setCode(event.target.value)}
                inputMode="numeric"
                autoComplete="one-time-code"
                fullWidth
                error={error.on === 'code' && error.field !== undefined}
                helperText={error.on === 'code' && error.field ? t(error.field) : t('phone.codeHelp')}
              />
            </Box>
            <Box sx={{ display: 'flex', alignItems: 'center', minHeight: 56 }}>
              <Button type="submit" variant="contained" loading={busy} disabled={code.trim() === ''}>
                {t('phone.confirm')}
              </Button>
            </Box>
          </Box>
        ) : null}
      </Section>
    </Paper>
  );
}
