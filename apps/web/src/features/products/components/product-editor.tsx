import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { FormProvider, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { PRODUCT_TYPES, type TProduct } from '@aquasmart/domain';
import { FieldGrid, FormActions, Section } from '../../../components/page';
import { FormSelect } from '../../../components/form/form-select';
import { FormTextField } from '../../../components/form/form-text-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { PRODUCT_ONE_QUERY_KEY, PRODUCTS_QUERY_KEY } from '../api/products-api';
import { productFormErrors, productFormSchema, type TProductFormOutput, type TProductFormValues } from '../product-form';
import { ImagePicker } from './image-picker';

export interface TProductEditorProps {
  title: string;
  submitLabel: string;
  initial: TProductFormValues;
  save: (values: TProductFormOutput) => Promise<TProduct>;
  /** Snackbar keys of success and failure (docs/products-screens.md, "Snackbar keys"). */
  messages: { success: string; error: string };
}

/**
 * The create and edit form of a product: name and type, the image with its preview, the
 * description. A save shows the snackbar, refreshes the list and returns to /products; a
 * failure shows the error snackbar and puts the server's field messages on the fields.
 */
export function ProductEditor({ title, submitLabel, initial, save, messages }: TProductEditorProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const schema = useMemo(() => productFormSchema(() => i18n.language), [i18n]);
  const form = useZodForm(schema, { defaultValues: initial });
  const name = useWatch({ control: form.control, name: 'name' });
  const busy = form.formState.isSubmitting;

  const typeOptions = useMemo(() => PRODUCT_TYPES.map((type) => ({ value: type, label: t(`products.types.${type}`) })), [t]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save(values);
    } catch (error) {
      snackbar.error(messages.error);
      const fieldErrors = Object.entries(productFormErrors(error));
      fieldErrors.forEach(([field, key], index) => {
        form.setError(field as keyof TProductFormValues, { type: 'server', message: key }, { shouldFocus: index === 0 });
      });
      return;
    }
    // The edit page still watches the product under its old name: mark it stale without a
    // refetch (after a rename that would answer 404 and the interceptor would open /404).
    void queryClient.invalidateQueries({ queryKey: PRODUCT_ONE_QUERY_KEY, refetchType: 'none' });
    void queryClient.invalidateQueries({ queryKey: PRODUCTS_QUERY_KEY });
    snackbar.success(messages.success);
    await navigate('/products', { replace: true });
  });

  return (
    <FormProvider {...form}>
      <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} aria-label={title}>
        <Section>
          <FieldGrid>
            <FormTextField<TProductFormValues> name="name" label={t('products.name')} required fullWidth autoComplete="off" />
            <FormSelect<TProductFormValues> name="type" label={t('products.type')} options={typeOptions} required fullWidth />
            <Box sx={{ gridColumn: '1 / -1' }}>
              <FormTextField<TProductFormValues> name="description" label={t('products.description')} required fullWidth multiline minRows={3} />
            </Box>
            <Box sx={{ gridColumn: '1 / -1' }}>
              <ImagePicker productName={name} />
            </Box>
          </FieldGrid>
        </Section>
        <FormActions submitLabel={submitLabel} busy={busy} />
      </Paper>
    </FormProvider>
  );
}
