import { useEffect, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormProvider, useController, useFieldArray, useFormContext } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';
import {
  formatLocale,
  formatNumber,
  alarmRule,
  hasTurnTimes,
  isDeviceType,
  emptyPeriod,
  INPUT_COUNT,
  INPUT_UNITS,
  isAdministrator,
  MAX_FLUSH_PERIODS,
  MEASURE_MODES,
  PERIODS_REGISTER,
  registersFromSettingsForm,
  settingsFormFromRegisters,
  settingsFormPath,
  settingsFormPaths,
  settingsFormSchema,
  settingsOf,
  SETTING_RULES,
  WEEKDAYS,
  weeklyPeriods,
  type TDevice,
  type TDeviceType,
  type TRegisterChange,
  type TSetting,
  type TSettingsForm,
  type TSettingUnit,
} from '@aquasmart/domain';
import { FormSelect } from '../../../components/form/form-select';
import { FormSwitch } from '../../../components/form/form-switch';
import { FormTextField } from '../../../components/form/form-text-field';
import { useSaveFlow } from '../../../components/form/use-save-flow';
import { useZodForm } from '../../../components/form/use-zod-form';
import { FieldGrid, FormActions, PageHeader, Section } from '../../../components/page';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { HttpError, isHttpError } from '../../../lib/http/http-error';
import { translateMessage } from '../../../lib/i18n/i18n';
import { NODES_QUERY_ROOT, nodeQuery, nodeScreen } from '../../../lib/api/nodes';
import { useCurrentUser } from '../../../lib/session/current-user';
import { useNodeCrumbs } from '../components/use-node-crumbs';
import { postNodeParameters } from './settings-api';
import { localOffsetMinutes, localTimeZone, unitText } from './settings-text';
import { inputTitle, type TChannelNames } from './settings-view';
import { QueryStatus } from '../../../components/progress/query-status';

type TTranslate = ReturnType<typeof useTranslation>['t'];

const shownNumber = (language: string, value: number) => formatNumber(value, formatLocale(language), { maxDecimals: 20 });

/** "1 tot 60 min", "0 tot 1250 ms, een veelvoud van 5": numbers in the reader's language, as the messages write them. */
function rangeText(t: TTranslate, language: string, rule: { min: number; max: number; multipleOf?: number }, unit?: TSettingUnit): string {
  const shown = (value: number) => shownNumber(language, value);
  const range = t('nodeSettings.editor.rangeHelp', { min: shown(rule.min), max: shown(rule.max) });
  const withUnit = unit ? `${range} ${unitText(t, unit)}` : range;
  return rule.multipleOf ? `${withUnit}, ${t('nodeSettings.editor.multipleHelp', { step: shown(rule.multipleOf) })}` : withUnit;
}

/** "Spoelduur (min)", "Zendinterval (uur)". */
const withUnit = (t: TTranslate, label: string, unit?: TSettingUnit) => (unit ? `${label} (${unitText(t, unit)})` : label);

/** One setting of the catalogue as its field: a switch, a mode choice or a number typed as text. */
function SettingField({ setting }: { setting: TSetting }) {
  const { t, i18n } = useTranslation();
  const label = t(`nodeSettings.fields.${setting.id}`);
  if (setting.kind === 'flushToggle' || setting.kind === 'overflowToggle') return <FormSwitch<TSettingsForm> name={setting.id} label={label} />;
  if (setting.kind === 'mode') {
    return <FormSelect<TSettingsForm> name={setting.id} label={label} fullWidth options={MEASURE_MODES.map((mode) => ({ value: mode, label: t(`nodeSettings.modes.${mode}`) }))} />;
  }
  const decimals = setting.rule?.decimals !== undefined;
  const range = setting.rule ? rangeText(t, i18n.language, setting.rule, setting.unit) : undefined;
  // The value that means off stays a number here (the specification's rule); the hint says what it means.
  const off = setting.off === undefined ? undefined : t('nodeSettings.editor.offHelp', { value: shownNumber(i18n.language, setting.off) });
  return (
    <FormTextField<TSettingsForm>
      name={setting.id}
      label={withUnit(t, label, setting.unit)}
      fullWidth
      autoComplete="off"
      inputProps={{ inputMode: decimals ? 'decimal' : 'numeric' }}
      helperText={[range, off].filter(Boolean).join('; ') || undefined}
    />
  );
}

/** Switches first on a row of their own, then the other fields two by two. */
function SettingFields({ settings }: { settings: readonly TSetting[] }) {
  if (settings.length === 0) return null;
  const isSwitch = (setting: TSetting) => setting.kind === 'flushToggle' || setting.kind === 'overflowToggle';
  return (
    <FieldGrid>
      {[...settings.filter(isSwitch), ...settings.filter((setting) => !isSwitch(setting))].map((setting) => (
        <Box key={setting.id} sx={{ gridColumn: isSwitch(setting) ? '1 / -1' : undefined, minWidth: 0 }}>
          <SettingField setting={setting} />
        </Box>
      ))}
    </FieldGrid>
  );
}

function InputFields({ type, channels }: { type: TDeviceType; channels: TChannelNames }) {
  const { t, i18n } = useTranslation();
  const modeOptions = MEASURE_MODES.map((mode) => ({ value: mode, label: t(`nodeSettings.modes.${mode}`) }));
  const alarmRange = rangeText(t, i18n.language, alarmRule(type), INPUT_UNITS.lowAlarm);
  const titleOf = (index: number) => {
    const title = inputTitle(channels, index);
    return t(title.key, title.params);
  };
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {Array.from({ length: INPUT_COUNT[type] }, (_unused, index) => (
        <Box key={index} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Typography component="legend" variant="body2" sx={{ fontWeight: 600, mb: 1.5 }}>
            {titleOf(index)}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: hasTurnTimes(type) ? 'repeat(5, 1fr)' : 'repeat(3, 1fr)' } }}>
            <FormSelect<TSettingsForm> name={`inputs.${index}.mode`} label={t('nodeSettings.inputFields.mode')} fullWidth options={modeOptions} />
            {(['lowAlarm', 'highAlarm'] as const).map((field) => (
              <FormTextField<TSettingsForm>
                key={field}
                name={`inputs.${index}.${field}`}
                label={withUnit(t, t(`nodeSettings.inputFields.${field}`), INPUT_UNITS[field])}
                fullWidth
                autoComplete="off"
                inputProps={{ inputMode: 'decimal' }}
                helperText={`${t('nodeSettings.editor.alarmHelp')}; ${alarmRange}`}
              />
            ))}
            {hasTurnTimes(type)
              ? (['turnOnTime', 'turnOffTime'] as const).map((field) => (
                  <FormTextField<TSettingsForm>
                    key={field}
                    name={`inputs.${index}.${field}`}
                    label={withUnit(t, t(`nodeSettings.inputFields.${field}`), INPUT_UNITS[field])}
                    fullWidth
                    autoComplete="off"
                    inputProps={{ inputMode: 'numeric' }}
                    helperText={rangeText(t, i18n.language, SETTING_RULES.turnTime, INPUT_UNITS[field])}
                  />
                ))
              : null}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function DaysField({ index }: { index: number }) {
  const { t } = useTranslation();
  const { control } = useFormContext<TSettingsForm>();
  const { field, fieldState } = useController({ control, name: `periods.${index}.days` });
  const days = field.value;
  const error = fieldState.error?.message;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0, gridColumn: '1 / -1' }}>
      <Typography component="legend" variant="body2" color="text.secondary">
        {t('nodeSettings.days')}
      </Typography>
      <FormGroup row>
        {WEEKDAYS.map((day) => (
          <FormControlLabel
            key={day}
            label={t(`nodeSettings.weekdaysShort.${day}`)}
            control={
              <Checkbox
                checked={days[day]}
                onChange={(event) => field.onChange({ ...days, [day]: event.target.checked })}
                slotProps={{ input: { 'aria-label': t(`nodeSettings.weekdays.${day}`) } }}
              />
            }
          />
        ))}
      </FormGroup>
      {error ? (
        <FormHelperText error role="alert">
          {translateMessage(t, error)}
        </FormHelperText>
      ) : null}
    </Box>
  );
}

function PeriodFields({ type }: { type: TDeviceType }) {
  const { t, i18n } = useTranslation();
  const { control } = useFormContext<TSettingsForm>();
  const periods = useFieldArray({ control, name: 'periods' });
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {t('nodeSettings.localTime', { zone: localTimeZone() })}
      </Typography>
      {periods.fields.length === 0 ? <Typography variant="body2">{t('nodeSettings.noPeriods')}</Typography> : null}
      {periods.fields.map((period, index) => (
        <Box key={period.id} component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0, minWidth: 0 }}>
          <Box component="legend" sx={{ px: 0.5, display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
              {t('nodeSettings.period', { number: index + 1 })}
            </Typography>
            <IconButton size="small" onClick={() => periods.remove(index)} aria-label={t('nodeSettings.removePeriod', { number: index + 1 })}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: weeklyPeriods(type) ? 'repeat(3, 1fr)' : 'repeat(2, 1fr)' } }}>
            <FormTextField<TSettingsForm> name={`periods.${index}.start`} label={t('nodeSettings.periodStart')} type="time" required fullWidth />
            <FormTextField<TSettingsForm> name={`periods.${index}.stop`} label={t('nodeSettings.periodStop')} type="time" required fullWidth />
            {weeklyPeriods(type) ? (
              <FormTextField<TSettingsForm>
                name={`periods.${index}.flushCycles`}
                label={t('nodeSettings.periodFlushCycles')}
                required
                fullWidth
                autoComplete="off"
                inputProps={{ inputMode: 'numeric' }}
                helperText={rangeText(t, i18n.language, SETTING_RULES.periodFlushCycles)}
              />
            ) : null}
            {weeklyPeriods(type) ? <DaysField index={index} /> : null}
          </Box>
        </Box>
      ))}
      {periods.fields.length < MAX_FLUSH_PERIODS ? (
        <Box>
          <Button startIcon={<AddIcon />} onClick={() => periods.append(emptyPeriod())}>
            {t('nodeSettings.addPeriod')}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}

/** The server names body fields (`0.value.logInterval`); the form marks its own (`logInterval`). */
function withFormFields(error: unknown, type: TDeviceType, sent: TRegisterChange[]): unknown {
  if (!isHttpError(error) || !error.body) return error;
  const fields: Record<string, string> = {};
  for (const [path, key] of Object.entries(error.fields)) {
    const formPath = settingsFormPath(type, sent, path);
    if (formPath) fields[formPath] = key;
  }
  return new HttpError(error.status, error.method, error.url, { ...error.body, fields });
}

function SettingsForm({ device, type, title }: { device: TDevice; type: TDeviceType; title: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const administrator = isAdministrator(useCurrentUser().data);
  // The offset of the moment the screen opened: load and save convert with the same one.
  const offset = useMemo(() => localOffsetMinutes(), []);
  const parameters = device.sipp.parameters;
  const separator = formatNumber(1.5, formatLocale(i18n.language), { decimals: 1 }).charAt(1);
  const values = useMemo(() => settingsFormFromRegisters(type, parameters, offset, separator), [type, parameters, offset, separator]);
  const schema = useMemo(() => settingsFormSchema(type, parameters, { administrator }), [type, parameters, administrator]);
  const form = useZodForm(schema, { defaultValues: values });
  const { reset } = form;
  useEffect(() => reset(values), [values, reset]);
  const back = `${nodeScreen(device.customer ?? '', device.location ?? '', device.eui)}#settings`;
  const runSave = useSaveFlow<TSettingsForm>({
    setError: form.setError,
    fields: settingsFormPaths(type),
    successKey: 'snackbar.settingsEdit',
    errorKey: 'snackbar.settingsEditError',
    staleQueryRoots: [NODES_QUERY_ROOT],
  });

  const onSubmit = form.handleSubmit(async (submitted) => {
    const changes = registersFromSettingsForm(type, submitted, parameters, offset, { administrator });
    if (changes.length === 0) {
      snackbar.success('snackbar.settingsNoChanges');
      await navigate(back, { replace: true });
      return;
    }
    await runSave(async () => {
      try {
        await postNodeParameters(device.eui, changes);
      } catch (error) {
        throw withFormFields(error, type, changes);
      }
      queryClient.removeQueries({ queryKey: nodeQuery(device.eui).queryKey });
      return back;
    });
  });

  const settings = settingsOf(type);
  const pick = (ids: readonly string[]) => settings.filter((setting) => ids.includes(setting.id) && !setting.adminOnly);
  const measure = pick(['logInterval', 'mode']);
  const flush = pick(['flushEnabled', 'flushtime', 'flushCycles', 'highTempFlushtime', 'highTempFlushdelay', 'flushStartThreshold', 'flushStopThreshold']);
  const adminBlock = settings.filter((setting) => setting.adminOnly);

  return (
    <FormProvider {...form}>
      <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} aria-label={title}>
        <Section>
          <Typography variant="body2" color="text.secondary">
            {t('nodeSettings.editor.pendingNote')}
          </Typography>
        </Section>
        {measure.length ? (
          <Section title={t('nodeSettings.editor.measure')}>
            <SettingFields settings={measure} />
          </Section>
        ) : null}
        {INPUT_COUNT[type] > 0 ? (
          <Section title={t('nodeSettings.editor.inputs')}>
            <InputFields type={type} channels={device.channels} />
          </Section>
        ) : null}
        {flush.length ? (
          <Section title={t('nodeSettings.editor.flush')}>
            <SettingFields settings={flush} />
          </Section>
        ) : null}
        {PERIODS_REGISTER[type] !== undefined ? (
          <Section title={t('nodeSettings.periods')}>
            <PeriodFields type={type} />
          </Section>
        ) : null}
        {administrator ? (
          <Section title={t('nodeSettings.adminBlock')}>
            <SettingFields settings={adminBlock} />
          </Section>
        ) : null}
        <FormActions submitLabel={t('common.save')} busy={form.formState.isSubmitting} />
      </Paper>
    </FormProvider>
  );
}

/**
 * /nodes/{customer}/{location}/{eui}/settings (settings right; docs/node-settings.md "Screens"):
 * the node's registers for its type with the validation table; save sends only what changed and
 * returns to #settings, where the changed registers show pending until the node reports them.
 */
export function NodeSettingsPage() {
  const { t } = useTranslation();
  const eui = useParams().eui ?? '';
  const result = useQuery(nodeQuery(eui));
  const device = result.data;
  const title = t('routes.nodeSettings').replace(':eui', device?.name || eui);
  useNodeCrumbs(device, '/settings', title);
  const rawType = device?.type;
  const type = isDeviceType(rawType) ? rawType : undefined;
  const supported = type !== undefined;
  return (
    <>
      <PageHeader title={title} subtitle={device ? `${device.eui} · ${device.type} · ${device.customer ?? ''} · ${device.location ?? ''}` : undefined} />
      <QueryStatus query={result} errorText={t('nodeSettings.editor.loadError')} gap={2} />
      {device && !supported ? <Alert severity="warning">{t('nodeSettings.editor.unsupported')}</Alert> : null}
      {device && supported && device.sipp.parameters.length === 0 ? <Alert severity="info">{t('nodeSettings.editor.noParameters')}</Alert> : null}
      {device && supported && device.sipp.parameters.length > 0 ? <SettingsForm device={device} type={type} title={title} /> : null}
    </>
  );
}
