import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { useTranslation } from 'react-i18next';
import { useLiveState } from '../../lib/events/live-state';

/** A stream still connecting after this long counts as down for the indicator (a reconnect is quicker). */
export const LIVE_INDICATOR_DELAY_MS = 5_000;

/** Hidden from the eye, read by screen readers. */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/**
 * In the top bar: the live change stream is down (or still connecting after a few seconds), so
 * what the screen shows may be old (docs/events.md, "Web app"). The status region is always there
 * so that screen readers announce the sentence when it appears. Wide screens show the sentence,
 * phones a short label (the sentence stays for screen readers). Dark brown on light orange: 7.6:1.
 */
export function LiveIndicator() {
  const { t } = useTranslation();
  const state = useLiveState();
  const [late, setLate] = useState(false);
  useEffect(() => {
    setLate(false);
    if (state !== 'connecting') return undefined;
    const timer = setTimeout(() => setLate(true), LIVE_INDICATOR_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state]);
  if (state === null) return null;
  const shown = state === 'down' || (state === 'connecting' && late);
  return (
    // The brand's name gives way on a phone, not the indicator.
    <Box role="status" sx={{ display: 'flex', flexShrink: 0 }}>
      {shown ? (
        <Box
          data-live-indicator
          title={t('shell.liveDown')}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 0.75,
            px: 1.25,
            py: 0.5,
            borderRadius: 4,
            bgcolor: '#fff4e5',
            color: '#663c00',
            typography: 'body2',
            fontWeight: 500,
            whiteSpace: 'nowrap',
          }}
        >
          <CloudOffIcon fontSize="small" aria-hidden />
          <Box component="span" sx={{ display: { xs: 'none', lg: 'inline' } }}>
            {t('shell.liveDown')}
          </Box>
          <Box component="span" sx={{ display: { xs: 'inline', lg: 'none' } }} aria-hidden>
            {t('shell.liveDownShort')}
          </Box>
          <Box component="span" sx={{ display: { xs: 'inline', lg: 'none' }, ...visuallyHidden }}>
            {t('shell.liveDown')}
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}
