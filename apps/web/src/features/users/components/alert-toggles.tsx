import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ALARM_CHANNELS, ALARM_KINDS, NOTIFICATION_MODES, type TAlarmChannel, type TAlarmKind } from '@aquasmart/domain';
import { FormMultiSelect } from '../../../components/form/form-multi-select';
import { FormSelect } from '../../../components/form/form-select';
import { FormSwitch } from '../../../components/form/form-switch';
import { FormTextField } from '../../../components/form/form-text-field';
import { FieldGrid, Section } from '../../../components/page';
import type { TAlarmNotificationsFormValues } from '../alarm-notifications-form';

/**
 * The alarm notifications editor (docs/alarm-notifications.md) and the monthly logbook toggle
 * (docs/logbook.md): on the own account and on the user forms. Per alarm kind off / immediately /
 * daily digest, quiet hours, time zone and customers. The form's fields are `alarmNotifications.*`
 * and `logbookEmails`.
 */
type TNotificationValues = { alarmNotifications: TAlarmNotificationsFormValues; logbookEmails: boolean };

/** The zones the runtime knows, the chosen one kept even if it is not among them. */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) || !current ? known : [current, ...known];
}

function CustomersChoice({ options, loading, whose }: { options: readonly string[]; loading?: boolean; whose: TWhose }) {
  const { t } = useTranslation();
  const { control } = useFormContext<TNotificationValues>();
  const { field } = useController({ control, name: 'alarmNotifications.customersMode' });
  return (
    <FormControl component="fieldset" sx={{ width: '100%' }}>
      <FormLabel component="legend" sx={{ typography: 'body2', fontWeight: 600, color: 'text.primary', '&.Mui-focused': { color: 'text.primary' } }}>
        {t('alarmNotifications.customers')}
      </FormLabel>
      <RadioGroup row value={field.value} onChange={(event) => field.onChange(event.target.value)} name={field.name}>
        <FormControlLabel value="all" control={<Radio />} label={t(whose === 'own' ? 'alarmNotifications.customersAll' : 'alarmNotifications.customersAllOther')} />
        <FormControlLabel value="chosen" control={<Radio />} label={t('alarmNotifications.customersChosen')} />
      </RadioGroup>
      {field.value === 'chosen' ? (
        <Box sx={{ mt: 1 }}>
          <FormMultiSelect<TNotificationValues> name="alarmNotifications.customers" label={t('alarmNotifications.customersPick')} options={options} loading={loading} />
        </Box>
      ) : null}
    </FormControl>
  );
}

/**
 * The channels of one kind (docs/alarm-notifications.md, "Channels"): a group of checkboxes named
 * after the kind ("Node offline via"), e-mail first.
 */
function KindChannels({ kind }: { kind: TAlarmKind }) {
  const { t } = useTranslation();
  const { control } = useFormContext<TNotificationValues>();
  const { field, fieldState } = useController({ control, name: `alarmNotifications.channels.${kind}` });
  const chosen = (field.value ?? []);
  const toggle = (channel: TAlarmChannel, on: boolean) => field.onChange(ALARM_CHANNELS.filter((entry) => (entry === channel ? on : chosen.includes(entry))));
  const legend = t('alarmNotifications.channelsOf', { kind: t(`alarmNotifications.kinds.${kind}`) });
  return (
    <FormControl component="fieldset" error={fieldState.error !== undefined} sx={{ mt: 0.5 }}>
      <FormLabel component="legend" sx={{ typography: 'caption', color: 'text.secondary' }}>
        {legend}
      </FormLabel>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
        {ALARM_CHANNELS.map((channel) => (
          <FormControlLabel
            key={channel}
            sx={{ mr: 0.5 }}
            control={<Checkbox size="small" checked={chosen.includes(channel)} onChange={(event) => toggle(channel, event.target.checked)} />}
            label={<Typography variant="body2">{t(`alarmNotifications.channels.${channel}`)}</Typography>}
          />
        ))}
      </Box>
      {fieldState.error?.message ? <FormHelperText>{t(fieldState.error.message)}</FormHelperText> : null}
    </FormControl>
  );
}

/** Whose settings the form shows: the signed-in user's own ("uw tijdzone") or another user's, edited by an administrator. */
type TWhose = 'own' | 'other';

export function AlertToggles({ customerOptions, customersLoading, whose }: { customerOptions: readonly string[]; customersLoading?: boolean; whose: TWhose }) {
  const { t } = useTranslation();
  const { control } = useFormContext<TNotificationValues>();
  const quietHoursOn = useWatch({ control, name: 'alarmNotifications.quietHoursOn' });
  const timeZone = useWatch({ control, name: 'alarmNotifications.timeZone' });
  const modeOptions = NOTIFICATION_MODES.map((mode) => ({ value: mode, label: t(`alarmNotifications.modes.${mode}`) }));
  return (
    <>
      <Section title={t('alarmNotifications.title')}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t(whose === 'own' ? 'alarmNotifications.help' : 'alarmNotifications.helpOther')}
        </Typography>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Typography component="legend" variant="body2" sx={{ fontWeight: 600, mb: 1.5, p: 0 }}>
            {t('alarmNotifications.kindsLegend')}
          </Typography>
          <FieldGrid>
            {ALARM_KINDS.map((kind) => (
              <Box key={kind} sx={{ minWidth: 0 }}>
                <FormSelect<TNotificationValues> name={`alarmNotifications.kinds.${kind}`} label={t(`alarmNotifications.kinds.${kind}`)} options={modeOptions} fullWidth />
                <KindChannels kind={kind} />
              </Box>
            ))}
          </FieldGrid>
        </Box>
        <Box sx={{ mt: 3 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
            {t('alarmNotifications.webhooksTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {t(whose === 'own' ? 'alarmNotifications.webhooksHelp' : 'alarmNotifications.webhooksHelpOther')}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
            <FormTextField<TNotificationValues> name="alarmNotifications.teamsUrl" label={t('alarmNotifications.teamsUrl')} type="url" fullWidth autoComplete="off" />
            <FormTextField<TNotificationValues> name="alarmNotifications.slackUrl" label={t('alarmNotifications.slackUrl')} type="url" fullWidth autoComplete="off" />
          </Box>
        </Box>
        <Box sx={{ mt: 3 }}>
          <FormSwitch<TNotificationValues> name="alarmNotifications.quietHoursOn" label={t('alarmNotifications.quietHoursOn')} description={t('alarmNotifications.quietHoursHelp')} />
          {quietHoursOn ? (
            <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2, mt: 1.5, maxWidth: 420 }}>
              {/* The browser's own time input: typed hour and minutes (7:00 as well as 07:00), arrow keys, read out by screen readers. */}
              <FormTextField<TNotificationValues> name="alarmNotifications.quietFrom" label={t('alarmNotifications.quietFrom')} type="time" required fullWidth />
              <FormTextField<TNotificationValues> name="alarmNotifications.quietTo" label={t('alarmNotifications.quietTo')} type="time" required fullWidth />
            </Box>
          ) : null}
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, mt: 3 }}>
          <FormSelect<TNotificationValues>
            name="alarmNotifications.timeZone"
            label={t('alarmNotifications.timeZone')}
            options={timeZones(timeZone).map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }))}
            fullWidth
          />
        </Box>
        <Box sx={{ mt: 3 }}>
          <CustomersChoice options={customerOptions} loading={customersLoading} whose={whose} />
        </Box>
      </Section>
      <Section title={t('alarmNotifications.logbookTitle')}>
        <FormSwitch<TNotificationValues> name="logbookEmails" label={t('users.logbookEmails')} description={t('users.logbookEmailsHelp')} />
      </Section>
    </>
  );
}
