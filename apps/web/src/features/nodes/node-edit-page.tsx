import { useEffect, useMemo } from 'react';
import { useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormProvider, useFieldArray } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CHANNEL_ATTACHMENTS, CHANNEL_MODES, CHANNEL_ROLES, hasAnyRight, isAdministrator, roleFromMode, type TDevice } from '@aquasmart/domain';
import { FormMultiSelect } from '../../components/form/form-multi-select';
import { FormSelect } from '../../components/form/form-select';
import { FormTextField } from '../../components/form/form-text-field';
import { useZodForm } from '../../components/form/use-zod-form';
import { FieldGrid, FormActions, PageHeader, Section } from '../../components/page';
import { faucetProductsQuery, nodeQuery, nodeScreen, encryptionModeOf, patchNodeChannel, patchNodeLora } from '../../lib/api/nodes';
import { useCurrentUser } from '../../lib/session/current-user';
import { NodePlaceFields } from './components/node-place-fields';
import { useNodeCrumbs } from './components/use-node-crumbs';
import { useNodeSave } from './components/use-node-save';
import {
  channelPatches,
  DEVIATION_VALUES,
  errorPaths,
  editLoraBody,
  INTERVAL_VALUES,
  NODE_EDIT_FIELDS,
  nodeToEditForm,
  ZNodeEditForm,
  type TNodeEditForm,
  type TNodeEditValues,
} from './node-form';
import { QueryStatus } from '../../components/progress/query-status';

function EditForm({ device, title }: { device: TDevice; title: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = useCurrentUser().data;
  const administrator = isAdministrator(user);
  const rights = {
    administrator,
    moveNode: hasAnyRight(user, 'moveNode'),
    gatewayManagement: hasAnyRight(user, 'gatewayManagement'),
  };
  const showCalibration = hasAnyRight(user, 'settings', 'calibration');
  const values = useMemo(() => nodeToEditForm(device), [device]);
  const form = useZodForm(ZNodeEditForm, { defaultValues: values });
  const { reset } = form;
  useEffect(() => reset(values), [values, reset]);
  const channels = useFieldArray({ control: form.control, name: 'channels' });
  const faucets = useQuery(faucetProductsQuery);
  const faucetNames = faucets.data ?? [];
  const currentFaucet = device.flushDevice ?? '';
  const faucetOptions = [
    { value: '', label: <em>{t('nodes.edit.noFlushDevice')}</em> },
    ...(currentFaucet && !faucetNames.includes(currentFaucet) ? [currentFaucet, ...faucetNames] : faucetNames).map((name) => ({ value: name, label: name })),
  ];

  const runSave = useNodeSave<TNodeEditForm>(form.setError, NODE_EDIT_FIELDS, 'snackbar.nodeEdit', 'snackbar.nodeEditError');
  const onSubmit = form.handleSubmit((submitted: TNodeEditValues) =>
    runSave(async () => {
      const saved = await patchNodeLora(device.eui, encryptionModeOf(device), editLoraBody(submitted, device, rights));
      // Channel changes go one by one to their own route, all at once.
      await Promise.all(channelPatches(submitted, device).map((patch) => patchNodeChannel(device.eui, patch.id, patch.body)));
      queryClient.removeQueries({ queryKey: nodeQuery(device.eui).queryKey });
      return `${nodeScreen(saved.customer ?? submitted.customer, saved.location ?? submitted.location, device.eui)}#details`;
    }),
  );

  const intervalOptions = INTERVAL_VALUES.map((value) => ({ value, label: t('nodes.edit.years', { count: Number(value) }) }));
  const deviationOptions = DEVIATION_VALUES.map((value) => ({ value, label: t('nodes.edit.degrees', { count: Number(value) }) }));
  const modeOptions = CHANNEL_MODES.map((mode) => ({ value: mode, label: t(`nodes.modes.${mode}`) }));
  const FIELD_LABELS: Record<string, string> = {
    name: t('nodes.name'),
    customer: t('nodes.customer'),
    location: t('nodes.location'),
    gateway: t('nodes.gateway'),
    flushDevice: t('nodes.edit.flushDevice'),
    notes: t('nodes.edit.notes'),
    locationNotes: t('nodes.edit.locationNotes'),
    interval: t('nodes.edit.calibrationInterval'),
    minimumDeviation: t('nodes.edit.minimumDeviation'),
  };
  const CHANNEL_LABELS: Record<string, string> = {
    name: t('nodes.edit.channelName'),
    mode: t('nodes.edit.channelMode'),
    role: t('nodes.edit.channelRole'),
    attachments: t('nodes.edit.attachments'),
  };
  const watchedChannels = form.watch('channels');
  // The first choice is "no role of its own": it names the role the mode gives, which changes with the mode.
  const roleOptions = (index: number) => [
    { value: '', label: t('nodes.edit.roleFromMode', { role: t(`nodes.roles.${roleFromMode(watchedChannels?.[index]?.mode)}`) }) },
    ...CHANNEL_ROLES.map((role) => ({ value: role, label: t(`nodes.roles.${role}`) })),
  ];
  const fieldLabel = (path: string) => {
    const [first, index, field] = path.split('.');
    if (first === 'channels' && field) return `${t('nodes.edit.channelTitle', { number: Number(index) + 1 })}: ${CHANNEL_LABELS[field] ?? field}`;
    return FIELD_LABELS[first] ?? path;
  };
  // Every field a failed save marks, named at the top: on a phone the channels are screens below the name.
  const failed = form.formState.submitCount > 0 ? errorPaths(form.formState.errors as Record<string, unknown>).filter((path) => path !== 'root') : [];

  return (
    <FormProvider {...form}>
      <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} aria-label={title}>
        {failed.length > 0 ? (
          <Alert severity="error" role="alert" sx={{ m: 2, mb: 0 }}>
            {t('nodes.edit.errorSummary', { count: failed.length, fields: failed.map(fieldLabel).join('; ') })}
          </Alert>
        ) : null}
        <Section title={t('nodes.edit.details')}>
          <FieldGrid>
            <FormTextField<TNodeEditForm> name="name" label={t('nodes.name')} required fullWidth autoComplete="off" />
            <FormSelect<TNodeEditForm> name="flushDevice" label={t('nodes.edit.flushDevice')} fullWidth options={faucetOptions} />
          </FieldGrid>
        </Section>
        <Section title={t('nodes.edit.placement')}>
          <FieldGrid>
            <NodePlaceFields showGateway={rights.gatewayManagement} moveAllowed={rights.moveNode} copyInterval />
          </FieldGrid>
          <Box sx={{ display: 'grid', gap: 2, mt: 2 }}>
            <FormTextField<TNodeEditForm> name="notes" label={t('nodes.edit.notes')} fullWidth multiline minRows={2} />
            <FormTextField<TNodeEditForm> name="locationNotes" label={t('nodes.edit.locationNotes')} fullWidth multiline minRows={2} />
          </Box>
        </Section>
        {showCalibration ? (
          <Section title={t('nodes.edit.calibrationSection')}>
            <FieldGrid>
              <FormSelect<TNodeEditForm>
                name="interval"
                label={t('nodes.edit.calibrationInterval')}
                required
                fullWidth
                disabled={!administrator}
                helperText={administrator ? undefined : t('nodes.edit.adminOnly')}
                options={intervalOptions}
              />
              <FormSelect<TNodeEditForm>
                name="minimumDeviation"
                label={t('nodes.edit.minimumDeviation')}
                required
                fullWidth
                disabled={!administrator}
                helperText={administrator ? undefined : t('nodes.edit.adminOnly')}
                options={deviationOptions}
              />
            </FieldGrid>
          </Section>
        ) : null}
        {channels.fields.length > 0 ? (
          <Section title={t('nodes.edit.channels')}>
            <Box sx={{ display: 'grid', gap: 3 }}>
              {channels.fields.map((channel, index) => (
                <Box key={channel.id} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
                  <Typography component="legend" variant="body2" sx={{ fontWeight: 600, mb: 1.5 }}>
                    {t('nodes.edit.channelTitle', { number: index + 1 })}
                  </Typography>
                  <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1.1fr 1fr 2fr 1fr' } }}>
                    <FormTextField<TNodeEditForm> name={`channels.${index}.name`} label={t('nodes.edit.channelName')} required fullWidth autoComplete="off" />
                    <FormSelect<TNodeEditForm> name={`channels.${index}.mode`} label={t('nodes.edit.channelMode')} required fullWidth options={modeOptions} />
                    <FormSelect<TNodeEditForm>
                      name={`channels.${index}.role`}
                      label={t('nodes.edit.channelRole')}
                      fullWidth
                      displayEmpty
                      helperText={t('nodes.edit.roleHelp')}
                      options={roleOptions(index)}
                    />
                    <FormMultiSelect<TNodeEditForm> name={`channels.${index}.attachments`} label={t('nodes.edit.attachments')} options={CHANNEL_ATTACHMENTS} />
                  </Box>
                </Box>
              ))}
            </Box>
          </Section>
        ) : null}
        <FormActions submitLabel={t('common.save')} busy={form.formState.isSubmitting} />
      </Paper>
    </FormProvider>
  );
}

/** /nodes/{customer}/{location}/{eui}/edit (editNode): afterwards the node's #details. */
export function NodeEditPage() {
  const { t } = useTranslation();
  const params = useParams();
  const eui = params.eui ?? '';
  const result = useQuery(nodeQuery(eui));
  const device = result.data;
  const title = t('routes.nodeEdit').replace(':eui', device?.name || eui);
  useNodeCrumbs(device, '/edit', title);
  return (
    <>
      <PageHeader title={title} subtitle={device ? `${device.eui} · ${device.type} · ${device.customer ?? ''} · ${device.location ?? ''}` : undefined} />
      <QueryStatus query={result} errorText={t('nodes.edit.loadError')} gap={2} />
      {device ? <EditForm device={device} title={title} /> : null}
    </>
  );
}
