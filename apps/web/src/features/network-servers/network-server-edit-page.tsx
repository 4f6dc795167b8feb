import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';
import type { TNetworkServerCreate } from '@aquasmart/domain';
import { PageHeader } from '../../components/page';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { ConfirmDialog } from '../../components/table/confirm-dialog';
import { failureText } from '../../lib/http/failure-text';
import { deleteNetworkServer, invalidateNetworkServerLists, networkServerQuery, patchNetworkServer } from '../../lib/api/network-servers';
import { IntegrationPanel } from './components/integration-panel';
import { NetworkServerFormScreen } from './components/network-server-form-screen';
import { networkServerToForm, toPatchBody, type TNetworkServerFormValues } from './network-server-form';
import { QueryStatus } from '../../components/progress/query-status';

/**
 * /networkServers/{name}/edit: the integration (URL, secret, new secret) and the form. Saving
 * returns to the list; delete asks first and shows the server's reason when it refuses (409
 * while nodes use it).
 */
export function NetworkServerEditPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const name = useParams().networkServer ?? '';
  const result = useQuery(networkServerQuery(name));
  const server = result.data;
  // Keyed on the form's own values: a new secret replaces the record but must not reset unsaved edits.
  const formKey = server ? JSON.stringify(networkServerToForm(server)) : '';
  const values = useMemo(() => (formKey ? (JSON.parse(formKey) as TNetworkServerFormValues) : null), [formKey]);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const save = async (submitted: TNetworkServerCreate) => {
    const saved = await patchNetworkServer(name, toPatchBody(submitted));
    // Marked stale without refetching: after a rename the old name would answer 404.
    void queryClient.invalidateQueries({ queryKey: networkServerQuery(name).queryKey, refetchType: 'none' });
    queryClient.setQueryData(networkServerQuery(saved.name).queryKey, saved);
    invalidateNetworkServerLists(queryClient);
    snackbar.success('snackbar.networkServerEdit');
    await navigate('/networkServers', { replace: true });
  };

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteNetworkServer(name);
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: networkServerQuery(name).queryKey, refetchType: 'none' });
      invalidateNetworkServerLists(queryClient);
      snackbar.success('snackbar.networkServerDelete');
      await navigate('/networkServers', { replace: true });
    } catch (error) {
      setConfirming(false);
      snackbar.error(failureText(t, error, 'snackbar.networkServerDeleteError', (key) => i18n.exists(key)));
    } finally {
      setDeleting(false);
    }
  };

  const title = t('routes.networkServerEdit').replace(':networkServer', server?.name ?? name);
  return (
    <>
      <PageHeader title={title}>
        <Button variant="outlined" color="error" startIcon={<DeleteIcon />} disabled={!server} onClick={() => setConfirming(true)}>
          {t('networkServers.delete')}
        </Button>
      </PageHeader>
      <QueryStatus query={result} errorText={t('networkServers.loadError')} gap={2} />
      {server && values ? (
        <>
          <IntegrationPanel server={server} />
          <NetworkServerFormScreen title={title} submitLabel={t('common.save')} values={values} save={save} errorKey="snackbar.networkServerEditError" />
          <ConfirmDialog
            open={confirming}
            title={t('networkServers.deleteTitle')}
            text={t('networkServers.deleteText', { name: server.name })}
            confirmLabel={t('networkServers.delete')}
            busy={deleting}
            onConfirm={() => void remove()}
            onClose={() => setConfirming(false)}
          />
        </>
      ) : null}
    </>
  );
}
