import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { gatewayScreen } from '../../../lib/api/places';
import { ScrollRegion } from '../../../components/table';
import { nodeHeardGatewaysQuery } from './api/node-detail-api';
import { dateTimeText, numberText } from './format';

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
      {heard.isFetching ? <LinearProgress aria-label={t('common.loading')} /> : null}
      {heard.isError ? <Alert severity="error">{t('nodeDetail.lora.gatewaysLoadError')}</Alert> : null}
      <ScrollRegion label={t('nodeDetail.lora.gatewaysTitle')}>
        <Table size="small" aria-label={t('nodeDetail.lora.gatewaysTitle')} sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('nodeDetail.lora.gateway')}</TableCell>
              <TableCell>{t('nodeDetail.lora.lastHeard')}</TableCell>
              <TableCell align="right">{t('nodeDetail.lora.rssi')}</TableCell>
              <TableCell align="right">{t('nodeDetail.lora.snr')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((gateway) => (
              <TableRow key={gateway.mac}>
                <TableCell>
                  <Link component={RouterLink} to={gatewayScreen(gateway.customer, gateway.location, gateway.name)} sx={{ overflowWrap: 'anywhere' }}>
                    {gateway.name}
                  </Link>
                  <Typography variant="caption" component="div" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {gateway.location}
                  </Typography>
                </TableCell>
                <TableCell>{dateTimeText(i18n.language, gateway.lastHeardAt)}</TableCell>
                <TableCell align="right">{numberText(i18n.language, gateway.rssi, 0) || '—'}</TableCell>
                <TableCell align="right">{numberText(i18n.language, gateway.snr, 1) || '—'}</TableCell>
              </TableRow>
            ))}
            {heard.isSuccess && rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={4}>{t('nodeDetail.lora.gatewaysEmpty')}</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </ScrollRegion>
    </Paper>
  );
}
