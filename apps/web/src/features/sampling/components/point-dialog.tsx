import { useState, type FormEvent } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { SAMPLE_NAME_MAX, SAMPLE_POINT_ROLES, ZSamplePointBody, type TSamplePoint, type TSamplePointBody, type TSamplePointRole } from '@aquasmart/domain';
import { FormDialog } from '../../../components/form/form-dialog';
import { NodeChannelFields } from '../../../components/nodes/node-channel-fields';
import { translateMessage } from '../../../lib/i18n/i18n';


/** Adding or changing a sample point (docs/sampling.md, "API"): name, hot or cold, priority, optionally the node channel measuring there. */
export function PointDialog({
  customer,
  location,
  point,
  busy,
  serverErrors,
  onSubmit,
  onClose,
}: {
  customer: string;
  location: string;
  point: TSamplePoint | null;
  busy: boolean;
  serverErrors: Record<string, string>;
  onSubmit: (body: TSamplePointBody) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState({ name: point?.name ?? '', role: (point?.role ?? 'hot'), priority: point?.priority ?? false, eui: point?.eui ?? '', channelId: point?.channelId ?? '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shown = { ...serverErrors, ...errors };
  const message = (field: string) => (shown[field] ? translateMessage(t, shown[field]) : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZSamplePointBody.safeParse({ name: values.name, role: values.role, priority: values.priority, eui: values.eui || null, channelId: values.channelId || null });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    onSubmit(parsed.data);
  };
  return (
    <FormDialog title={t(point ? 'sampling.point.editTitle' : 'sampling.point.addTitle')} submitLabel={t('sampling.point.save')} busy={busy} onSubmit={submit} onClose={onClose}>
      <TextField
        label={t('sampling.point.name')}
        value={values.name}
        onChange={(event) => setValues((current) => ({ ...current, name: event.target.value }))}
        required
        fullWidth
        autoFocus
        error={Boolean(shown.name)}
        helperText={message('name') ?? t('sampling.point.nameHelp')}
        slotProps={{ htmlInput: { maxLength: SAMPLE_NAME_MAX } }}
        sx={{ mt: 1 }}
      />
      <TextField select label={t('sampling.point.role')} value={values.role} onChange={(event) => setValues((current) => ({ ...current, role: event.target.value as TSamplePointRole }))} fullWidth sx={{ mt: 2 }}>
        {SAMPLE_POINT_ROLES.map((role) => (
          <MenuItem key={role} value={role}>
            {t(`sampling.roles.${role}`)}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={<Checkbox checked={values.priority} onChange={(event) => setValues((current) => ({ ...current, priority: event.target.checked }))} />}
        label={t('sampling.point.priority')}
        sx={{ mt: 1 }}
      />
      <NodeChannelFields
        customer={customer}
        location={location}
        eui={values.eui}
        channelId={values.channelId}
        onChange={(link) => setValues((current) => ({ ...current, ...link }))}
        errors={{ eui: message('eui'), channelId: message('channelId') }}
        texts={{ node: t('sampling.point.node'), noNode: t('sampling.point.noNode'), channel: t('sampling.point.channel'), noChannel: t('sampling.point.noChannel'), channelName: (n) => t('sampling.channel', { n }) }}
      />
    </FormDialog>
  );
}
