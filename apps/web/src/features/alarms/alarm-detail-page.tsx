import { Link as RouterLink, Navigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { useTranslation } from 'react-i18next';
import { isAdministrator, type TAlarmCloseReason, type TAlarmWithEvents } from '@aquasmart/domain';
import { DetailField, PageHeader } from '../../components/page';
import { AlarmStateChip } from '../../components/alarms/alarm-state-chip';
import { alarmScreen } from '../../lib/api/alarms';
import { nodeScreen } from '../../lib/api/nodes';
import { outletScreen } from '../../lib/api/outlets';
import { useCrumbLabel } from '../../lib/routing/crumb-labels';
import { useFormat } from '../../lib/i18n/use-date-time';
import { alarmQuery } from './api/alarms-api';
import { AlarmActions } from './components/alarm-actions';
import { alarmPlace, alarmSubject, ConditionText } from './components/alarm-columns';
import { AlarmMeasurement } from './components/alarm-measurement';
import { AlarmTimeline } from './components/alarm-timeline';
import { AlarmMessages } from './components/alarm-messages';
import { useCurrentUser } from '../../lib/session/current-user';
import { QueryStatus } from '../../components/progress/query-status';

/** "26-11-2026 14:05 door Mark de Monteur", or a dash. */
/** Why the portal closed the alarm (its last 'closed' step's reason), null while active or when its condition cleared. */
function closeReason(alarm: TAlarmWithEvents): TAlarmCloseReason | null {
  return alarm.closedAt ? (alarm.events.filter((event) => event.action === 'closed').at(-1)?.reason ?? null) : null;
}

/** A check alarm's outlet (docs/outlets.md): its name and, where the details hold it, its id (checkOverdue). */
function outletName(alarm: TAlarmWithEvents): string | null {
  return (alarm.kind === 'checkDeviation' || alarm.kind === 'checkOverdue') && typeof alarm.details.outletName === 'string' ? alarm.details.outletName : null;
}
/** A sampling alarm's sample point (legionella, samplingOverdue; docs/sampling.md): its name in the details. */
function pointName(alarm: TAlarmWithEvents): string | null {
  return (alarm.kind === 'legionella' || alarm.kind === 'samplingOverdue') && typeof alarm.details.pointName === 'string' ? alarm.details.pointName : null;
}
function outletId(alarm: TAlarmWithEvents): number | null {
  return outletName(alarm) !== null && typeof alarm.details.outletId === 'number' ? alarm.details.outletId : null;
}

function useByAt() {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  return (at: string | null, person: { name: string } | null) => (at ? (person ? t('alarms.detail.byAt', { at: dateTime(at), name: person.name }) : dateTime(at)) : null);
}

function AlarmFacts({ alarm }: { alarm: TAlarmWithEvents }) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const byAt = useByAt();
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
      <DetailField label={t(pointName(alarm) !== null ? 'alarms.detail.samplePoint' : outletName(alarm) !== null ? 'alarms.detail.outlet' : 'alarms.detail.subject')}>
        {pointName(alarm) ?? outletName(alarm) ?? alarmSubject(t, alarm)}
        {alarm.deviceEui && alarm.deviceName ? (
          <Box component="span" sx={{ display: 'block', fontFamily: 'monospace', fontSize: 13, color: 'text.secondary' }}>
            {alarm.deviceEui}
          </Box>
        ) : null}
      </DetailField>
      {alarm.channelId ? <DetailField label={t('alarms.detail.channel')}>{alarm.channelName || alarm.channelId}</DetailField> : null}
      <DetailField label={t('alarms.detail.customer')}>{alarm.customerId === null ? null : (alarm.customerName ?? t('alarms.removed'))}</DetailField>
      <DetailField label={t('alarms.detail.location')}>{alarm.locationId === null ? null : (alarm.locationName ?? t('alarms.removed'))}</DetailField>
      <DetailField label={t('alarms.detail.openedAt')}>{dateTime(alarm.openedAt)}</DetailField>
      {/* While the condition holds the state line above says so; the fact is only when it ended. */}
      {alarm.closedAt ? <DetailField label={t(closeReason(alarm) ? 'alarms.detail.closedBy' : 'alarms.detail.closedAt')}>{dateTime(alarm.closedAt)}</DetailField> : null}
      <DetailField label={t('alarms.detail.assignee')}>{alarm.assignee?.name}</DetailField>
      <DetailField label={t('alarms.detail.acknowledged')}>{byAt(alarm.acknowledgedAt, alarm.acknowledgedBy)}</DetailField>
      <DetailField label={t('alarms.detail.resolved')}>{byAt(alarm.resolvedAt, alarm.resolvedBy)}</DetailField>
      {alarm.resolution ? (
        <DetailField label={t('alarms.detail.resolution')} wide>
          {alarm.resolution}
        </DetailField>
      ) : null}
    </Box>
  );
}

/**
 * Whether the condition is present, or since when it is over; an alarm the portal closed for a
 * reason (the node moved or was removed, ...) says that instead: its condition may still be there.
 */
function ClosedText({ alarm }: { alarm: TAlarmWithEvents }) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const reason = closeReason(alarm);
  // "Opgelost, toestand nog aanwezig" on the chip already says it: one line for the state, not two.
  if (alarm.state === 'resolved' && !alarm.closedAt) return null;
  if (!alarm.closedAt || !reason) return <ConditionText closedAt={alarm.closedAt} />;
  return (
    <Box component="span" data-condition="closed" data-reason={reason} sx={{ color: 'text.secondary' }}>
      {t('alarms.condition.closedBecause', { at: dateTime(alarm.closedAt), reason: t(`alarms.timeline.reasons.${reason}`) })}
    </Box>
  );
}

/**
 * /alarms/{id} (docs/alarms-screens.md, "Detail"), where the e-mails link to: what the alarm is
 * about, its state in one line, what it measured ("resolved, condition still present" while the condition holds), the handling
 * steps for a user who may handle it, and the timeline.
 */
export function AlarmDetailPage() {
  const { t } = useTranslation();
  const raw = useParams().id ?? '';
  const id = /^[1-9]\d*$/.test(raw) ? Number(raw) : null;
  const result = useQuery({ ...alarmQuery(id ?? 0), enabled: id !== null });
  const alarm = result.data;
  const admin = isAdministrator(useCurrentUser().data);
  // The crumb names the alarm ("Spoelalarm") instead of its number.
  useCrumbLabel(alarmScreen(id ?? 0), alarm ? t(`alarms.kinds.${alarm.kind}`) : undefined);
  if (id === null) return <Navigate to="/404" replace />;
  const place = alarm ? alarmPlace(t, alarm) : '';
  return (
    <>
      <PageHeader title={alarm ? t(`alarms.kinds.${alarm.kind}`) : t('routes.alarmDetail').replace(':id', String(id))} subtitle={alarm ? [alarmSubject(t, alarm), place].filter(Boolean).join(' · ') : undefined}>
        {alarm?.deviceEui && alarm.customerName && alarm.locationName ? (
          <Button component={RouterLink} to={nodeScreen(alarm.customerName, alarm.locationName, alarm.deviceEui)} variant="outlined" endIcon={<ArrowForwardIcon />}>
            {t('alarms.detail.openNode')}
          </Button>
        ) : null}
        {alarm && outletId(alarm) !== null ? (
          <Button component={RouterLink} to={outletScreen(outletId(alarm) ?? 0)} variant="outlined" endIcon={<ArrowForwardIcon />}>
            {t('alarms.detail.openOutlet')}
          </Button>
        ) : null}
      </PageHeader>
      <QueryStatus query={result} errorText={t('alarms.detail.loadError')} gap={2} />
      {alarm ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' }, gap: 2, alignItems: 'start' }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Box data-state-line sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5, mb: 2 }}>
              <AlarmStateChip state={alarm.state} closedAt={alarm.closedAt} size="medium" />
              <Typography variant="body2" component="span">
                <ClosedText alarm={alarm} />
              </Typography>
            </Box>
            <AlarmMeasurement alarm={alarm} />
            {alarm.mayHandle ? null : (
              <Alert severity="info" sx={{ mb: 2 }}>
                {t('alarms.detail.notAllowed')}
              </Alert>
            )}
            <Box sx={{ mb: 3 }}>
              <AlarmActions alarm={alarm} />
            </Box>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
              {t('alarms.detail.facts')}
            </Typography>
            <AlarmFacts alarm={alarm} />
          </Paper>
          <Paper variant="outlined" component="section" aria-labelledby="alarm-timeline-title" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography id="alarm-timeline-title" component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
              {t('alarms.detail.timeline')}
            </Typography>
            <AlarmTimeline events={alarm.events} />
            {admin ? (
              <Box sx={{ mt: 3, pt: 2, borderTop: 1, borderColor: 'divider' }}>
                <AlarmMessages alarmId={alarm.id} />
              </Box>
            ) : null}
          </Paper>
        </Box>
      ) : null}
    </>
  );
}
