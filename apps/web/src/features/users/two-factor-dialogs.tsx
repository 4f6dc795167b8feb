import { useEffect, useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TTwoFactorSecret } from '@aquasmart/domain';
import { OutlinedTextField } from '../../components/form/outlined-text-field';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { RecoveryCodeList, TwoFactorCodeField, TwoFactorSecretPanel } from '../../components/two-factor/two-factor-parts';
import { isHttpError } from '../../lib/http/http-error';
import { translateMessage } from '../../lib/i18n/i18n';
import { confirmTwoFactor, disableTwoFactor, startTwoFactorSetup, TWO_FACTOR_QUERY_KEY } from './api/two-factor-api';

/** The field's message key of a refused call, else the alert's. */
function refusal(error: unknown, field: string): { field?: string; alert?: string } {
  if (!isHttpError(error)) return { alert: 'errors.unavailable' };
  return error.fields[field] ? { field: error.fields[field] } : { alert: error.key };
}

/**
 * Setting up two-factor sign-in (docs/users.md, "Two-factor sign-in"): the server makes a secret,
 * shown as a QR code and as text; the first code from the app makes it take effect; then the ten
 * recovery codes, shown once. Closing before the code leaves two-factor off.
 */
export function TwoFactorSetupDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const [secret, setSecret] = useState<TTwoFactorSecret | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<{ field?: string; alert?: string }>({});
  const [busy, setBusy] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  useEffect(() => {
    startTwoFactorSetup().then(setSecret, (failure: unknown) => setError(refusal(failure, 'code')));
  }, []);

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) {
      setError({ field: 'validation.required' });
      return;
    }
    setBusy(true);
    setError({});
    try {
      setRecoveryCodes((await confirmTwoFactor(code)).recoveryCodes);
      setError({});
      void queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY });
    } catch (failure) {
      setError(refusal(failure, 'code'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={busy || recoveryCodes ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth={false} slotProps={{ paper: { sx: { maxWidth: 480 } } }}>
      <DialogTitle id={titleId}>{recoveryCodes ? t('twoFactor.recoveryTitle') : t('twoFactor.setupTitle')}</DialogTitle>
      {recoveryCodes ? (
        <>
          <DialogContent>
            <RecoveryCodeList codes={recoveryCodes} />
          </DialogContent>
          <DialogActions>
            <Button
              variant="contained"
              onClick={() => {
                snackbar.success('twoFactor.enabled');
                onClose();
              }}
            >
              {t('twoFactor.done')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <form noValidate onSubmit={(event) => void confirm(event)}>
          <DialogContent sx={{ pt: 0 }}>
            <Stack spacing={2}>
              {error.alert ? (
                <Alert severity="error" role="alert">
                  {t(error.alert)}
                </Alert>
              ) : null}
              {secret ? <TwoFactorSecretPanel {...secret} /> : null}
              <Typography variant="body2">{t('twoFactor.confirmIntro')}</Typography>
              <TwoFactorCodeField label={t('twoFactor.code')} value={code} onChange={setCode} error={error.field} />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={busy}>
              {t('twoFactor.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={busy} disabled={!secret}>
              {t('twoFactor.confirm')}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}

/** Turning two-factor sign-in off: a code from the app, or the password. */
export function TwoFactorOffDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ field?: string; fieldName?: string; alert?: string }>({});
  const [busy, setBusy] = useState(false);

  async function turnOff(event: FormEvent) {
    event.preventDefault();
    if (!code.trim() && !password) {
      setError({ field: 'validation.required', fieldName: 'code' });
      return;
    }
    setBusy(true);
    try {
      await disableTwoFactor(code.trim() ? { code } : { password });
      void queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY });
      snackbar.success('twoFactor.disabled');
      onClose();
    } catch (failure) {
      const fieldName = code.trim() ? 'code' : 'password';
      setError({ ...refusal(failure, fieldName), fieldName });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth={false} slotProps={{ paper: { sx: { maxWidth: 480 } } }}>
      <DialogTitle id={titleId}>{t('twoFactor.offTitle')}</DialogTitle>
      <form noValidate onSubmit={(event) => void turnOff(event)}>
        <DialogContent sx={{ pt: 0 }}>
          <Stack spacing={2}>
            <Typography variant="body2">{t('twoFactor.offIntro')}</Typography>
            {error.alert ? (
              <Alert severity="error" role="alert">
                {t(error.alert)}
              </Alert>
            ) : null}
            <TwoFactorCodeField label={t('twoFactor.code')} value={code} onChange={setCode} error={error.fieldName === 'code' ? error.field : undefined} />
            <OutlinedTextField
              name="password"
              label={t('twoFactor.password')}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              fullWidth
              error={error.fieldName === 'password' && Boolean(error.field)}
              helperText={error.fieldName === 'password' && error.field ? translateMessage(t, error.field) : undefined}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('twoFactor.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" loading={busy}>
            {t('twoFactor.turnOff')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
