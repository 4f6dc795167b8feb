import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FAULTY_READING_AT_OR_BELOW, formatLocale, formatNumber, hasAnyRight, isAdministrator, isNewBatteryReading, roleFromMode, supplyVoltageThreshold, type TDevice } from '@aquasmart/domain';
import { useCurrentUser } from '../../../lib/session/current-user';
import { customerScreen, locationScreen } from '../../../lib/api/places';
import { DetailField, DetailList, Section } from '../../../components/page';
import { openOverflowQuery } from './api/node-detail-api';
import { openAlarms, type TNodeAlarm } from './node-alarms';
import { dateText, dateTimeText, numberText } from './format';
import { BatterySwapButton } from './calibration/battery-swap-button';
import { DriftNotice } from './calibration/drift-notice';
import { ChannelCalibrationActions } from './calibration/channel-calibration-actions';
import { syncStateOf } from '../settings/settings-view';

function useAlarmText() {
  const { t, i18n } = useTranslation();
  const when = (at: number | null) => dateTimeText(i18n.language, at);
  return (alarm: TNodeAlarm): string => {
    switch (alarm.kind) {
      case 'offline':
        return alarm.at === null ? t('nodeDetail.alarms.offlineNever') : t('nodeDetail.alarms.offline', { time: when(alarm.at) });
      case 'faultySensor':
        return t('nodeDetail.alarms.faultySensor', { channel: alarm.channel, time: when(alarm.at) || '—' });
      case 'battery':
        return alarm.voltage === null
          ? t('nodeDetail.alarms.batteryNoVoltage', { time: when(alarm.at) })
          : t('nodeDetail.alarms.battery', { voltage: `${numberText(i18n.language, alarm.voltage, 2)} V`, time: when(alarm.at) });
      case 'flush':
        return t('nodeDetail.alarms.flush', { time: when(alarm.at), deviation: alarm.deviation });
      case 'overflow':
        return t('nodeDetail.alarms.overflow', { time: when(alarm.at) });
      case 'incorrectSettings':
        return t('nodeDetail.alarms.incorrectSettings');
    }
  };
}

/** Alarm severities: what stops the node measuring is an error, the rest a warning. */
const SEVERITY: Record<TNodeAlarm['kind'], 'error' | 'warning'> = {
  offline: 'error',
  faultySensor: 'error',
  overflow: 'error',
  battery: 'warning',
  flush: 'warning',
  incorrectSettings: 'warning',
};

/** The newest voltage with its measurement time; one of the battery before the last swap is named as such (docs/calibration.md). */
function useBatteryVoltageText() {
  const { t, i18n } = useTranslation();
  return (device: TDevice): string | null => {
    if (device.battery.voltage === null) return null;
    const voltage = t('nodeDetail.details.volts', { value: numberText(i18n.language, device.battery.voltage, 2) });
    const seconds = device.channels.find((channel) => channel.id === 'battery1')?.ts ?? null;
    if (seconds === null) return voltage;
    const time = dateTimeText(i18n.language, seconds * 1000);
    const swapped = device.battery.ts ? Date.parse(device.battery.ts) : Number.NaN;
    const threshold = supplyVoltageThreshold(device.sipp.parameters.find((parameter) => parameter.register === 1)?.value);
    const current = isNewBatteryReading({ voltage: device.battery.voltage, threshold, readingMs: seconds * 1000, swappedMs: Number.isNaN(swapped) ? null : swapped });
    return current ? t('nodeDetail.details.voltageMeasured', { voltage, time }) : t('nodeDetail.details.voltageBeforeSwap', { voltage, time });
  };
}

function channelValue(language: string, channel: TDevice['channels'][number], noSensor: string): string {
  if (channel.value === null) return '';
  if (channel.type === 'Temperatuur' || channel.id.startsWith('temperature')) {
    return channel.value <= FAULTY_READING_AT_OR_BELOW ? noSensor : `${numberText(language, channel.value, 1)} °C`;
  }
  if (channel.id.startsWith('battery')) return `${numberText(language, channel.value, 2)} V`;
  return formatNumber(channel.value, formatLocale(language), { maxDecimals: 3 });
}

/**
 * The #details (service) tab: open alarms first (what a field engineer came for), then the node,
 * its channels, battery and calibration, and the notes. Calibration interval and minimum
 * deviation need settings or calibration; offsets and last calibrations need calibration
 * (docs/nodes-screens.md, "Service tab"); the network server is shown to administrators.
 * Calibration, offset edit and battery swap act from here (calibration/, docs/calibration.md).
 */
export function NodeDetails({ device, now = Date.now }: { device: TDevice; now?: () => number }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const user = useCurrentUser().data;
  const admin = isAdministrator(user);
  const showCalibrationSettings = hasAnyRight(user, 'settings', 'calibration');
  const showCalibration = hasAnyRight(user, 'calibration');
  const readsOverflow = hasAnyRight(user, 'overflowDetection', 'dashboard');
  const overflow = useQuery({ ...openOverflowQuery(device.eui), enabled: readsOverflow });
  const alarms = openAlarms(device, now(), overflow.data ?? null);
  const alarmText = useAlarmText();
  const batteryVoltageText = useBatteryVoltageText();
  const version = device.sipp.diagnostics.version;
  const syncState = syncStateOf(device.sync, device.type, device.sipp.parameters).state;
  const signal =
    device.lora.rssi === null
      ? t('nodeDetail.details.signalLevel', { level: device.signal })
      : t('nodeDetail.details.signalValue', { level: device.signal, rssi: device.lora.rssi, snr: numberText(language, device.lora.snr, 1) || '—' });
  const channels = device.channels.filter((channel) => !channel.id.startsWith('flush'));

  return (
    <Stack spacing={2}>
      <Paper variant="outlined">
        <Section title={t('nodeDetail.details.alarmsTitle')}>
          {alarms.length === 0 ? (
            <Typography color="text.secondary">{t('nodeDetail.details.noAlarms')}</Typography>
          ) : (
            <Stack spacing={1} component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
              {alarms.map((alarm, index) => (
                <li key={`${alarm.kind}-${index}`}>
                  {/* A standing state, not news: no live "alert" role. */}
                  <Alert severity={SEVERITY[alarm.kind]} role="none">
                    {alarmText(alarm)}
                  </Alert>
                </li>
              ))}
            </Stack>
          )}
        </Section>
      </Paper>

      <Paper variant="outlined">
        <Section title={t('nodeDetail.details.nodeTitle')}>
          <DetailList>
            <DetailField label={t('nodeDetail.details.name')}>{device.name}</DetailField>
            <DetailField label={t('nodeDetail.details.eui')}>
              <Box component="span" sx={{ fontFamily: 'monospace', fontSize: { xs: '0.875rem', sm: 'inherit' }, whiteSpace: 'nowrap' }}>
                {device.eui}
              </Box>
            </DetailField>
            <DetailField label={t('nodeDetail.details.type')}>{device.type}</DetailField>
            <DetailField label={t('nodeDetail.details.customer')}>
              {device.customer ? (
                <Link component={RouterLink} to={customerScreen(device.customer)}>
                  {device.customer}
                </Link>
              ) : null}
            </DetailField>
            <DetailField label={t('nodeDetail.details.location')}>
              {device.customer && device.location ? (
                <Link component={RouterLink} to={locationScreen(device.customer, device.location)}>
                  {device.location}
                </Link>
              ) : null}
            </DetailField>
            <DetailField label={t('nodeDetail.details.gateway')}>{device.gateway}</DetailField>
            <DetailField label={t('nodeDetail.details.flushDevice')}>{device.flushDevice}</DetailField>
            <DetailField label={t('nodeDetail.details.version')}>{device.version}</DetailField>
            <DetailField label={t('nodeDetail.details.firmware')}>{version ? `${version.major}.${version.minor}.${version.patch}` : null}</DetailField>
            <DetailField label={t('nodeDetail.details.state')}>{t(`nodeDetail.details.states.${device.lora.state}`, { defaultValue: device.lora.state })}</DetailField>
            <DetailField label={t('nodeDetail.details.lastSeen')}>{dateTimeText(language, device.lora.ts) || t('nodeDetail.details.never')}</DetailField>
            <DetailField label={t('nodeDetail.details.signal')}>{signal}</DetailField>
            <DetailField label={t('nodeDetail.details.sync')}>{t(`nodeDetail.details.syncStates.${syncState}`)}</DetailField>
            {admin ? <DetailField label={t('nodeDetail.details.networkServer')}>{device.lora.networkServer}</DetailField> : null}
          </DetailList>
        </Section>
      </Paper>

      <Paper variant="outlined">
        <Section title={t('nodeDetail.details.channelsTitle')}>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', lg: '1fr 1fr 1fr' }, gap: 2 }}>
            {channels.map((channel) => (
              <Box key={channel.id} component="section" aria-label={channel.name} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
                <Typography component="h3" variant="subtitle2" sx={{ mb: 1.5 }}>
                  {channel.name}
                </Typography>
                {/* Two columns in a card: the page's three would squeeze dates and words. */}
                <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
                  <DetailField label={t('nodeDetail.details.value')}>{channelValue(language, channel, t('nodeDetail.details.noSensor'))}</DetailField>
                  <DetailField label={t('nodeDetail.details.measuredAt')}>{channel.ts === null ? null : dateTimeText(language, channel.ts * 1000)}</DetailField>
                  {channel.id.startsWith('temperature') ? (
                    <>
                      <DetailField label={t('nodeDetail.details.mode')}>{channel.custom.mode}</DetailField>
                      <DetailField label={t('nodeDetail.details.role')}>
                        {channel.role
                          ? t(`nodeDetail.details.roles.${channel.role}`)
                          : `${t(`nodeDetail.details.roles.${roleFromMode(channel.custom.mode)}`)}, ${t('nodeDetail.details.roleFromMode')}`}
                      </DetailField>
                      <DetailField label={t('nodeDetail.details.attachments')}>{channel.custom.attachments?.join(', ')}</DetailField>
                      {showCalibration ? (
                        <>
                          <DetailField label={t('nodeDetail.details.offset')}>{`${numberText(language, channel.offset, 1)} °C`}</DetailField>
                          <DetailField label={t('nodeDetail.details.lastCalibration')}>
                            {dateTimeText(language, channel.calibratedAt) || t('nodeDetail.details.notCalibrated')}
                          </DetailField>
                        </>
                      ) : null}
                    </>
                  ) : null}
                </Box>
                <DriftNotice channel={channel} />
                <ChannelCalibrationActions device={device} channel={channel} />
              </Box>
            ))}
          </Box>
        </Section>
      </Paper>

      <Paper variant="outlined">
        <Section title={t('nodeDetail.details.batteryTitle')}>
          <DetailList>
            <DetailField label={t('nodeDetail.details.batteryVoltage')}>{batteryVoltageText(device)}</DetailField>
            <DetailField label={t('nodeDetail.details.batterySwap')}>{dateText(language, device.battery.ts)}</DetailField>
          </DetailList>
          {showCalibration ? <BatterySwapButton device={device} /> : null}
        </Section>
        {showCalibrationSettings ? (
          <Section title={t('nodeDetail.details.calibrationTitle')}>
            <DetailList>
              <DetailField label={t('nodeDetail.details.calibrationInterval')}>{t('nodeDetail.details.intervalYears', { count: device.calibration.interval })}</DetailField>
              <DetailField label={t('nodeDetail.details.minimumDeviation')}>
                {t('nodeDetail.details.degrees', { value: device.flush.minimumTemperatureDeviation })}
              </DetailField>
              {showCalibration ? (
                <DetailField label={t('nodeDetail.details.calibratedAt')}>{dateText(language, device.calibration.ts) || t('nodeDetail.details.notCalibrated')}</DetailField>
              ) : null}
            </DetailList>
          </Section>
        ) : null}
        <Section>
          <DetailList>
            <DetailField label={t('nodeDetail.details.notes')} wide>
              {device.notes}
            </DetailField>
            <DetailField label={t('nodeDetail.details.locationNotes')} wide>
              {device.locationNotes}
            </DetailField>
          </DetailList>
        </Section>
      </Paper>
    </Stack>
  );
}
