import { useEffect } from 'react';
import { FormProvider } from 'react-hook-form';
import Paper from '@mui/material/Paper';
import type { TGatewayCreate } from '@aquasmart/domain';
import { useZodForm } from '../../../components/form/use-zod-form';
import { FormActions } from '../../../components/page';
import { usePlaceSaveFlow } from '../../../components/places/use-save-flow';
import { GATEWAY_FORM_FIELDS, ZGatewayForm, type TGatewayFormValues } from '../gateway-form';
import { GatewayFormFields } from './gateway-form-fields';

export interface TGatewayFormScreenProps {
  mode: 'create' | 'edit';
  title: string;
  submitLabel: string;
  values: TGatewayFormValues;
  /** Saves; answers where to go next. */
  save: (values: TGatewayCreate) => Promise<string>;
  successKey: string;
  errorKey: string;
}

/** Gateway create and edit: fields, the shared rules, server errors and the snackbars (docs/screens.md, "Snackbars"). */
export function GatewayFormScreen({ mode, title, submitLabel, values, save, successKey, errorKey }: TGatewayFormScreenProps) {
  const form = useZodForm(ZGatewayForm, { defaultValues: values });
  const { reset } = form;
  useEffect(() => reset(values), [values, reset]);
  const runSave = usePlaceSaveFlow({ setError: form.setError, fields: GATEWAY_FORM_FIELDS, successKey, errorKey });
  const onSubmit = form.handleSubmit((submitted) => runSave(() => save(submitted)));

  return (
    <FormProvider {...form}>
      <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} aria-label={title}>
        <GatewayFormFields mode={mode} />
        <FormActions submitLabel={submitLabel} busy={form.formState.isSubmitting} />
      </Paper>
    </FormProvider>
  );
}
