import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import VerifiedIcon from '@mui/icons-material/Verified';
import type { TIssuedLogbookReport } from '@aquasmart/domain';
import { fetchIssuedLogbookFile, issuedLogbookQuery, type TLogbookFormat, type TLogbookScope } from '../api/logbook-api';
import { useDownload } from '../use-download';
import { useReportFormat } from '../use-report-format';
import { ResponsiveTable, type TResponsiveColumn } from '../../../components/table';
import { VerdictChip } from './verdict-chip';
import { QueryStatus } from '../../../components/progress/query-status';

/** The first characters of a hash, enough to tell two apart on screen. */
export const shortHash = (hash: string) => `${hash.slice(0, 10)}…`;

/**
 * The reports issued for this location or customer, newest first, each downloadable as stored.
 * Times in `timeZone` (the report's, the location's), else the browser's.
 */
export function IssuedList({ scope, timeZone }: { scope: TLogbookScope; timeZone?: string }) {
  const { t } = useTranslation();
  const format = useReportFormat(timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
  const issued = useQuery(issuedLogbookQuery(scope));
  const { busy, download } = useDownload();
  const col = (id: string) => t(`logbookScreen.issued.${id}`);
  const file = (row: TIssuedLogbookReport, kind: TLogbookFormat | 'json') => {
    const id = `${row.number}.${kind}`;
    return (
      <Button
        size="small"
        variant="text"
        loading={busy === id}
        aria-label={t(`logbookScreen.issued.${kind === 'pdf' ? 'downloadPdf' : kind === 'csv' ? 'downloadCsv' : 'downloadJson'}`, { number: row.number })}
        onClick={() => void download(id, () => fetchIssuedLogbookFile(row.number, kind), `${row.number}.${kind}`)}
        sx={{ minWidth: 0 }}
      >
        {kind.toUpperCase()}
      </Button>
    );
  };
  // A period issued more than once: the entry that counts is marked, the others say by which and why they were superseded.
  const supersededPeriods = new Set((issued.data ?? []).filter((row) => !row.current).map((row) => `${row.scope}:${row.location}:${row.from}:${row.to}`));
  const columns: TResponsiveColumn<TIssuedLogbookReport>[] = [
    {
      id: 'number',
      label: col('number'),
      title: true,
      render: (row) => (
        <>
          {row.number}
          {row.current && supersededPeriods.has(`${row.scope}:${row.location}:${row.from}:${row.to}`) ? (
            <Chip size="small" color="success" variant="outlined" label={t('logbookScreen.issued.current')} sx={{ ml: 1 }} data-testid="issued-current" />
          ) : null}
          {row.supersededBy ? (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', whiteSpace: 'normal', maxWidth: '15rem' }} data-testid="issued-superseded">
              {t('logbookScreen.issued.supersededBy', { number: row.supersededBy.number, reason: row.supersededBy.reason })}
              {' · '}
              {t('logbookScreen.issued.supersededWhen', { at: format.instant(row.supersededBy.at), user: row.supersededBy.by })}
            </Typography>
          ) : null}
        </>
      ),
    },
    { id: 'period', label: col('period'), render: (row) => format.range(row) },
    ...(scope.location === undefined ? [{ id: 'location', label: col('location'), render: (row: TIssuedLogbookReport) => row.location ?? '—' }] : []),
    { id: 'rulebook', label: col('rulebook'), render: (row) => row.rulebook },
    { id: 'verdict', label: col('verdict'), render: (row) => <VerdictChip verdict={row.verdict} /> },
    {
      id: 'issuedAt',
      label: col('issuedAt'),
      render: (row) => (
        <>
          {format.instant(row.issuedAt)}
          {/* Who issued and signed wrap between words: the register fits its box beside the downloads. */}
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', whiteSpace: 'normal', maxWidth: '15rem' }}>
            {t('logbookScreen.issued.by', { user: row.issuedBy })}
          </Typography>
          {row.signer ? (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', whiteSpace: 'normal', maxWidth: '15rem' }}>
              {t('logbookScreen.issued.signedBy', row.signer)}
            </Typography>
          ) : null}
        </>
      ),
    },
    {
      id: 'hash',
      label: col('hash'),
      render: (row) => (
        <Tooltip title={t('logbookScreen.issued.fullHash', { hash: row.sha256 })} describeChild>
          <Box component="span" tabIndex={0} data-hash={row.sha256} sx={{ fontFamily: 'monospace', '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}>
            {shortHash(row.sha256)}
          </Box>
        </Tooltip>
      ),
    },
    {
      id: 'downloads',
      label: col('downloads'),
      render: (row) => (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          {file(row, 'pdf')}
          {file(row, 'csv')}
          {file(row, 'json')}
        </Box>
      ),
    },
  ];
  return (
    <Box>
      <Button component={RouterLink} to="/logbook/verify" size="small" startIcon={<VerifiedIcon />} sx={{ mb: 1 }}>
        {t('logbookScreen.issued.verify')}
      </Button>
      <QueryStatus query={issued} errorText={t('logbookScreen.issued.loadError')} />
      {issued.isSuccess && issued.data.length === 0 ? <Typography variant="body2">{t('logbookScreen.issued.empty')}</Typography> : null}
      {issued.isSuccess && issued.data.length > 0 ? (
        <ResponsiveTable figures inset={false} label={t('logbookScreen.issued.title')} columns={columns} rows={issued.data} rowKey={(row) => row.number} />
      ) : null}
    </Box>
  );
}
