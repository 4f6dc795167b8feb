import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TNetworkServerCreate } from '@aquasmart/domain';
import { PageHeader } from '../../components/page';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { createNetworkServer, invalidateNetworkServerLists, networkServerEditScreen, networkServerQuery } from '../../lib/api/network-servers';
import { NetworkServerFormScreen } from './components/network-server-form-screen';
import { emptyNetworkServerForm, toCreateBody } from './network-server-form';

/** /networkServers/new: on success the edit screen opens, which shows the generated secret and the integration URL. */
export function NetworkServerNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const [values] = useState(emptyNetworkServerForm);

  const save = async (submitted: TNetworkServerCreate) => {
    const server = await createNetworkServer(toCreateBody(submitted));
    queryClient.setQueryData(networkServerQuery(server.name).queryKey, server);
    invalidateNetworkServerLists(queryClient);
    snackbar.success('snackbar.networkServerCreate');
    await navigate(networkServerEditScreen(server.name), { replace: true });
  };

  return (
    <>
      <PageHeader title={t('routes.networkServerNew')} subtitle={t('networkServers.newHint')} />
      <NetworkServerFormScreen
        title={t('routes.networkServerNew')}
        submitLabel={t('networkServers.create')}
        values={values}
        save={save}
        errorKey="snackbar.networkServerCreateError"
      />
    </>
  );
}
