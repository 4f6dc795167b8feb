import { useState } from 'react';
import { FormProvider, useController } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  API_KEY_MAX_DAYS,
  API_KEY_REFUSED_FLAGS,
  apiKeyDayRange,
  apiKeyFormExpiryProblem,
  isAdministrator,
  normalizeRightFlags,
  toApiKeyCreateBody,
  ungrantableRightFlags,
  ZApiKeyForm,
  type TApiKeyCreated,
  type TApiKeyForm,
  type TRightFlag,
} from '@aquasmart/domain';
import { DateField } from '../../../components/form/date-field';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormMultiSelect } from '../../../components/form/form-multi-select';
import { FormTextField } from '../../../components/form/form-text-field';
import { applyServerErrors } from '../../../components/form/server-errors';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { translateMessage } from '../../../lib/i18n/i18n';
import { failureText } from '../../../lib/http/failure-text';
import { isHttpError } from '../../../lib/http/http-error';
import { useCurrentUser } from '../../../lib/session/current-user';
import { createApiKey } from '../api/api-keys-api';
import { customerNamesQuery } from '../api/users-api';
import { RightsCheckboxes } from './rights-checkboxes';

const FORM_FIELDS = ['name', 'expiresOn', 'customers'];

/**
 * New API key (docs/api-keys.md, "Screen"): name, last day, customers and rights. The rights the
 * signed-in user may not give, and those no key holds, are shown but not tickable; the server
 * checks both again. On success the key is handed to `onCreated`, which shows it once.
 */
export function ApiKeyCreateDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (created: TApiKeyCreated) => void }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const me = useCurrentUser().data;
  const restricted = (me?.customers.length ?? 0) > 0;
  const customerNames = useQuery({ ...customerNamesQuery, enabled: me !== undefined && !restricted });
  const [now] = useState(() => new Date());
  const range = apiKeyDayRange(now);
  const form = useZodForm(ZApiKeyForm, { defaultValues: { name: '', expiresOn: range.initial, customers: [], rights: {} } });
  const expires = useController({ control: form.control, name: 'expiresOn' });
  const rights = form.watch('rights');
  const customers = form.watch('customers');
  const ungrantable = ungrantableRightFlags({ administrator: isAdministrator(me), flags: me ? normalizeRightFlags(me.portal.rights, me.customers) : {} });
  // An administrator's key holds every flag by the checkbox rules; the server refuses it the people-only operations instead.
  const neverHeld = new Set<TRightFlag>(rights.administrator ? [] : API_KEY_REFUSED_FLAGS);

  const onSubmit = form.handleSubmit(async (values: TApiKeyForm) => {
    const problem = apiKeyFormExpiryProblem(values, new Date());
    if (problem) {
      form.setError('expiresOn', { type: 'validate', message: problem });
      return;
    }
    try {
      onCreated(await createApiKey(toApiKeyCreateBody(values)));
    } catch (error) {
      // The expiry travels as expiresAt, the form's field is the day; refused rights have no field of their own: the snackbar names them.
      const fields = isHttpError(error) && error.fields.expiresAt ? { ...error.fields, expiresOn: error.fields.expiresAt } : null;
      if (fields) form.setError('expiresOn', { type: 'server', message: fields.expiresOn });
      if (applyServerErrors(error, form.setError, FORM_FIELDS) === 0) snackbar.show(failureText(t, error, 'apiKeys.createTitle', (key) => i18n.exists(key)), 'error');
    }
  });

  const expiryError = expires.fieldState.error?.message;
  return (
    <FormProvider {...form}>
      <FormDialog title={t('apiKeys.createTitle')} submitLabel={t('apiKeys.create')} busy={form.formState.isSubmitting} onSubmit={(event) => void onSubmit(event)} onClose={onClose}>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormTextField<TApiKeyForm> name="name" label={t('apiKeys.name')} required fullWidth />
          <DateField
            label={t('apiKeys.expiresAt')}
            value={expires.field.value}
            onChange={expires.field.onChange}
            min={range.min}
            max={range.max}
            required
            error={expiryError !== undefined}
            helperText={expiryError ? translateMessage(t, expiryError) : t('apiKeys.expiryHint', { days: API_KEY_MAX_DAYS - 1 })}
          />
          {restricted ? null : (
            <FormMultiSelect<TApiKeyForm>
              name="customers"
              label={t('apiKeys.customers')}
              options={customerNames.data ?? []}
              loading={customerNames.isPending}
              helperText={customers.length ? undefined : t('apiKeys.allCustomers')}
            />
          )}
          <RightsCheckboxes
            rights={rights}
            customers={customers}
            ungrantable={ungrantable}
            refused={neverHeld}
            refusedReason={t('apiKeys.refusedRights')}
            onToggle={(flag, checked) => form.setValue(`rights.${flag}`, checked, { shouldDirty: true })}
          />
        </Stack>
      </FormDialog>
    </FormProvider>
  );
}

/** The new key, shown this once, with a copy button and the warning that it cannot be shown again. */
export function ApiKeyCreatedDialog({ created, onClose }: { created: TApiKeyCreated; onClose: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(created.key);
    setCopied(true);
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="api-key-created-title" fullScreen={phone} fullWidth maxWidth="sm">
      <DialogTitle id="api-key-created-title">{t('apiKeys.createdTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">{t('apiKeys.createdWarning')}</Alert>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: phone ? 'wrap' : 'nowrap' }}>
            <TextField
              label={created.name}
              value={created.key}
              fullWidth
              multiline
              slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'api-key-value', style: { fontFamily: 'monospace', wordBreak: 'break-all' } } }}
            />
            <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()} sx={{ minHeight: 48, flexShrink: 0 }}>
              {copied ? t('apiKeys.copied') : t('apiKeys.copy')}
            </Button>
          </Box>
          <Typography variant="body2" color="text.secondary">
            {t('apiKeys.createdUse')}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose} size="large">
          {t('apiKeys.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
