import { useEffect } from 'react';
import { FormProvider } from 'react-hook-form';
import Paper from '@mui/material/Paper';
import { useZodForm } from '../form/use-zod-form';
import { PLACE_FORM_FIELDS, placeFormSchema, type TFormMode, type TPlaceFormValues, type TPlaceKind } from './place-form';
import { usePlaceSaveFlow } from './use-save-flow';
import { FormActions } from '../page/index';
import { PlaceFormFields } from './place-form-fields';

export interface TPlaceFormScreenProps {
  kind: TPlaceKind;
  mode: TFormMode;
  admin: boolean;
  title: string;
  submitLabel: string;
  values: TPlaceFormValues;
  customerEditable?: boolean;
  detailsEditable?: boolean;
  original?: { customer: string; interval: string };
  /** Saves; answers where to go next. */
  save: (values: TPlaceFormValues) => Promise<string>;
  successKey: string;
  errorKey: string;
}

/** The customer and location create and edit forms: fields, rules, server errors, snackbars. */
export function PlaceFormScreen({ kind, mode, admin, title, submitLabel, values, customerEditable, detailsEditable, original, save, successKey, errorKey }: TPlaceFormScreenProps) {
  const form = useZodForm(placeFormSchema({ kind, mode, admin }), { defaultValues: values });
  const { reset } = form;
  useEffect(() => reset(values), [values, reset]);
  const runSave = usePlaceSaveFlow({ setError: form.setError, fields: PLACE_FORM_FIELDS, successKey, errorKey });
  // The resolver has checked the values; the form keeps its own (untransformed) shape.
  const onSubmit = form.handleSubmit((submitted) => runSave(() => save({ ...form.getValues(), ...submitted, notes: submitted.notes ?? '' })));

  return (
    <FormProvider {...form}>
      <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} aria-label={title}>
        <PlaceFormFields kind={kind} mode={mode} admin={admin} customerEditable={customerEditable} detailsEditable={detailsEditable} original={original} />
        <FormActions submitLabel={submitLabel} busy={form.formState.isSubmitting} />
      </Paper>
    </FormProvider>
  );
}
