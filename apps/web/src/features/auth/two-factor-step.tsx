import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TTwoFactorSecret, TTwoFactorStep } from '@aquasmart/domain';
import '../../lib/i18n/texts/two-factor';
import { RecoveryCodeList, TwoFactorCodeField, TwoFactorSecretPanel } from '../../components/two-factor/two-factor-parts';
import { isHttpError } from '../../lib/http/http-error';
import { loginFailureKey, twoFactorSetupSecret, twoFactorSignIn } from './api/auth-api';

/**
 * The login page's second step (docs/users.md, "Two-factor sign-in"), loaded when the password step
 * answers a challenge: a code from the app, or (by the link) a recovery code. A user who must have
 * two-factor and has none yet sets it up here first: the secret, the first code, then the recovery
 * codes, and only then the session (`onSignedIn`). Its texts load with it, not with /login.
 */
export function TwoFactorStep({ step, onSignedIn, onBack }: { step: TTwoFactorStep; onSignedIn: (token: string) => void; onBack: () => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'code' | 'recovery'>('code');
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<TTwoFactorSecret | null>(null);
  const [done, setDone] = useState<{ token: string; recoveryCodes: string[] } | null>(null);

  useEffect(() => {
    if (step.twoFactor !== 'setup') return;
    twoFactorSetupSecret(step.challenge).then(setSecret, (error: unknown) => setFailure(isHttpError(error) ? error.key : 'login.failed'));
  }, [step]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!value.trim()) {
      setFieldError('validation.required');
      return;
    }
    setBusy(true);
    setFailure(null);
    setFieldError(undefined);
    try {
      const answer = await twoFactorSignIn(mode === 'code' ? { challenge: step.challenge, code: value } : { challenge: step.challenge, recoveryCode: value });
      if (answer.recoveryCodes) setDone({ token: answer.token, recoveryCodes: answer.recoveryCodes });
      else onSignedIn(answer.token);
    } catch (error) {
      const field = isHttpError(error) ? (error.fields.code ?? error.fields.recoveryCode) : undefined;
      if (field) setFieldError(field);
      else setFailure(isHttpError(error) && error.status === 400 ? error.key : loginFailureKey(error));
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, mt: 2 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 500 }}>
          {t('twoFactor.recoveryTitle')}
        </Typography>
        <RecoveryCodeList codes={done.recoveryCodes} />
        <Button variant="contained" size="large" onClick={() => onSignedIn(done.token)}>
          {t('twoFactor.done')}
        </Button>
      </Box>
    );
  }

  const setup = step.twoFactor === 'setup';
  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ display: 'flex', flexDirection: 'column', gap: 2, mt: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {setup ? t('twoFactor.setupRequired') : mode === 'code' ? t('twoFactor.stepIntro') : t('twoFactor.recoveryStepIntro')}
      </Typography>
      {failure ? (
        <Alert severity="error" role="alert">
          {t(failure)}
        </Alert>
      ) : null}
      {setup && secret ? <TwoFactorSecretPanel {...secret} /> : null}
      {mode === 'code' ? (
        <TwoFactorCodeField label={t('twoFactor.code')} value={value} onChange={setValue} error={fieldError} autoFocus={!setup} />
      ) : (
        <TwoFactorCodeField kind="recovery" label={t('twoFactor.recoveryCode')} value={value} onChange={setValue} error={fieldError} />
      )}
      <Button type="submit" variant="contained" size="large" loading={busy} disabled={setup && !secret}>
        {t('twoFactor.signIn')}
      </Button>
      {setup ? null : (
        <Link
          component="button"
          type="button"
          variant="body2"
          sx={{ alignSelf: 'center' }}
          onClick={() => {
            setMode(mode === 'code' ? 'recovery' : 'code');
            setValue('');
            setFieldError(undefined);
          }}
        >
          {mode === 'code' ? t('twoFactor.useRecovery') : t('twoFactor.useApp')}
        </Link>
      )}
      <Link component="button" type="button" variant="body2" sx={{ alignSelf: 'center' }} onClick={onBack}>
        {t('twoFactor.back')}
      </Link>
    </Box>
  );
}
