import { useQuery } from '@tanstack/react-query';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { formatLocale, isDeviceType, type TDevice } from '@aquasmart/domain';
import { localOffsetMinutes, shownText } from '../settings/settings-text';
import { settingChanges } from '../settings/settings-view';
import { auditLogExport, auditLogQuery } from './api/node-detail-api';
import { ExportButton } from '../../../components/table/export-button';
import { auditText, CHANGE_ARROW } from './audit-text';
import { dateTimeText } from './format';
import { ScrollRegion } from '../../../components/table';
import { QueryStatus } from '../../../components/progress/query-status';

function AuditChange({ sentence, lines }: { sentence: string; lines: string[] }) {
  return (
    <>
      {sentence}
      {lines.length ? (
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
          {lines.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </Box>
      ) : null}
    </>
  );
}

interface TAuditRow {
  when: string;
  who: string;
  change: { sentence: string; lines: string[] };
}

/**
 * On a phone one card per entry (when and who on top, what changed beneath at full width): in the
 * table the change column was cut and e-mail addresses wrapped letter by letter.
 */
function AuditCards({ rows, label }: { rows: TAuditRow[]; label: string }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((row, index) => (
        <Box component="li" key={index} data-audit-entry sx={{ px: 2, py: 1.5, borderTop: index ? 1 : 0, borderColor: 'divider', minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
            <span>{row.when}</span>
            <Box component="span" data-audit-user sx={{ overflowWrap: 'anywhere' }}>
              {row.who}
            </Box>
          </Typography>
          <Typography variant="body2" component="div" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            <AuditChange {...row.change} />
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * The #auditLog tab (administrators): who changed what and when, newest first, in words; each
 * change on its own line as "field: before → after" (settings in the settings tab's words and units).
 * A table from `sm` up, cards on a phone.
 */
export function NodeAuditTab({ device }: { device: TDevice }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const entries = useQuery(auditLogQuery(device.eui));
  const channelName = (id: string) => device.channels.find((channel) => channel.id === id)?.name ?? id;
  const type = isDeviceType(device.type) ? device.type : null;
  const offset = localOffsetMinutes();
  const describe = (value: unknown): { sentence: string; lines: string[] } => {
    const text = auditText(value, formatLocale(i18n.language));
    const params = { ...text.params, ...(text.params.channel ? { channel: channelName(text.params.channel) } : {}) };
    const sentence = t(`nodeDetail.audit.actions.${text.key}`, params);
    const via = text.via ? ` ${t(`nodeDetail.audit.via.${text.via}`, { defaultValue: '' })}`.trimEnd() : '';
    const changes = text.changes.map(({ field, value: changed }) => {
      // Nested labels (calibration > interval); a path that names a group keeps its own name.
      const found: unknown = field ? t(`nodeDetail.audit.fields.${field}`, { returnObjects: true, defaultValue: field }) : '';
      const label = typeof found === 'string' ? found : field;
      const shown = field === 'channel' ? channelName(changed) : changed || t('nodeDetail.audit.emptyValue');
      return label ? `${label}: ${shown}` : shown;
    });
    const settings =
      text.settingChanges && type
        ? settingChanges(type, text.settingChanges, offset, device.channels).map((change) => {
            const label = t(change.label, change.labelParams);
            const name = change.group ? `${t(change.group.key, change.group.params)} · ${label}` : label;
            return `${name}: ${shownText(t, i18n.language, change.before)}${CHANGE_ARROW}${shownText(t, i18n.language, change.after)}`;
          })
        : [];
    return { sentence: `${sentence}${via}`, lines: [...settings, ...changes] };
  };
  const rows: TAuditRow[] = (entries.data ?? []).map((entry) => ({
    when: dateTimeText(i18n.language, entry.ts),
    who: entry.user ?? t('nodeDetail.audit.system'),
    change: describe(entry.value),
  }));
  const empty = entries.isSuccess && rows.length === 0;
  return (
    <Paper variant="outlined">
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1 }}>
        <ExportButton target={auditLogExport(device.eui)} />
      </Box>
      <QueryStatus query={entries} errorText={t('nodeDetail.audit.loadError')} />
      {phone && !empty ? <AuditCards rows={rows} label={t('nodeDetail.audit.entries')} /> : null}
      {phone && empty ? <Typography sx={{ p: 2 }}>{t('nodeDetail.audit.empty')}</Typography> : null}
      {phone ? null : (
        <ScrollRegion label={t('nodeDetail.audit.title')}>
          <Table size="small" aria-label={t('nodeDetail.audit.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('nodeDetail.audit.time')}</TableCell>
                <TableCell>{t('nodeDetail.audit.user')}</TableCell>
                <TableCell>{t('nodeDetail.audit.change')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row, index) => (
                <TableRow key={index}>
                  <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>{row.when}</TableCell>
                  <TableCell sx={{ verticalAlign: 'top', overflowWrap: 'anywhere' }}>{row.who}</TableCell>
                  <TableCell sx={{ verticalAlign: 'top', minWidth: 220 }}>
                    <AuditChange {...row.change} />
                  </TableCell>
                </TableRow>
              ))}
              {empty ? (
                <TableRow>
                  <TableCell colSpan={3}>{t('nodeDetail.audit.empty')}</TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </ScrollRegion>
      )}
    </Paper>
  );
}
