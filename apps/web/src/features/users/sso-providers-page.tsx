import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { RIGHT_FLAGS, ssoProviderFormValues, toSsoProviderBody, ZSsoProviderForm, type TSsoProvider, type TSsoProviderForm } from '@aquasmart/domain';
import { PageHeader } from '../../components/page';
import { QueryStatus } from '../../components/progress/query-status';
import { ConfirmDialog } from '../../components/table/confirm-dialog';
import { FormDialog } from '../../components/form/form-dialog';
import { FormMultiSelect } from '../../components/form/form-multi-select';
import { FormSwitch } from '../../components/form/form-switch';
import { FormTextField } from '../../components/form/form-text-field';
import { applyServerErrors } from '../../components/form/server-errors';
import { useZodForm } from '../../components/form/use-zod-form';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { failureText } from '../../lib/http/failure-text';
import { isHttpError } from '../../lib/http/http-error';
import { deleteSsoProvider, fetchSsoProviders, saveSsoProvider, SSO_PROVIDERS_QUERY_KEY } from './api/sso-api';
import { customerNamesQuery } from './api/users-api';
import { RightsCheckboxes } from './components/rights-checkboxes';

/**
 * /sso-providers (docs/sso.md, "Screen"): the OpenID Connect providers people sign in with, the
 * redirect address to register at each, and a dialog per provider. Administrators only. A saved
 * client secret is never shown again: "set", and an empty field keeps it.
 */
export function SsoProvidersPage() {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: SSO_PROVIDERS_QUERY_KEY, queryFn: ({ signal }) => fetchSsoProviders(signal) });
  const [editing, setEditing] = useState<TSsoProvider | 'new' | null>(null);
  const [removing, setRemoving] = useState<TSsoProvider | null>(null);
  const remove = useMutation({
    mutationFn: (provider: TSsoProvider) => deleteSsoProvider(provider.id),
    onSuccess: async () => {
      setRemoving(null);
      snackbar.success('sso.removed');
      await queryClient.invalidateQueries({ queryKey: SSO_PROVIDERS_QUERY_KEY });
    },
    onError: (error) => snackbar.show(failureText(t, error, 'sso.remove', (key) => i18n.exists(key)), 'error'),
  });
  const rightsOf = (provider: TSsoProvider) => {
    if (provider.portal.rights.administrator) return t('sso.allRights');
    const held = RIGHT_FLAGS.filter((flag) => provider.portal.rights[flag]);
    return held.length ? held.map((flag) => t(`users.rights.${flag}`)).join(', ') : t('sso.noRights');
  };
  const providers = list.data?.providers ?? [];
  return (
    <>
      <PageHeader title={t('sso.title')} subtitle={t('sso.intro')}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} sx={{ minHeight: 40 }}>
          {t('sso.new')}
        </Button>
      </PageHeader>
      <QueryStatus query={list} errorText={t('sso.loadError')} />
      {list.isSuccess ? (
        list.data.redirectUri ? (
          <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
            <Typography variant="body2" color="text.secondary">
              {t('sso.redirectUri')}
            </Typography>
            <Typography sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }} data-testid="sso-redirect-uri">
              {list.data.redirectUri}
            </Typography>
          </Paper>
        ) : (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('sso.noPublicUrl')}
          </Alert>
        )
      ) : null}
      {list.isSuccess && providers.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography color="text.secondary">{t('sso.empty')}</Typography>
        </Paper>
      ) : null}
      <Stack spacing={1.5} component="ul" aria-label={t('sso.title')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {providers.map((provider) => (
          <Paper key={provider.id} variant="outlined" component="li" sx={{ p: 2 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
              <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {provider.name}
              </Typography>
              <Chip size="small" label={provider.enabled ? t('sso.on') : t('sso.off')} color={provider.enabled ? 'success' : 'default'} variant={provider.enabled ? 'filled' : 'outlined'} />
            </Box>
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' }, columnGap: 2, rowGap: 0.5, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' } }}>
              <dt>{t('sso.issuer')}</dt>
              <dd>{provider.issuer}</dd>
              <dt>{t('sso.clientId')}</dt>
              <dd>{provider.clientId}</dd>
              <dt>{t('sso.clientSecret')}</dt>
              <dd>{provider.clientSecretSet ? t('sso.secretSet') : '—'}</dd>
              <dt>{t('sso.domains')}</dt>
              <dd>{provider.domains.join(', ')}</dd>
              <dt>{t('sso.passwordSignIn')}</dt>
              <dd>{provider.passwordSignIn ? t('sso.passwordsToo') : t('sso.providerOnly')}</dd>
              <dt>{t('sso.createUsers')}</dt>
              <dd>{provider.createUsers ? t('sso.creates') : t('sso.existingOnly')}</dd>
              {provider.createUsers ? (
                <>
                  <dt>{t('sso.customers')}</dt>
                  <dd>{provider.customers.length ? provider.customers.join(', ') : t('sso.allCustomers')}</dd>
                  <dt>{t('sso.rights')}</dt>
                  <dd>{rightsOf(provider)}</dd>
                </>
              ) : null}
            </Box>
            <Box sx={{ mt: 1, display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
              <Button size="small" onClick={() => setEditing(provider)} aria-label={`${t('sso.edit')}: ${provider.name}`} sx={{ minHeight: 40 }}>
                {t('sso.edit')}
              </Button>
              <Button size="small" color="error" onClick={() => setRemoving(provider)} aria-label={`${t('sso.remove')}: ${provider.name}`} sx={{ minHeight: 40 }}>
                {t('sso.remove')}
              </Button>
            </Box>
          </Paper>
        ))}
      </Stack>
      {editing ? (
        <SsoProviderDialog
          provider={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            snackbar.success('sso.saved');
            void queryClient.invalidateQueries({ queryKey: SSO_PROVIDERS_QUERY_KEY });
          }}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title={t('sso.removeTitle')}
        text={t('sso.removeText', { name: removing?.name ?? '' })}
        confirmLabel={t('sso.remove')}
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}

const FORM_FIELDS = ['name', 'issuer', 'clientId', 'clientSecret', 'domains', 'customers'];

/** New or changed provider: the secret field is empty, "set" says one is stored and empty keeps it. */
function SsoProviderDialog({ provider, onClose, onSaved }: { provider: TSsoProvider | null; onClose: () => void; onSaved: () => void }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const customerNames = useQuery(customerNamesQuery);
  const form = useZodForm(ZSsoProviderForm, { defaultValues: ssoProviderFormValues(provider) });
  const rights = form.watch('rights');
  const customers = form.watch('customers');
  const createUsers = form.watch('createUsers');
  const onSubmit = form.handleSubmit(async (values: TSsoProviderForm) => {
    try {
      await saveSsoProvider(provider?.id ?? null, toSsoProviderBody(values));
      onSaved();
    } catch (error) {
      // A refused domain comes back as domains.<n>: the form has one field for them all.
      const domainField = isHttpError(error) ? Object.keys(error.fields).find((field) => field.startsWith('domains.')) : undefined;
      if (domainField && isHttpError(error)) form.setError('domains', { type: 'server', message: error.fields[domainField] });
      if (applyServerErrors(error, form.setError, FORM_FIELDS) === 0 && !domainField) snackbar.show(failureText(t, error, 'sso.save', (key) => i18n.exists(key)), 'error');
    }
  });
  return (
    <FormProvider {...form}>
      <FormDialog title={provider ? t('sso.editTitle') : t('sso.createTitle')} submitLabel={t('sso.save')} busy={form.formState.isSubmitting} onSubmit={(event) => void onSubmit(event)} onClose={onClose}>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormTextField<TSsoProviderForm> name="name" label={t('sso.name')} required fullWidth />
          <FormTextField<TSsoProviderForm> name="issuer" label={t('sso.issuer')} required fullWidth placeholder="https://login.microsoftonline.com/<tenant>/v2.0" />
          <FormTextField<TSsoProviderForm> name="clientId" label={t('sso.clientId')} required fullWidth />
          <FormTextField<TSsoProviderForm>
            name="clientSecret"
            label={provider?.clientSecretSet ? `${t('sso.clientSecret')} (${t('sso.secretSet')})` : t('sso.clientSecret')}
            type="password"
            autoComplete="new-password"
            required={!provider}
            fullWidth
            helperText={provider?.clientSecretSet ? t('sso.secretKeep') : undefined}
          />
          <FormTextField<TSsoProviderForm> name="domains" label={t('sso.domains')} required fullWidth helperText={t('sso.domainsHint')} />
          <FormSwitch<TSsoProviderForm> name="enabled" label={t('sso.enabled')} description={t('sso.enabledHint')} />
          <FormSwitch<TSsoProviderForm> name="passwordSignIn" label={t('sso.passwordSignIn')} description={t('sso.passwordSignInHint')} />
          <FormSwitch<TSsoProviderForm> name="createUsers" label={t('sso.createUsers')} description={t('sso.createUsersHint')} />
          {createUsers ? (
            <>
              <FormMultiSelect<TSsoProviderForm>
                name="customers"
                label={t('sso.customers')}
                options={customerNames.data ?? []}
                loading={customerNames.isPending}
                helperText={customers.length ? undefined : t('sso.allCustomers')}
              />
              <RightsCheckboxes rights={rights} customers={customers} onToggle={(flag, checked) => form.setValue(`rights.${flag}`, checked, { shouldDirty: true })} />
            </>
          ) : null}
        </Stack>
      </FormDialog>
    </FormProvider>
  );
}
