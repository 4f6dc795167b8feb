import { alarmsUiEn, alarmsUiNl, exportTexts, type TExportLanguage } from '@aquasmart/domain';
import { fillHeader, type TExportColumn } from '../../lib/csv-export';
import type { TAlarmRow } from '../alarm-store/alarm-rows';

/**
 * The alarm list's columns as CSV (docs/exports.md; apps/web/src/features/alarms/components/alarm-columns.tsx):
 * kind and state in words from the alarm screens' texts (German: the English ones, as on the screens),
 * the subject as the list names it, times ISO 8601.
 */
function subject(row: TAlarmRow, texts: typeof alarmsUiNl.alarms): string {
  if (row.deviceEui) return row.deviceName || row.deviceEui;
  if (row.gatewayId !== null) return fillHeader(texts.gatewayLabel, { name: row.gatewayName ?? `#${row.gatewayId}` });
  const point = row.details.pointName;
  if (typeof point === 'string' && point !== '') return fillHeader(texts.samplePointLabel, { name: point });
  const outlet = row.details.outletName;
  if (typeof outlet === 'string' && outlet !== '') return fillHeader(texts.outletLabel, { name: outlet });
  return '';
}

export function alarmExportColumns(language: TExportLanguage): TExportColumn<TAlarmRow>[] {
  const headers = exportTexts(language).alarms;
  const texts = (language === 'nl' ? alarmsUiNl : alarmsUiEn).alarms;
  const place = (id: number | null, name: string | null) => (id === null ? null : (name ?? texts.removed));
  return [
    { header: headers.id, value: (row) => row.id },
    { header: headers.kind, value: (row) => texts.kinds[row.kind] },
    { header: headers.channel, value: (row) => (row.channelId ? row.channelName || row.channelId : null) },
    { header: headers.subject, value: (row) => subject(row, texts) },
    { header: headers.eui, value: (row) => row.deviceEui },
    { header: headers.customer, value: (row) => place(row.customerId, row.customerName) },
    { header: headers.location, value: (row) => place(row.locationId, row.locationName) },
    { header: headers.openedAt, value: (row) => row.openedAt },
    { header: headers.closedAt, value: (row) => row.closedAt },
    { header: headers.state, value: (row) => (row.state === 'resolved' && row.closedAt === null ? texts.resolvedStillPresent : texts.states[row.state]) },
    { header: headers.assignee, value: (row) => row.assigneeName },
  ];
}
