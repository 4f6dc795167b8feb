import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Section } from '../../components/page';
import { twoFactorStatusQuery } from './api/two-factor-api';

// The dialogs (and the QR code's library) load when one is opened.
const TwoFactorSetupDialog = lazy(() => import('./two-factor-dialogs').then((module) => ({ default: module.TwoFactorSetupDialog })));
const TwoFactorOffDialog = lazy(() => import('./two-factor-dialogs').then((module) => ({ default: module.TwoFactorOffDialog })));

/**
 * The account page's two-factor sign-in (docs/users.md, "Two-factor sign-in"): whether it is on,
 * whether the account must have it, the recovery codes left; set it up, or turn it off.
 */
export function TwoFactorSection() {
  const { t } = useTranslation();
  const status = useQuery(twoFactorStatusQuery);
  const [open, setOpen] = useState<'setup' | 'off' | null>(null);
  const state = status.data;
  return (
    <Paper variant="outlined" sx={{ mt: 2 }}>
      <Section title={t('twoFactor.title')}>
        {state ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
            <Box>
              <Typography variant="body2">{state.enabled ? t('twoFactor.onText') : t('twoFactor.offText')}</Typography>
              {state.required ? (
                <Typography variant="body2" color="text.secondary">
                  {t('twoFactor.requiredText')}
                </Typography>
              ) : null}
              {state.enabled ? (
                <Typography variant="body2" color="text.secondary">
                  {t('twoFactor.codesLeft', { count: state.recoveryCodesLeft })}
                </Typography>
              ) : null}
            </Box>
            {state.enabled ? (
              <Button variant="outlined" color="error" disabled={state.required} onClick={() => setOpen('off')}>
                {t('twoFactor.turnOff')}
              </Button>
            ) : (
              <Button variant="contained" onClick={() => setOpen('setup')}>
                {t('twoFactor.setUp')}
              </Button>
            )}
          </Box>
        ) : null}
      </Section>
      <Suspense fallback={null}>
        {open === 'setup' ? <TwoFactorSetupDialog onClose={() => setOpen(null)} /> : null}
        {open === 'off' ? <TwoFactorOffDialog onClose={() => setOpen(null)} /> : null}
      </Suspense>
    </Paper>
  );
}
