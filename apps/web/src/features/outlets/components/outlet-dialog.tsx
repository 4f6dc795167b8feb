import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { OUTLET_KINDS, OUTLET_NAME_MAX, OUTLET_PLACE_MAX, OUTLET_WATERS, SENTINEL_KINDS, type TOutlet, type TOutletInput } from '@aquasmart/domain';
import { FormDialog } from '../../../components/form/form-dialog';
import { NodeChannelFields } from '../../../components/nodes/node-channel-fields';
import { translateMessage } from '../../../lib/i18n/i18n';
import { samplePointNamesQuery } from '../api/outlets-api';
import { outletBody, outletFormValues, type TOutletFormValues } from '../outlet-form';


/**
 * Adding or changing an outlet (docs/outlets.md, "The outlet register"): name, room, floor, kind,
 * water, sentinel, little used, and optionally the node channel and the sample point at it. The
 * server's refusals show at their field (name taken, node not here, sample point linked elsewhere).
 */
export function OutletDialog({
  customer,
  location,
  outlet,
  busy,
  serverErrors,
  onSubmit,
  onClose,
}: {
  customer: string;
  location: string;
  outlet: TOutlet | null;
  busy: boolean;
  serverErrors: Record<string, string>;
  onSubmit: (body: TOutletInput) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const points = useQuery(samplePointNamesQuery(customer, location));
  const [values, setValues] = useState<TOutletFormValues>(() => outletFormValues(outlet));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shown = { ...serverErrors, ...errors };
  const message = (field: string) => (shown[field] ? translateMessage(t, shown[field]) : undefined);
  const set = <K extends keyof TOutletFormValues>(field: K, value: TOutletFormValues[K]) => setValues((current) => ({ ...current, [field]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { body, errors: found } = outletBody(values);
    setErrors(found);
    if (body) onSubmit(body);
  };
  const text = (field: 'name' | 'room' | 'floor', max: number, more: { required?: boolean; autoFocus?: boolean; help?: string } = {}) => (
    <TextField
      label={t(`outlets.form.${field}`)}
      value={values[field]}
      onChange={(event) => set(field, event.target.value)}
      required={more.required}
      autoFocus={more.autoFocus}
      fullWidth
      error={Boolean(shown[field])}
      helperText={message(field) ?? more.help}
      slotProps={{ htmlInput: { maxLength: max } }}
      sx={{ mt: 2 }}
    />
  );
  return (
    <FormDialog title={t(outlet ? 'outlets.form.editTitle' : 'outlets.form.addTitle')} submitLabel={t('outlets.form.save')} busy={busy} onSubmit={submit} onClose={onClose}>
      {text('name', OUTLET_NAME_MAX, { required: true, autoFocus: true, help: t('outlets.form.nameHelp') })}
      {text('room', OUTLET_PLACE_MAX)}
      {text('floor', OUTLET_PLACE_MAX)}
      <TextField select label={t('outlets.form.kind')} value={values.kind} onChange={(event) => set('kind', event.target.value as TOutletFormValues['kind'])} fullWidth error={Boolean(shown.kind)} helperText={message('kind')} sx={{ mt: 2 }}>
        {OUTLET_KINDS.map((kind) => (
          <MenuItem key={kind} value={kind}>
            {t(`outlets.kinds.${kind}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField select label={t('outlets.form.water')} value={values.water} onChange={(event) => set('water', event.target.value as TOutletFormValues['water'])} fullWidth error={Boolean(shown.water)} helperText={message('water')} sx={{ mt: 2 }}>
        {OUTLET_WATERS.map((water) => (
          <MenuItem key={water} value={water}>
            {t(`outlets.waters.${water}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('outlets.form.sentinel')}
        value={values.sentinel}
        onChange={(event) => set('sentinel', event.target.value as TOutletFormValues['sentinel'])}
        fullWidth
        error={Boolean(shown.sentinel)}
        helperText={message('sentinel') ?? t('outlets.form.sentinelHelp')}
        sx={{ mt: 2 }}
      >
        {SENTINEL_KINDS.map((sentinel) => (
          <MenuItem key={sentinel} value={sentinel}>
            {t(`outlets.sentinels.${sentinel}`)}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel control={<Checkbox checked={values.littleUsed} onChange={(event) => set('littleUsed', event.target.checked)} />} label={t('outlets.form.littleUsed')} sx={{ mt: 1 }} />
      <NodeChannelFields
        customer={customer}
        location={location}
        eui={values.eui}
        channelId={values.channelId}
        onChange={(link) => setValues((current) => ({ ...current, ...link }))}
        errors={{ eui: message('eui'), channelId: message('channelId') }}
        texts={{ node: t('outlets.form.node'), noNode: t('outlets.form.noNode'), channel: t('outlets.form.channel'), noChannel: t('outlets.form.noChannel'), channelName: (n) => t('outlets.form.channelName', { n }) }}
      />
      <TextField
        select
        label={t('outlets.form.samplePoint')}
        value={values.samplePointId}
        onChange={(event) => set('samplePointId', event.target.value)}
        fullWidth
        disabled={points.isPending}
        error={Boolean(shown.samplePointId)}
        helperText={message('samplePointId')}
        sx={{ mt: 2 }}
      >
        <MenuItem value="">{t('outlets.form.noSamplePoint')}</MenuItem>
        {(points.data ?? []).map((point) => (
          <MenuItem key={point.id} value={String(point.id)}>
            {point.name}
          </MenuItem>
        ))}
      </TextField>
    </FormDialog>
  );
}
