import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import type { TCheckRecord, TTemperatureLimit } from '@aquasmart/domain';
import { alarmScreen } from '../../lib/api/alarms';
import { useFormat } from '../../lib/i18n/use-date-time';

/** "Norm: minstens 60,0 °C na 60 s stromen", or that a mixed outlet has none. */
export function LimitText({ limit, seconds }: { limit: TTemperatureLimit | null; seconds: number | null }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!limit) return <>{t('outletCheck.noLimit')}</>;
  const text = t(`outletCheck.limits.${limit.kind}`, { celsius: format.temperature(limit.celsius) });
  return <>{seconds === null ? t('outletCheck.normNoTime', { limit: text }) : t('outletCheck.norm', { limit: text, seconds })}</>;
}

/**
 * What the server made of a check just recorded: the verdict with the reading and the limit it was
 * held to; a deviation says its alarm was opened and links to it; a possible sensor drift when the
 * node's reading at that time differs by more than 1.5 °C.
 */
export function CheckOutcome({ check }: { check: TCheckRecord }) {
  const { t } = useTranslation();
  const format = useFormat();
  const reading =
    check.celsius === null
      ? null
      : check.ranSeconds === null
        ? format.temperature(check.celsius)
        : t('outletCheck.reading', { celsius: format.temperature(check.celsius), seconds: check.ranSeconds });
  const severity = check.deviation ? 'error' : check.verdict === 'withinLimit' ? 'success' : 'info';
  const title = check.verdict ? t(`outlets.verdicts.${check.verdict}`) : check.outcome === 'notPossible' ? t('outletCheck.savedNotPossible') : t('outletCheck.saved');
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="check-outcome">
      <Alert severity={severity} role="status">
        <AlertTitle>{title}</AlertTitle>
        {t(`outlets.checks.${check.check}`)}
        {reading ? (
          <>
            <br />
            {reading}
          </>
        ) : null}
        {check.verdict && check.verdict !== 'notJudged' ? (
          <>
            <br />
            <LimitText limit={check.limit} seconds={check.allowedSeconds} />
          </>
        ) : null}
        {check.deviation ? (
          <>
            <br />
            <strong>{t('outletCheck.deviationOpened')}</strong>
          </>
        ) : null}
      </Alert>
      {check.deviation && check.alarmId !== null ? (
        <Button component={RouterLink} to={alarmScreen(check.alarmId)} variant="contained" color="error" sx={{ minHeight: 56 }} data-testid="check-alarm-link">
          {t('outletCheck.openAlarm')}
        </Button>
      ) : null}
      {check.drift && check.node ? (
        <Alert severity="warning" data-testid="check-drift">
          {t('outlets.drift')}
          <br />
          {t('outletCheck.driftNode', { celsius: format.temperature(check.node.celsius), time: format.timeOfDay(check.node.at) })}
        </Alert>
      ) : null}
    </Box>
  );
}
