import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, DEFAULT_PAGE_SIZE, type TDevice } from '@aquasmart/domain';
import { connectorMessagesQuery, loraMessagesQuery } from './api/node-detail-api';
import { dateTimeText, numberText } from './format';
import { ScrollRegion, TablePager } from '../../../components/table';
import { NodeHeardGateways } from './node-heard-gateways';
import { QueryStatus } from '../../../components/progress/query-status';

const PERIODS = { day: 1, week: 7, month: 30 } as const;
type TPeriod = keyof typeof PERIODS;
const HOUR_MS = 3_600_000;

/**
 * The #lora tab (administrators): the gateways that heard the node (docs/gateways.md), then the
 * node's messages of a period, newest first, paged here.
 * The history route answers oldest first, so the period's rows are read whole and turned round.
 */
export function NodeLoraTab({ device }: { device: TDevice }) {
  const { t, i18n } = useTranslation();
  const [period, setPeriod] = useState<TPeriod>('week');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  // The start of the period, rounded to the hour so the query key stays put between renders.
  const since = useMemo(() => Math.floor((Date.now() - PERIODS[period] * 24 * HOUR_MS) / HOUR_MS) * HOUR_MS, [period]);
  const messages = useQuery(loraMessagesQuery(device.eui, since));
  const connector = device.sipp.connector;
  const names = useQuery({ ...connectorMessagesQuery(connector?.id ?? '', connector?.version ?? ''), enabled: Boolean(connector?.id && connector.version) });
  const rows = messages.data ?? [];
  const visible = rows.slice(page * pageSize, (page + 1) * pageSize);
  const messageName = (msgId: number | undefined) => {
    if (msgId === undefined) return '';
    const name = names.data?.get(msgId);
    return name ? t(`nodeDetail.lora.messageNames.${name}`, { defaultValue: name }) : String(msgId);
  };

  return (
    <>
      <NodeHeardGateways eui={device.eui} />
      <Paper variant="outlined">
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, p: 2 }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, flex: '1 1 auto' }}>
            {t('nodeDetail.lora.title')}
          </Typography>
          <TextField
            select
            size="small"
            label={t('nodeDetail.lora.period')}
            value={period}
            onChange={(event) => {
              setPeriod(event.target.value as TPeriod);
              setPage(0);
            }}
            sx={{ minWidth: 180 }}
          >
            {(Object.keys(PERIODS) as TPeriod[]).map((key) => (
              <MenuItem key={key} value={key}>
                {t(`nodeDetail.lora.periods.${key}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <QueryStatus query={messages} errorText={t('nodeDetail.lora.loadError')} busyWhile="fetching" />
        <ScrollRegion label={t('nodeDetail.lora.title')}>
          <Table size="small" aria-label={t('nodeDetail.lora.title')}>
            <TableHead>
              <TableRow>
                <TableCell align="right">{t('nodeDetail.lora.counter')}</TableCell>
                <TableCell>{t('nodeDetail.lora.time')}</TableCell>
                <TableCell>{t('nodeDetail.lora.message')}</TableCell>
                <TableCell align="right">{t('nodeDetail.lora.rssi')}</TableCell>
                <TableCell align="right">{t('nodeDetail.lora.snr')}</TableCell>
                <TableCell>{t('nodeDetail.lora.gateway')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {visible.map((row, index) => (
                <TableRow key={`${row.ts ?? ''}-${row.counter ?? ''}-${index}`}>
                  <TableCell align="right">{row.counter ?? '—'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTimeText(i18n.language, row.ts)}</TableCell>
                  <TableCell>{messageName(row.msgId)}</TableCell>
                  <TableCell align="right">{row.rssi ?? '—'}</TableCell>
                  <TableCell align="right">{numberText(i18n.language, row.snr, 1) || '—'}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{row.gateway ?? '—'}</TableCell>
                </TableRow>
              ))}
              {messages.isSuccess && rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={6}>{t('nodeDetail.lora.empty')}</TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </ScrollRegion>
        <TablePager
          count={rows.length}
          page={page}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[...PAGE_SIZES]}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPage(0);
          }}
        />
      </Paper>
    </>
  );
}
