import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TDeviceImportReport, TDeviceImportRow } from '@aquasmart/domain';
import { translateMessage } from '../../../lib/i18n/i18n';
import { columnLabelKey, refusalReasons, reportOrder } from '../import-report';
import { ScrollRegion } from '../../../components/table';

const WIDE_ONLY = { xs: 'none', sm: 'table-cell' };
const NARROW_ONLY = { xs: 'block', sm: 'none' };

/** The import's answer: the counts, then every data row (refused first) with its line, EUI, result and reason. */
export function ImportReportTable({ report }: { report: TDeviceImportReport }) {
  const { t } = useTranslation();
  const reasonText = (field: string | null, message: string) => {
    const text = translateMessage(t, message);
    const label = field ? columnLabelKey(field) : null;
    return field ? `${label ? t(label) : field}: ${text}` : text;
  };
  const reasons = (row: TDeviceImportRow) =>
    refusalReasons(row).map((reason) => <Box key={`${reason.field ?? ''}:${reason.message}`}>{reasonText(reason.field, reason.message)}</Box>);
  return (
    <Paper variant="outlined" component="section" aria-label={t('provisioning.reportTitle')}>
      <Box sx={{ p: { xs: 2, sm: 3 }, pb: { xs: 1, sm: 1.5 }, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, flex: '1 1 auto' }}>
          {t('provisioning.reportTitle')}
        </Typography>
        <Typography role="status" variant="body2">
          {t('provisioning.reportSummary', { imported: report.imported, refused: report.refused })}
        </Typography>
      </Box>
      <ScrollRegion label={t('provisioning.reportTitle')} maxHeight={480}>
        <Table size="small" stickyHeader aria-label={t('provisioning.reportTitle')}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 48 }}>{t('provisioning.line')}</TableCell>
              <TableCell>{t('provisioning.eui')}</TableCell>
              <TableCell>{t('provisioning.status')}</TableCell>
              <TableCell sx={{ minWidth: 220, display: WIDE_ONLY }}>{t('provisioning.reason')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {reportOrder(report.rows).map((row) => (
              <TableRow key={row.row}>
                <TableCell>{row.row}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: { sm: 'nowrap' }, wordBreak: { xs: 'break-all', sm: 'normal' }, minWidth: { xs: 'calc(8.5ch + 32px)', sm: 0 } }}>{row.eui || '—'}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={row.status === 'imported' ? 'success' : 'error'}
                    label={row.status === 'imported' ? t('provisioning.imported') : t('provisioning.refused')}
                  />
                  {/* On phones the reasons go under the result instead of a column of their own. */}
                  <Box sx={{ display: NARROW_ONLY, mt: 0.5 }}>{reasons(row)}</Box>
                </TableCell>
                <TableCell sx={{ display: WIDE_ONLY }}>{reasons(row)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollRegion>
    </Paper>
  );
}
