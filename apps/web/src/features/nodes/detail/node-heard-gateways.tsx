import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TDeviceHeardGateway } from '@aquasmart/domain';
import { gatewayScreen } from '../../../lib/api/places';
import { ResponsiveTable } from '../../../components/table';
import { nodeHeardGatewaysQuery } from './api/node-detail-api';
import { dateTimeText, numberText } from './format';
import { QueryStatus } from '../../../components/progress/query-status';

/** The gateway's name, linked to it, with its location under it. */
function GatewayCell({ gateway }: { gateway: TDeviceHeardGateway }) {
  return (
    <>
      <Link component={RouterLink} to={gatewayScreen(gateway.customer, gateway.location, gateway.name)} sx={{ overflowWrap: 'anywhere' }}>
        {gateway.name}
      </Link>
      <Typography variant="caption" component="div" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {gateway.location}
      </Typography>
    </>
  );
}

/** On the #lora tab: the registered gateways that heard the node, latest first, with the last RSSI and SNR (docs/gateways.md). */
export function NodeHeardGateways({ eui }: { eui: string }) {
  const { t, i18n } = useTranslation();
  const heard = useQuery(nodeHeardGatewaysQuery(eui));
  const rows = heard.data ?? [];
  return (
    <Paper variant="outlined" sx={{ mb: 2 }}>
      <Box sx={{ p: 2 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('nodeDetail.lora.gatewaysTitle')}
        </Typography>
      </Box>
      <QueryStatus query={heard} errorText={t('nodeDetail.lora.gatewaysLoadError')} busyWhile="fetching" />
      <ResponsiveTable
        label={t('nodeDetail.lora.gatewaysTitle')}
        rowKey={(gateway) => gateway.mac}
        rows={rows}
        empty={heard.isSuccess ? t('nodeDetail.lora.gatewaysEmpty') : undefined}
        columns={[
          { id: 'gateway', label: t('nodeDetail.lora.gateway'), title: true, render: (gateway) => <GatewayCell gateway={gateway} /> },
          { id: 'lastHeardAt', label: t('nodeDetail.lora.lastHeard'), render: (gateway) => dateTimeText(i18n.language, gateway.lastHeardAt) },
          { id: 'rssi', label: t('nodeDetail.lora.rssi'), align: 'right', render: (gateway) => numberText(i18n.language, gateway.rssi, 0) || '—' },
          { id: 'snr', label: t('nodeDetail.lora.snr'), align: 'right', render: (gateway) => numberText(i18n.language, gateway.snr, 1) || '—' },
        ]}
      />
    </Paper>
  );
}
