import { useEffect } from 'react';
import { FormProvider } from 'react-hook-form';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import type { TNetworkServerCreate } from '@aquasmart/domain';
import { applyServerErrors } from '../../../components/form/server-errors';
import { useZodForm } from '../../../components/form/use-zod-form';
import { FormActions } from '../../../components/page';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { failureText } from '../../../lib/http/failure-text';
import { NETWORK_SERVER_FORM_FIELDS, ZNetworkServerForm, type TNetworkServerFormValues } from '../network-server-form';
import { NetworkServerFormFields } from './network-server-form-fields';

export interface TNetworkServerFormScreenProps {
  title: string;
  submitLabel: string;
  values: TNetworkServerFormValues;
  /** Saves; on failure the error goes to the fields and a red snackbar with the server's reason. */
  save: (values: TNetworkServerCreate) => Promise<void>;
  errorKey: string;
}

/** Network server create and edit: the fields, the shared rules and the server's field errors. */
export function NetworkServerFormScreen({ title, submitLabel, values, save, errorKey }: TNetworkServerFormScreenProps) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const form = useZodForm(ZNetworkServerForm, { defaultValues: values });
  const { reset } = form;
  useEffect(() => reset(values), [values, reset]);

  const onSubmit = form.handleSubmit(async (submitted) => {
    try {
      await save(submitted);
    } catch (error) {
      snackbar.error(failureText(t, error, errorKey, (key) => i18n.exists(key)));
      applyServerErrors(error, form.setError, NETWORK_SERVER_FORM_FIELDS);
    }
  });

  return (
    <FormProvider {...form}>
      <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} aria-label={title}>
        <NetworkServerFormFields />
        <FormActions submitLabel={submitLabel} busy={form.formState.isSubmitting} />
      </Paper>
    </FormProvider>
  );
}
