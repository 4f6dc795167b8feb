import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { DEVICE_TYPES, formatLocale, type TDevice, type TDeviceType } from '@aquasmart/domain';
import { localOffsetMinutes, shownText } from '../settings/settings-text';
import { settingChanges } from '../settings/settings-view';
import { auditLogQuery } from './api/node-detail-api';
import { auditText, CHANGE_ARROW } from './audit-text';
import { dateTimeText } from './format';
import { ScrollRegion } from '../../../components/table';

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

/**
 * The #auditLog tab (administrators): who changed what and when, newest first, in words; each
 * change on its own line as "field: before → after" (settings in the settings tab's words and units).
 */
export function NodeAuditTab({ device }: { device: TDevice }) {
  const { t, i18n } = useTranslation();
  const entries = useQuery(auditLogQuery(device.eui));
  const channelName = (id: string) => device.channels.find((channel) => channel.id === id)?.name ?? id;
  const type = (DEVICE_TYPES as readonly string[]).includes(device.type) ? (device.type as TDeviceType) : null;
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
        ? settingChanges(type, text.settingChanges, offset).map((change) => {
            const label = t(change.label, change.labelParams);
            const name = change.group ? `${t(change.group.key, change.group.params)} · ${label}` : label;
            return `${name}: ${shownText(t, i18n.language, change.before)}${CHANGE_ARROW}${shownText(t, i18n.language, change.after)}`;
          })
        : [];
    return { sentence: `${sentence}${via}`, lines: [...settings, ...changes] };
  };
  return (
    <Paper variant="outlined">
      {entries.isPending ? <LinearProgress aria-label={t('common.loading')} /> : null}
      {entries.isError ? <Alert severity="error">{t('nodeDetail.audit.loadError')}</Alert> : null}
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
            {(entries.data ?? []).map((entry, index) => (
              <TableRow key={`${entry.ts}-${index}`}>
                <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>{dateTimeText(i18n.language, entry.ts)}</TableCell>
                <TableCell sx={{ verticalAlign: 'top', overflowWrap: 'anywhere' }}>{entry.user ?? t('nodeDetail.audit.system')}</TableCell>
                <TableCell sx={{ verticalAlign: 'top', minWidth: 220 }}>
                  <AuditChange {...describe(entry.value)} />
                </TableCell>
              </TableRow>
            ))}
            {entries.isSuccess && entries.data.length === 0 ? (
              <TableRow>
                <TableCell colSpan={3}>{t('nodeDetail.audit.empty')}</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </ScrollRegion>
    </Paper>
  );
}
