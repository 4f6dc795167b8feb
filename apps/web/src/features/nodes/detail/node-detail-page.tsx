import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import { hasAnyRight, isAdministrator, type TDevice } from '@aquasmart/domain';
import { useCurrentUser } from '../../../lib/session/current-user';
import { useCrumbLabel } from '../../../lib/routing/crumb-labels';
import { PageHeader } from '../../../components/page';
import { activeTabId, HashTabs, type THashTab } from '../../../components/page/hash-tabs';
import { DeletePlaceButton } from '../../../components/places/delete-place-button';
import { nodeQuery, NODES_QUERY_ROOT, nodeScreen, removeNode } from '../../../lib/api/nodes';
import { useStreamLive } from '../../../lib/events/live-state';
import { NodeAuditTab } from './node-audit-tab';
import { NodeChartTab } from './node-chart-tab';
import { NodeDetails } from './node-details';
import { NodeLoraTab } from './node-lora-tab';
import { NodeMoveButton } from './node-move-dialog';
import { NodeSettingsTab } from '../settings/node-settings-tab';
import { QueryStatus } from '../../../components/progress/query-status';

/** How often a node with pending settings is asked again while the live stream is not there to tell. */
const PENDING_REFRESH_MS = 5000;

/**
 * The tabs a user sees (docs/nodes-screens.md, "Tabs and rights"); none for a node without parameters.
 * Other features' tabs (`more`: the #alarms) stand after #details.
 */
export function nodeTabs(device: TDevice, user: Parameters<typeof hasAnyRight>[0], t: (key: string) => string, more: THashTab[] = []): THashTab[] {
  if (device.sipp.parameters.length === 0) return [];
  const admin = isAdministrator(user);
  return [
    { id: 'chart', label: t('nodeDetail.tabs.chart'), render: () => <NodeChartTab device={device} /> },
    { id: 'details', label: t('nodeDetail.tabs.details'), render: () => <NodeDetails device={device} /> },
    ...more,
    ...(hasAnyRight(user, 'settings') ? [{ id: 'settings', label: t('nodeDetail.tabs.settings'), render: () => <NodeSettingsTab device={device} /> }] : []),
    ...(admin
      ? [
          { id: 'lora', label: t('nodeDetail.tabs.lora'), render: () => <NodeLoraTab device={device} /> },
          { id: 'auditLog', label: t('nodeDetail.tabs.auditLog'), render: () => <NodeAuditTab device={device} /> },
        ]
      : []),
  ];
}

/**
 * /nodes/{customer}/{location}/{eui} (docs/nodes-screens.md, "Node detail"): the node's chart, service details,
 * settings, LoRa messages and audit log as hash tabs; the pencil edits the node (editNode) or,
 * on the settings tab, its settings (settings); move changes its place (moveNode, also without
 * editNode); delete detaches and stops it (deleteNode). Tabs of other features come as `moreTabs`
 * (app/compositions/node-detail-screen.tsx: the #alarms).
 */
export function NodeDetailPage({ moreTabs }: { moreTabs?: (device: TDevice) => THashTab[] } = {}) {
  const { t } = useTranslation();
  const params = useParams();
  const location = useLocation();
  const customer = params.customer ?? '';
  const locationName = params.location ?? '';
  const eui = params.eui ?? '';
  const user = useCurrentUser().data;
  // `pending` turns `saved` when the node reports: the live stream's `nodes` event refreshes the node
  // (app/live); only while the stream is not live does the page ask again itself.
  const streamLive = useStreamLive();
  const result = useQuery({ ...nodeQuery(eui), refetchInterval: (query) => (!streamLive && query.state.data?.sync === 0 ? PENDING_REFRESH_MS : false) });
  const device = result.data;
  const screen = nodeScreen(customer, locationName, eui);
  useCrumbLabel(screen, device?.name || undefined);

  const tabs = device ? nodeTabs(device, user, t, moreTabs?.(device)) : [];
  const onSettings = activeTabId(location.hash, tabs) === 'settings';
  const pencil = onSettings
    ? hasAnyRight(user, 'settings')
      ? { to: `${screen}/settings`, label: t('nodeDetail.editSettings') }
      : null
    : hasAnyRight(user, 'editNode')
      ? { to: `${screen}/edit`, label: t('nodeDetail.edit') }
      : null;

  return (
    <>
      <PageHeader title={device ? device.name || device.eui : eui} subtitle={device ? `${device.eui} · ${device.type}` : undefined}>
        {pencil && device ? (
          <Button component={RouterLink} to={pencil.to} variant="outlined" startIcon={<EditIcon />}>
            {pencil.label}
          </Button>
        ) : null}
        {device?.customer && device.location && hasAnyRight(user, 'moveNode') ? <NodeMoveButton device={device} /> : null}
        {device && hasAnyRight(user, 'deleteNode') ? (
          <DeletePlaceButton
            text={t('nodeDetail.deleteText', { name: device.name || device.eui, eui: device.eui, customer: device.customer ?? '', location: device.location ?? '' })}
            remove={async () => {
              await removeNode(device);
            }}
            successKey="snackbar.nodeDelete"
            errorKey="snackbar.nodeDeleteError"
            afterDelete="/nodes"
            detailKey={nodeQuery(eui).queryKey}
            refresh={[NODES_QUERY_ROOT, ['customers'], ['locations']]}
          />
        ) : null}
      </PageHeader>
      <QueryStatus query={result} errorText={t('nodeDetail.loadError')} gap={2} />
      {device && tabs.length > 0 ? <HashTabs tabs={tabs} label={t('nodeDetail.tabsLabel')} /> : null}
      {device && tabs.length === 0 ? (
        <Stack spacing={2}>
          <Alert severity="info">{t('nodeDetail.noParameters')}</Alert>
          <NodeDetails device={device} />
        </Stack>
      ) : null}
    </>
  );
}
