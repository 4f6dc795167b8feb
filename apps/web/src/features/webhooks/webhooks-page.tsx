import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatLocale, WEBHOOK_EVENT_TYPES, type TWebhook, type TWebhookWithSecret } from '@aquasmart/domain';
import { PageHeader } from '../../components/page';
import { QueryStatus } from '../../components/progress/query-status';
import { ConfirmDialog } from '../../components/table/confirm-dialog';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { failureText } from '../../lib/http/failure-text';
import { deleteWebhook, patchWebhook, sendWebhookTest, webhooksQuery } from './api/webhooks-api';
import { WebhookFormDialog } from './components/webhook-form-dialog';
import { WebhookLogDialog } from './components/webhook-log-dialog';
import { WebhookSecretDialog } from './components/webhook-secret-dialog';

/**
 * /webhooks (docs/webhooks.md, "Subscriptions"): each subscription as a card with its address,
 * customer, events, state and counts, and its actions: send test, delivery log, edit, new secret,
 * delete. One layout for the desktop and the phone (cards in a grid). For administrators and
 * customer managers (editCustomer); the server scopes what they see.
 */
export function WebhooksPage() {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const hooks = useQuery(webhooksQuery);
  const [editing, setEditing] = useState<TWebhook | 'new' | null>(null);
  const [secret, setSecret] = useState<{ secret: string; url: string } | null>(null);
  const [removing, setRemoving] = useState<TWebhook | null>(null);
  const [logOf, setLogOf] = useState<TWebhook | null>(null);
  const locale = formatLocale(i18n.language);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['webhooks'] });
  const failed = (action: string) => (error: unknown) => snackbar.show(failureText(t, error, action, (key) => i18n.exists(key)), 'error');

  const remove = useMutation({
    mutationFn: (hook: TWebhook) => deleteWebhook(hook.id),
    onSuccess: async () => {
      setRemoving(null);
      snackbar.success('webhooks.removed');
      await refresh();
    },
    onError: failed('webhooks.remove'),
  });
  const test = useMutation({
    mutationFn: (hook: TWebhook) => sendWebhookTest(hook.id),
    onSuccess: async (delivery) => {
      if (delivery.state === 'delivered') snackbar.show(t('webhooks.testSent', { status: delivery.status }), 'success');
      else snackbar.show(t('webhooks.testFailed', { reason: delivery.status ? `HTTP ${delivery.status}` : (delivery.error ?? t('webhooks.noAnswer')) }), 'error');
      await refresh();
    },
    onError: failed('webhooks.sendTest'),
  });
  const rotate = useMutation({
    mutationFn: (hook: TWebhook) => patchWebhook(hook.id, { rotateSecret: true }),
    onSuccess: async (saved) => {
      if (saved.secret) setSecret({ secret: saved.secret, url: saved.url });
      await refresh();
    },
    onError: failed('webhooks.rotate'),
  });
  const saved = (hook: TWebhookWithSecret) => {
    setEditing(null);
    if (hook.secret) setSecret({ secret: hook.secret, url: hook.url });
    else snackbar.success('webhooks.saved');
    void refresh();
  };

  const rows = hooks.data ?? [];
  return (
    <>
      <PageHeader title={t('webhooks.title')} subtitle={t('webhooks.intro')}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} sx={{ minHeight: 40 }}>
          {t('webhooks.add')}
        </Button>
      </PageHeader>
      <QueryStatus query={hooks} errorText={t('webhooks.loadError')} />
      {hooks.isSuccess && rows.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography color="text.secondary">{t('webhooks.empty')}</Typography>
        </Paper>
      ) : null}
      <Box component="ul" aria-label={t('webhooks.title')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        {rows.map((hook) => (
          <Paper key={hook.id} variant="outlined" component="li" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="webhook">
            <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {hook.description || hook.url}
                </Typography>
                {hook.description ? (
                  <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                    {hook.url}
                  </Typography>
                ) : null}
              </Box>
              <Chip size="small" label={hook.enabled ? t('webhooks.on') : t('webhooks.disabled')} color={hook.enabled ? 'success' : 'default'} variant={hook.enabled ? 'filled' : 'outlined'} />
            </Box>
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, overflowWrap: 'anywhere' } }}>
              <dt>{t('webhooks.customer')}</dt>
              <dd>{hook.customer ?? t('webhooks.allCustomers')}</dd>
              <dt>{t('webhooks.types')}</dt>
              <dd>{hook.types.length === WEBHOOK_EVENT_TYPES.length ? t('webhooks.allTypes') : hook.types.map((type) => t(`webhooks.typeNames.${type}`)).join(', ')}</dd>
              <dt>{t('webhooks.lastDelivered')}</dt>
              <dd>
                {hook.lastDeliveredAt ? formatDateTime(hook.lastDeliveredAt, locale) : t('webhooks.never')}
                {hook.pending ? <Chip size="small" sx={{ ml: 1 }} color="warning" variant="outlined" label={t('webhooks.pending', { count: hook.pending })} /> : null}
                {hook.failed ? <Chip size="small" sx={{ ml: 1 }} color="error" variant="outlined" label={t('webhooks.failed', { count: hook.failed })} /> : null}
              </dd>
              <dt>{t('webhooks.secret')}</dt>
              <dd style={{ fontFamily: 'monospace' }}>{hook.secretHint}</dd>
            </Box>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 'auto', '& > button': { minHeight: 44 } }}>
              <Button variant="outlined" onClick={() => test.mutate(hook)} disabled={test.isPending} aria-label={`${t('webhooks.sendTest')}: ${hook.url}`}>
                {t('webhooks.sendTest')}
              </Button>
              <Button onClick={() => setLogOf(hook)} aria-label={`${t('webhooks.log')}: ${hook.url}`}>
                {t('webhooks.log')}
              </Button>
              <Button onClick={() => setEditing(hook)} aria-label={`${t('webhooks.edit')}: ${hook.url}`}>
                {t('webhooks.edit')}
              </Button>
              <Button onClick={() => rotate.mutate(hook)} disabled={rotate.isPending} title={t('webhooks.rotateHint')} aria-label={`${t('webhooks.rotate')}: ${hook.url}`}>
                {t('webhooks.rotate')}
              </Button>
              <Button color="error" onClick={() => setRemoving(hook)} aria-label={`${t('webhooks.remove')}: ${hook.url}`}>
                {t('webhooks.remove')}
              </Button>
            </Stack>
          </Paper>
        ))}
      </Box>
      {editing ? <WebhookFormDialog webhook={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={saved} /> : null}
      {secret ? <WebhookSecretDialog secret={secret.secret} url={secret.url} onClose={() => setSecret(null)} /> : null}
      {logOf ? <WebhookLogDialog webhook={logOf} onClose={() => setLogOf(null)} /> : null}
      <ConfirmDialog
        open={removing !== null}
        title={t('webhooks.removeTitle')}
        text={t('webhooks.removeText', { url: removing?.url ?? '' })}
        confirmLabel={t('webhooks.remove')}
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
