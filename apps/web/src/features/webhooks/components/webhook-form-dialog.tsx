import { FormProvider, useController } from 'react-hook-form';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isAdministrator, toWebhookBody, WEBHOOK_EVENT_TYPES, webhookFormValues, ZWebhookForm, type TWebhook, type TWebhookForm, type TWebhookWithSecret } from '@aquasmart/domain';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormSelect } from '../../../components/form/form-select';
import { FormSwitch } from '../../../components/form/form-switch';
import { FormTextField } from '../../../components/form/form-text-field';
import { applyServerErrors } from '../../../components/form/server-errors';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { customerOptionsQuery } from '../../../lib/api/customers';
import { failureText } from '../../../lib/http/failure-text';
import { translateMessage } from '../../../lib/i18n/i18n';
import { useCurrentUser } from '../../../lib/session/current-user';
import { createWebhook, patchWebhook } from '../api/webhooks-api';

const FORM_FIELDS = ['url', 'description', 'customer', 'types', 'enabled'];

/**
 * Add or edit a webhook (docs/webhooks.md, "Subscriptions"): address, description, customer ("All
 * customers" for administrators only), the event types and the switch. The server checks the
 * customer and the address again; a new webhook's secret goes to `onSaved`, which shows it once.
 */
export function WebhookFormDialog({ webhook, onClose, onSaved }: { webhook: TWebhook | null; onClose: () => void; onSaved: (saved: TWebhookWithSecret) => void }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const me = useCurrentUser().data;
  const admin = isAdministrator(me);
  const customers = useQuery(customerOptionsQuery);
  const names = (me?.customers.length ? me.customers : (customers.data ?? []).map((customer) => customer.name)) as readonly string[];
  const form = useZodForm(ZWebhookForm, { defaultValues: webhookFormValues(webhook, admin ? '' : (names[0] ?? '')) });
  const types = useController({ control: form.control, name: 'types' });
  const options = [...(admin ? [{ value: '', label: t('webhooks.allCustomers') }] : []), ...names.map((name) => ({ value: name, label: name }))];

  const onSubmit = form.handleSubmit(async (values: TWebhookForm) => {
    try {
      onSaved(webhook ? await patchWebhook(webhook.id, toWebhookBody(values)) : await createWebhook(toWebhookBody(values)));
    } catch (error) {
      if (applyServerErrors(error, form.setError, FORM_FIELDS) === 0) snackbar.show(failureText(t, error, 'webhooks.save', (key) => i18n.exists(key)), 'error');
    }
  });
  const toggle = (type: (typeof WEBHOOK_EVENT_TYPES)[number], checked: boolean) =>
    types.field.onChange(WEBHOOK_EVENT_TYPES.filter((each) => (each === type ? checked : types.field.value.includes(each))));
  const typesError = types.fieldState.error?.message;

  return (
    <FormProvider {...form}>
      <FormDialog title={t(webhook ? 'webhooks.editTitle' : 'webhooks.addTitle')} submitLabel={t('webhooks.save')} busy={form.formState.isSubmitting} onSubmit={(event) => void onSubmit(event)} onClose={onClose}>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormTextField<TWebhookForm> name="url" label={t('webhooks.url')} helperText={t('webhooks.urlHint')} required fullWidth type="url" />
          <FormTextField<TWebhookForm> name="description" label={t('webhooks.description')} fullWidth />
          <FormSelect<TWebhookForm> name="customer" label={t('webhooks.customer')} options={options} displayEmpty={admin} fullWidth required />
          <FormControl component="fieldset" error={typesError !== undefined}>
            <FormLabel component="legend">{t('webhooks.types')}</FormLabel>
            <FormGroup>
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <FormControlLabel
                  key={type}
                  control={<Checkbox checked={types.field.value.includes(type)} onChange={(event) => toggle(type, event.target.checked)} />}
                  label={t(`webhooks.typeNames.${type}`)}
                />
              ))}
            </FormGroup>
            {typesError ? <FormHelperText>{translateMessage(t, typesError)}</FormHelperText> : null}
          </FormControl>
          <FormSwitch<TWebhookForm> name="enabled" label={t('webhooks.enabled')} />
        </Stack>
      </FormDialog>
    </FormProvider>
  );
}
