import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatLocale, RIGHT_FLAGS, type TApiKey, type TApiKeyCreated } from '@aquasmart/domain';
import { PageHeader } from '../../components/page';
import { QueryStatus } from '../../components/progress/query-status';
import { ConfirmDialog } from '../../components/table/confirm-dialog';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { failureText } from '../../lib/http/failure-text';
import { API_KEYS_QUERY_KEY, fetchApiKeys, revokeApiKey } from './api/api-keys-api';
import { ApiKeyCreateDialog, ApiKeyCreatedDialog } from './components/api-key-dialogs';

const STATE_COLOR = { active: 'success', expired: 'default', revoked: 'error' } as const;

/**
 * /api-keys (docs/api-keys.md, "Screen"): the keys with their rights, customers, expiry, last use
 * and state; a new key is shown once; revoking asks first. For administrators and user managers.
 */
export function ApiKeysPage() {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: API_KEYS_QUERY_KEY, queryFn: ({ signal }) => fetchApiKeys(signal) });
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<TApiKeyCreated | null>(null);
  const [revoking, setRevoking] = useState<TApiKey | null>(null);
  const revoke = useMutation({
    mutationFn: (key: TApiKey) => revokeApiKey(key.id),
    onSuccess: async () => {
      setRevoking(null);
      snackbar.success('apiKeys.revoked');
      await queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY });
    },
    onError: (error) => snackbar.show(failureText(t, error, 'apiKeys.revoke', (key) => i18n.exists(key)), 'error'),
  });
  const locale = formatLocale(i18n.language);

  const rightsOf = (key: TApiKey) => {
    if (key.portal.rights.administrator) return t('apiKeys.allRights');
    const held = RIGHT_FLAGS.filter((flag) => key.portal.rights[flag]);
    return held.length ? held.map((flag) => t(`users.rights.${flag}`)).join(', ') : t('apiKeys.noRights');
  };
  const customersOf = (key: TApiKey) => (key.customers.length ? key.customers.join(', ') : t('apiKeys.allCustomers'));
  const lastUsedOf = (key: TApiKey) =>
    key.lastUsedAt ? `${formatDateTime(key.lastUsedAt, locale)} ${key.lastUsedFrom ? t('apiKeys.lastUsedFrom', { address: key.lastUsedFrom }) : ''}`.trim() : t('apiKeys.never');
  const stateOf = (key: TApiKey) => <Chip size="small" label={t(`apiKeys.states.${key.state}`)} color={STATE_COLOR[key.state]} variant={key.state === 'active' ? 'filled' : 'outlined'} />;
  const revokeButton = (key: TApiKey) =>
    key.state === 'revoked' ? null : (
      <Button color="error" size="small" onClick={() => setRevoking(key)} aria-label={`${t('apiKeys.revoke')}: ${key.name}`} sx={{ minHeight: 40 }}>
        {t('apiKeys.revoke')}
      </Button>
    );

  const rows = keys.data ?? [];
  return (
    <>
      <PageHeader title={t('apiKeys.title')} subtitle={t('apiKeys.intro')}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)} sx={{ minHeight: 40 }}>
          {t('apiKeys.new')}
        </Button>
      </PageHeader>
      <QueryStatus query={keys} errorText={t('apiKeys.loadError')} />
      {keys.isSuccess && rows.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography color="text.secondary">{t('apiKeys.empty')}</Typography>
        </Paper>
      ) : null}
      {rows.length > 0 && phone ? (
        <Stack spacing={1.5} component="ul" aria-label={t('apiKeys.title')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((key) => (
            <Paper key={key.id} variant="outlined" component="li" sx={{ p: 2 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {key.name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                    #{key.id} · {key.hint}…
                  </Typography>
                </Box>
                {stateOf(key)}
              </Box>
              <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, overflowWrap: 'anywhere' } }}>
                <dt>{t('apiKeys.rights')}</dt>
                <dd>{rightsOf(key)}</dd>
                <dt>{t('apiKeys.customers')}</dt>
                <dd>{customersOf(key)}</dd>
                <dt>{t('apiKeys.expiresAt')}</dt>
                <dd>{formatDate(key.expiresAt, locale)}</dd>
                <dt>{t('apiKeys.lastUsed')}</dt>
                <dd>{lastUsedOf(key)}</dd>
                <dt>{t('apiKeys.createdBy')}</dt>
                <dd>{key.createdBy ?? ''}</dd>
              </Box>
              <Box sx={{ mt: 1, textAlign: 'right' }}>{revokeButton(key)}</Box>
            </Paper>
          ))}
        </Stack>
      ) : null}
      {rows.length > 0 && !phone ? (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('apiKeys.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('apiKeys.name')}</TableCell>
                <TableCell>{t('apiKeys.rights')}</TableCell>
                <TableCell>{t('apiKeys.customers')}</TableCell>
                <TableCell>{t('apiKeys.expiresAt')}</TableCell>
                <TableCell>{t('apiKeys.lastUsed')}</TableCell>
                <TableCell>{t('apiKeys.state')}</TableCell>
                <TableCell>
                  <Box component="span" sx={visuallyHidden}>
                    {t('apiKeys.revoke')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((key) => (
                <TableRow key={key.id}>
                  <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 140 }}>
                    <Typography variant="body2" sx={{ fontWeight: 500 }}>
                      {key.name}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                      #{key.id} · {key.hint}…
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ minWidth: 160 }}>{rightsOf(key)}</TableCell>
                  <TableCell>{customersOf(key)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(key.expiresAt, locale)}</TableCell>
                  <TableCell sx={{ minWidth: 140 }}>{lastUsedOf(key)}</TableCell>
                  <TableCell>{stateOf(key)}</TableCell>
                  <TableCell align="right">{revokeButton(key)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      ) : null}
      {creating ? (
        <ApiKeyCreateDialog
          onClose={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
            void queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY });
          }}
        />
      ) : null}
      {created ? <ApiKeyCreatedDialog created={created} onClose={() => setCreated(null)} /> : null}
      <ConfirmDialog
        open={revoking !== null}
        title={t('apiKeys.revokeTitle')}
        text={t('apiKeys.revokeText', { name: revoking?.name ?? '' })}
        confirmLabel={t('apiKeys.revoke')}
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onClose={() => setRevoking(null)}
      />
    </>
  );
}

/** The header of the revoke column: read by screen readers, not shown. */
const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', margin: '-1px', padding: 0, border: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;
