import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { RESPONSIBLE_PERSON_FIELDS, rulebookForCountry, type TRulebookId } from '@aquasmart/domain';
import { useTranslation } from 'react-i18next';
import { FormSelect } from '../form/form-select';
import { FormTextField } from '../form/form-text-field';
import { customerOptionsQuery } from '../../lib/api/customers';
import {
  CUSTOMER_PLATFORMS,
  DEFAULT_RULEBOOK,
  INTERVAL_OPTIONS,
  intervalAfterCustomerChoice,
  LOCATION_FORM_PLATFORMS,
  RULEBOOK_OPTIONS,
  timeZoneOptions,
  visibleEndpointFields,
  type TFormMode,
  type TPlaceFormValues,
  type TPlaceKind,
} from './place-form';
import { NotesField } from './notes-field';
import { FieldGrid, Section } from '../page/index';

export interface TPlaceFormFieldsProps {
  kind: TPlaceKind;
  mode: TFormMode;
  /** Interval, platform, url and token (administrators only; docs/places-screens.md, "Administrator-only fields"). */
  admin: boolean;
  /** A location's customer may change (create, or edit with moveLocation). */
  customerEditable?: boolean;
  /** Name and address may change; false for a field engineer (editNode) who keeps only the notes. */
  detailsEditable?: boolean;
  /** Edit: the location's own customer and interval, restored when the user picks that customer again. */
  original?: { customer: string; interval: string };
}

/** The calibration interval choice: 1, 2 or 3 years. */
export function CalibrationIntervalField({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <FormSelect<TPlaceFormValues>
      name="interval"
      label={t('places.interval')}
      required
      fullWidth
      disabled={disabled}
      options={INTERVAL_OPTIONS.map((value) => ({ value, label: t('places.intervalYears', { count: Number(value) }) }))}
    />
  );
}

/** A location's customer: choosing one takes its interval (create) or, in edit, the new customer's. */
function LocationCustomerField({ mode, disabled, original }: { mode: TFormMode; disabled: boolean; original?: TPlaceFormFieldsProps['original'] }) {
  const { t } = useTranslation();
  const form = useFormContext<TPlaceFormValues>();
  const customers = useQuery(customerOptionsQuery);
  const options = customers.data;
  useEffect(() => {
    if (!options) return;
    // Follows every change of the customer field made by the user (not the form's reset).
    const subscription = form.watch((values, { name, type }) => {
      if (name !== 'customer' || type !== 'change') return;
      const interval = intervalAfterCustomerChoice({ mode, customer: values.customer ?? '', customers: options, current: values.interval ?? '', original });
      if (interval !== values.interval) form.setValue('interval', interval, { shouldDirty: true, shouldValidate: true });
    });
    return () => subscription.unsubscribe();
  }, [form, options, mode, original]);
  const current = useWatch({ control: form.control, name: 'customer' });
  const names = (options ?? []).map((customer) => customer.name);
  if (current && !names.includes(current)) names.unshift(current);
  return (
    <FormSelect<TPlaceFormValues>
      name="customer"
      label={t('places.customer')}
      required
      fullWidth
      disabled={disabled}
      options={names.map((name) => ({ value: name, label: name }))}
    />
  );
}

function EndpointFields({ kind, mode }: { kind: TPlaceKind; mode: TFormMode }) {
  const { t } = useTranslation();
  const form = useFormContext<TPlaceFormValues>();
  const endpoint = useWatch({ control: form.control, name: 'endpoint' });
  const visible = visibleEndpointFields(endpoint, mode);
  const platforms = kind === 'customer' ? CUSTOMER_PLATFORMS : LOCATION_FORM_PLATFORMS;
  return (
    <>
      <FormSelect<TPlaceFormValues>
        name="endpoint.platform"
        label={t('places.platform')}
        fullWidth
        options={platforms.map((platform) => ({ value: platform, label: t(`places.platforms.${platform}`, { defaultValue: platform }) }))}
      />
      {visible.url ? <FormTextField<TPlaceFormValues> name="endpoint.url" label={t('places.url')} required fullWidth type="url" autoComplete="off" /> : null}
      {visible.token ? (
        <FormTextField<TPlaceFormValues>
          name="endpoint.token"
          label={t('places.token')}
          required={endpoint.platform === 'XIC' || endpoint.platform === 'Unica'}
          fullWidth
          autoComplete="off"
        />
      ) : null}
      {visible.ldOptions
        ? (['deviceType', 'subType1', 'subType2', 'subType3'] as const).map((option) => (
            <FormTextField<TPlaceFormValues>
              key={option}
              name={`endpoint.ldOptions.${option}`}
              label={t(`places.ldOptions.${option}`)}
              required
              fullWidth
              autoComplete="off"
            />
          ))
        : null}
    </>
  );
}

/** "Healthcare premises": a checkbox with what it changes under it. */
function HealthcareField({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const { field } = useController<TPlaceFormValues, 'healthcare'>({ name: 'healthcare' });
  return (
    <Box>
      <FormControlLabel
        label={t('places.healthcare')}
        disabled={disabled}
        control={
          <Checkbox
            name={field.name}
            checked={field.value === true}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            slotProps={{ input: { ref: field.ref, 'aria-describedby': 'place-healthcare-help' } }}
          />
        }
      />
      <FormHelperText id="place-healthcare-help" sx={{ mt: -0.5, ml: 4, mr: 0 }}>
        {t('places.healthcareHelp')}
      </FormHelperText>
    </Box>
  );
}

/**
 * The logbook settings (docs/places.md, "Logbook settings"): the rulebook, whose default says what
 * it gives (the customer's country, or the location's customer), and for a location healthcare
 * premises and the time zone.
 */
function LogbookFields({ kind, disabled }: { kind: TPlaceKind; disabled: boolean }) {
  const { t } = useTranslation();
  const form = useFormContext<TPlaceFormValues>();
  const [country, customer, timeZone] = useWatch({ control: form.control, name: ['country', 'customer', 'timeZone'] });
  const customers = useQuery({ ...customerOptionsQuery, enabled: kind === 'location' });
  const inherited: TRulebookId | undefined = kind === 'customer' ? rulebookForCountry(country) : customers.data?.find((option) => option.name === customer)?.rulebook;
  const defaultLabel =
    kind === 'customer'
      ? t('places.rulebookByCountry', { rulebook: inherited })
      : inherited
        ? t('places.rulebookAsCustomer', { rulebook: inherited })
        : t('places.rulebookAsCustomerUnknown');
  return (
    <Section title={t('places.logbookTitle')}>
      <FieldGrid>
        <FormSelect<TPlaceFormValues>
          name="rulebook"
          label={t('places.rulebook')}
          fullWidth
          disabled={disabled}
          helperText={t('places.rulebookHelp')}
          options={RULEBOOK_OPTIONS.map((value) => ({ value, label: value === DEFAULT_RULEBOOK ? defaultLabel : t(`places.rulebooks.${value}`) }))}
        />
        {kind === 'location' ? (
          <FormSelect<TPlaceFormValues>
            name="timeZone"
            label={t('places.timeZone')}
            fullWidth
            disabled={disabled}
            helperText={t('places.timeZoneHelp')}
            options={timeZoneOptions(timeZone).map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }))}
          />
        ) : null}
        {kind === 'location' ? <HealthcareField disabled={disabled} /> : null}
        {kind === 'customer' ? (
          <FormTextField<TPlaceFormValues>
            name="alarmTemperatureMinutes"
            label={t('places.alarmTemperatureMinutes')}
            helperText={t('places.alarmTemperatureMinutesHelp')}
            fullWidth
            disabled={disabled}
            inputProps={{ inputMode: 'numeric' }}
            autoComplete="off"
          />
        ) : null}
      </FieldGrid>
    </Section>
  );
}

/**
 * The logbook's responsible person and deputy (docs/places.md, "Responsible person"): name, role,
 * organisation, e-mail address and phone each; empty is nobody (a location: its customer's hold).
 */
function ResponsibleFields({ kind, disabled }: { kind: TPlaceKind; disabled: boolean }) {
  const { t } = useTranslation();
  const inputType = { email: 'email', phone: 'tel' } as Record<string, string>;
  const autoComplete = { name: 'name', role: 'organization-title', organisation: 'organization', email: 'email', phone: 'tel' } as Record<string, string>;
  return (
    <Section title={t('places.responsibleTitle')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t(kind === 'customer' ? 'places.responsibleHelpCustomer' : 'places.responsibleHelpLocation')}
      </Typography>
      {(['responsible', 'deputy'] as const).map((who) => (
        <Box key={who} component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 1.5, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
            {t(`places.${who}`)}
          </Typography>
          <FieldGrid>
            {RESPONSIBLE_PERSON_FIELDS.map((field) => (
              <FormTextField<TPlaceFormValues>
                key={field}
                name={`${who}.${field}`}
                // "Verantwoordelijke – naam": each field's label names whose it is (two persons, the same five fields).
                label={`${t(who === 'deputy' ? 'places.deputyShort' : 'places.responsible')} – ${t(`places.person.${field}`).toLowerCase()}`}
                fullWidth
                disabled={disabled}
                type={inputType[field] ?? 'text'}
                autoComplete={`section-${who} ${autoComplete[field]}`}
              />
            ))}
          </FieldGrid>
        </Box>
      ))}
    </Section>
  );
}

/** The fields of the customer and location forms (docs/places.md, "Required fields" and "Endpoint"). */
export function PlaceFormFields({ kind, mode, admin, customerEditable = true, detailsEditable = true, original }: TPlaceFormFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Section title={t('places.detailsTitle')}>
        <FieldGrid>
          <FormTextField<TPlaceFormValues> name="name" label={t('places.name')} required fullWidth autoComplete="off" disabled={!detailsEditable} />
          {kind === 'location' ? <LocationCustomerField mode={mode} disabled={!customerEditable} original={original} /> : null}
          <FormTextField<TPlaceFormValues> name="reference" label={t('places.reference')} required fullWidth autoComplete="off" disabled={!detailsEditable} />
          <FormTextField<TPlaceFormValues> name="address" label={t('places.address')} required fullWidth autoComplete="off" disabled={!detailsEditable} />
          <FormTextField<TPlaceFormValues> name="postalCode" label={t('places.postalCode')} required fullWidth autoComplete="off" disabled={!detailsEditable} />
          <FormTextField<TPlaceFormValues> name="city" label={t('places.city')} required fullWidth autoComplete="off" disabled={!detailsEditable} />
          <FormTextField<TPlaceFormValues> name="country" label={t('places.country')} required fullWidth autoComplete="off" disabled={!detailsEditable} />
        </FieldGrid>
        {detailsEditable ? null : (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('places.notesOnly')}
          </Typography>
        )}
        <NotesField mode={mode} />
      </Section>
      <LogbookFields kind={kind} disabled={!detailsEditable} />
      <ResponsibleFields kind={kind} disabled={!detailsEditable} />
      {admin ? (
        <Section title={t('places.adminTitle')}>
          <FieldGrid>
            <CalibrationIntervalField />
            <EndpointFields kind={kind} mode={mode} />
          </FieldGrid>
        </Section>
      ) : null}
    </>
  );
}
