import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FormProvider } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DEVICE_TYPES, ENCRYPTION_MODES } from '@aquasmart/domain';
import { applyServerErrors } from '../../../components/form/server-errors';
import { FormSelect } from '../../../components/form/form-select';
import { FormTextField } from '../../../components/form/form-text-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { FieldGrid, Section } from '../../../components/page';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { failureText } from '../../../lib/http/failure-text';
import { networkServersQuery } from '../../../lib/api/network-servers';
import { createDevice } from '../api/provisioning-api';
import { DEVICE_FORM_FIELDS, emptyDeviceForm, nextDeviceForm, ZDeviceForm, type TDeviceFormValues } from '../device-form';

/**
 * One device: EUI, type, firmware version, network server and encryption mode. After a save the
 * form keeps everything but the EUI, since the next node usually is of the same batch.
 */
export function DeviceFormCard() {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const servers = useQuery(networkServersQuery);
  const [initial] = useState(emptyDeviceForm);
  const form = useZodForm(ZDeviceForm, { defaultValues: initial });
  const serverNames = servers.data?.map((server) => server.name) ?? [];

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const device = await createDevice(values);
      snackbar.success('snackbar.deviceCreate', { eui: device.eui });
      form.reset(nextDeviceForm(values));
      form.setFocus('eui');
    } catch (error) {
      snackbar.error(failureText(t, error, 'snackbar.deviceCreateError', (key) => i18n.exists(key)));
      applyServerErrors(error, form.setError, DEVICE_FORM_FIELDS);
    }
  });

  return (
    <FormProvider {...form}>
      <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} aria-label={t('provisioning.deviceTitle')}>
        <Section title={t('provisioning.deviceTitle')}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
            {t('provisioning.deviceHelp')}
          </Typography>
          {servers.isSuccess && serverNames.length === 0 ? (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('provisioning.noNetworkServers')}
            </Alert>
          ) : null}
          <FieldGrid>
            <FormTextField<TDeviceFormValues>
              name="eui"
              label={t('provisioning.eui')}
              required
              fullWidth
              autoComplete="off"
              spellCheck={false}
              helperText={t('provisioning.euiHelp')}
              inputProps={{ maxLength: 16, style: { fontFamily: 'monospace' } }}
            />
            <FormSelect<TDeviceFormValues>
              name="type"
              label={t('provisioning.type')}
              required
              fullWidth
              options={DEVICE_TYPES.map((type) => ({ value: type, label: type }))}
            />
            <FormTextField<TDeviceFormValues>
              name="version"
              label={t('provisioning.version')}
              required
              fullWidth
              autoComplete="off"
              helperText={t('provisioning.versionHelp')}
            />
            <FormSelect<TDeviceFormValues>
              name="networkServer"
              label={t('provisioning.networkServer')}
              required
              fullWidth
              options={serverNames.map((name) => ({ value: name, label: name }))}
            />
            <FormSelect<TDeviceFormValues>
              name="encryptionMode"
              label={t('provisioning.encryptionMode')}
              fullWidth
              options={ENCRYPTION_MODES.map((mode) => ({ value: mode, label: t(`provisioning.encryptionModes.${mode}`) }))}
            />
          </FieldGrid>
        </Section>
        {/* No cancel button: the form stays on this tab for the next node. */}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: { xs: 2, sm: 3 }, borderTop: 1, borderColor: 'divider' }}>
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
            {t('provisioning.add')}
          </Button>
        </Box>
      </Paper>
    </FormProvider>
  );
}
