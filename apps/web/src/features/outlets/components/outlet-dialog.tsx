import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { OUTLET_KINDS, OUTLET_NAME_MAX, OUTLET_PLACE_MAX, OUTLET_WATERS, SENTINEL_KINDS, type TOutlet, type TOutletInput } from '@aquasmart/domain';
import { FormDialog } from '../../../components/form/form-dialog';
import { fetchNodePage } from '../../../lib/api/nodes';
import { translateMessage } from '../../../lib/i18n/i18n';
import { samplePointNamesQuery } from '../api/outlets-api';
import { outletBody, outletFormValues, type TOutletFormValues } from '../outlet-form';

/** The nodes of the location with their temperature channels, for linking an outlet (at most 500: a location has far fewer). */
const locationNodesQuery = (customer: string, location: string) => ({
  queryKey: ['outlets', 'nodes', customer, location] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchNodePage({ customer, location }, { page: 0, pageSize: 500, search: '', sort: { field: 'name', direction: 'asc' } }, signal),
});
const channelNumber = (channelId: string) => channelId.replace(/^temperature/, '');

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
  const nodes = useQuery(locationNodesQuery(customer, location));
  const points = useQuery(samplePointNamesQuery(customer, location));
  const [values, setValues] = useState<TOutletFormValues>(() => outletFormValues(outlet));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shown = { ...serverErrors, ...errors };
  const message = (field: string) => (shown[field] ? translateMessage(t, shown[field]) : undefined);
  const set = <K extends keyof TOutletFormValues>(field: K, value: TOutletFormValues[K]) => setValues((current) => ({ ...current, [field]: value }));
  const node = nodes.data?.rows.find((row) => row.eui === values.eui);
  const channels = (node?.channels ?? []).filter((channel) => channel.id.startsWith('temperature'));
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
      <TextField
        select
        label={t('outlets.form.node')}
        value={values.eui}
        onChange={(event) => setValues((current) => ({ ...current, eui: event.target.value, channelId: '' }))}
        fullWidth
        disabled={nodes.isPending}
        error={Boolean(shown.eui)}
        helperText={message('eui')}
        sx={{ mt: 1 }}
      >
        <MenuItem value="">{t('outlets.form.noNode')}</MenuItem>
        {(nodes.data?.rows ?? []).map((row) => (
          <MenuItem key={row.eui} value={row.eui}>
            {row.name ? `${row.name} (${row.eui})` : row.eui}
          </MenuItem>
        ))}
      </TextField>
      {values.eui ? (
        <TextField select label={t('outlets.form.channel')} value={values.channelId} onChange={(event) => set('channelId', event.target.value)} fullWidth error={Boolean(shown.channelId)} helperText={message('channelId')} sx={{ mt: 2 }}>
          <MenuItem value="">{t('outlets.form.noChannel')}</MenuItem>
          {channels.map((channel) => (
            <MenuItem key={channel.id} value={channel.id}>
              {channel.name ? `${channel.name} (${t('outlets.form.channelName', { n: channelNumber(channel.id) })})` : t('outlets.form.channelName', { n: channelNumber(channel.id) })}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
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
