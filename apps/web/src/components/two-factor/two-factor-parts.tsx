import { useEffect, useState, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { OutlinedTextField } from '../form/outlined-text-field';
import { translateMessage } from '../../lib/i18n/i18n';

/**
 * The pieces of two-factor sign-in that the login page's code step and the account page's set-up
 * share (docs/users.md, "Two-factor sign-in"). Loaded with those screens, never with /login itself;
 * the QR code's library loads only when a secret is shown.
 */

/**
 * The code field of either kind. A code from the app: the phone offers digits and the code from a
 * text message or an app (`one-time-code`, `numeric`). A recovery code: letters and digits, any case.
 */
export function TwoFactorCodeField({
  kind = 'app',
  value,
  onChange,
  error,
  label,
  autoFocus = true,
}: {
  kind?: 'app' | 'recovery';
  value: string;
  onChange: (value: string) => void;
  error?: string;
  label: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <OutlinedTextField
      name={kind === 'app' ? 'code' : 'recoveryCode'}
      label={label}
      value={value}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
      autoComplete={kind === 'app' ? 'one-time-code' : 'off'}
      autoFocus={autoFocus}
      required
      fullWidth
      error={Boolean(error)}
      helperText={error ? translateMessage(t, error) : undefined}
      inputProps={
        kind === 'app'
          ? { inputMode: 'numeric', pattern: '[0-9 ]*', maxLength: 7, spellCheck: false }
          : { autoCapitalize: 'characters', spellCheck: false, maxLength: 20 }
      }
    />
  );
}

/** The secret in groups of four, easier to type into an app by hand. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The QR code of the `otpauth://` address (drawn as SVG by `qrcode`, loaded now) and the secret as text. */
export function TwoFactorSecretPanel({ secret, uri }: { secret: string; uri: string }) {
  const { t } = useTranslation();
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qrcode) => qrcode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((svg) => {
        if (live) setImage(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      });
    return () => {
      live = false;
    };
  }, [uri]);
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('twoFactor.scan')}
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'center', my: 1 }}>
        {image ? <img src={image} alt={t('twoFactor.qrAlt')} width={176} height={176} /> : <Box sx={{ width: 176, height: 176 }} />}
      </Box>
      <Typography variant="caption" component="div" color="text.secondary">
        {t('twoFactor.secret')}
      </Typography>
      <Typography component="code" data-testid="two-factor-secret" data-secret={secret} sx={{ display: 'block', fontFamily: 'monospace', fontSize: '0.95rem', overflowWrap: 'anywhere', mb: 1 }}>
        {groupedSecret(secret)}
      </Typography>
    </Box>
  );
}

/** The recovery codes, shown once: in two columns, in a monospace font. */
export function RecoveryCodeList({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('twoFactor.recoveryIntro')}
      </Typography>
      <Box
        component="ul"
        aria-label={t('twoFactor.recoveryTitle')}
        data-testid="recovery-codes"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 0.5, fontFamily: 'monospace', fontSize: '1rem' }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
    </Box>
  );
}
