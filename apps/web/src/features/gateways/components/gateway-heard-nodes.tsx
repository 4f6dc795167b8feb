import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatLocale, formatNumber, type TGatewayHeardNode } from '@aquasmart/domain';
import { ResponsiveTable } from '../../../components/table';
import { nodeScreen } from '../../../lib/api/nodes';
import { gatewayHeardNodesQuery } from '../api/gateway-heard-api';
import { QueryStatus } from '../../../components/progress/query-status';

/** The node's name (a link when it is placed) with its EUI under it: one narrow column on a phone. */
function NodeCell({ node }: { node: TGatewayHeardNode }) {
  const name = node.name || node.eui;
  return (
    <>
      {node.customer && node.location ? (
        <Link component={RouterLink} to={nodeScreen(node.customer, node.location, node.eui)} sx={{ overflowWrap: 'anywhere' }}>
          {name}
        </Link>
      ) : (
        <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
          {name}
        </Box>
      )}
      <Typography variant="caption" component="div" color="text.secondary" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
        {node.eui}
      </Typography>
    </>
  );
}

/** The #heard tab of a gateway: the nodes it heard, latest first, with the last RSSI and SNR (docs/gateways.md). */
export function GatewayHeardNodes({ customer, location, gateway }: { customer: string; location: string; gateway: string }) {
  const { t, i18n } = useTranslation();
  const locale = formatLocale(i18n.language);
  const heard = useQuery(gatewayHeardNodesQuery(customer, location, gateway));
  const rows = heard.data ?? [];
  return (
    <Paper variant="outlined">
      <Box sx={{ p: 2 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('gateways.heardTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('gateways.heardIntro')}
        </Typography>
      </Box>
      <QueryStatus query={heard} errorText={t('gateways.heardLoadError')} busyWhile="fetching" />
      <ResponsiveTable
        label={t('gateways.heardTitle')}
        rowKey={(node) => node.eui}
        rows={rows}
        empty={heard.isSuccess ? t('gateways.heardEmpty') : undefined}
        columns={[
          { id: 'node', label: t('gateways.node'), title: true, render: (node) => <NodeCell node={node} /> },
          { id: 'lastHeardAt', label: t('gateways.lastSeen'), render: (node) => formatDateTime(node.lastHeardAt, locale) },
          { id: 'rssi', label: t('gateways.rssi'), align: 'right', render: (node) => formatNumber(node.rssi, locale, { decimals: 0 }) || '—' },
          { id: 'snr', label: t('gateways.snr'), align: 'right', render: (node) => formatNumber(node.snr, locale, { decimals: 1 }) || '—' },
        ]}
      />
    </Paper>
  );
}
