import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { TAlarm } from '@aquasmart/domain';
import type { TListColumn } from '../../../components/table/list-table';
import { AlarmStateChip } from '../../../components/alarms/alarm-state-chip';
import { useFormat } from '../../../lib/i18n/use-date-time';

type TColumn = TListColumn<TAlarm>;

const ellipsis = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;
const twoLines = { display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', lineHeight: 1.3, minWidth: 0 } as const;

/** What the alarm is about: the node's name (its EUI when it has none), "Gateway <name>", "Monsterpunt <name>" (a sample point's) or "Tappunt <name>" (an outlet's). */
export function alarmSubject(t: TFunction, alarm: Pick<TAlarm, 'deviceEui' | 'deviceName' | 'gatewayId' | 'gatewayName'> & Partial<Pick<TAlarm, 'details'>>): string {
  if (alarm.deviceEui) return alarm.deviceName || alarm.deviceEui;
  if (alarm.gatewayId !== null) return t('alarms.gatewayLabel', { name: alarm.gatewayName ?? `#${alarm.gatewayId}` });
  // A legionella alarm is about a sample point (docs/sampling.md, "Legal steps"): its name is in the details.
  const point = alarm.details?.pointName;
  if (typeof point === 'string' && point !== '') return t('alarms.samplePointLabel', { name: point });
  // A check alarm (checkDeviation, checkOverdue) is about an outlet (docs/outlets.md): its name is in the details too.
  const outlet = alarm.details?.outletName;
  if (typeof outlet === 'string' && outlet !== '') return t('alarms.outletLabel', { name: outlet });
  return '—';
}

/** Customer and location as one line; a place that is gone reads "removed". */
export function alarmPlace(t: TFunction, alarm: Pick<TAlarm, 'customerId' | 'customerName' | 'locationId' | 'locationName'>, separator = ' / '): string {
  const name = (id: number | null, value: string | null) => (id === null ? null : (value ?? t('alarms.removed')));
  return [name(alarm.customerId, alarm.customerName), name(alarm.locationId, alarm.locationName)].filter(Boolean).join(separator);
}

/** The kind with the channel under it for the channel kinds (faulty sensor, temperature). */
function KindCell({ alarm }: { alarm: TAlarm }) {
  const { t } = useTranslation();
  return (
    <Box sx={twoLines}>
      {/* Two lines rather than cut: "Instellingen niet overgenomen" is the longest kind. */}
      <Box component="span" sx={{ fontWeight: 500, whiteSpace: 'normal', lineHeight: 1.2, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
        {t(`alarms.kinds.${alarm.kind}`)}
      </Box>
      {alarm.channelId ? (
        <Box component="span" sx={{ ...ellipsis, fontSize: 12, color: 'text.secondary' }}>
          {alarm.channelName || alarm.channelId}
        </Box>
      ) : null}
    </Box>
  );
}

/** The grid's usual row height: a row whose place wraps grows from there. */
const ROW_HEIGHT = 52;

/** Between words, in a row that grows with it; inside a word only when that one word is wider than the whole column. */
const wrapping = { whiteSpace: 'normal', overflowWrap: 'anywhere' } as const;

/**
 * The node (or gateway) with its place beneath it, both whole: they wrap between words and the
 * row grows ("Gemeente Utrecht · Gemeentewerf…" told too little). The EUI is in the tooltip and on the alarm's page.
 */
function SubjectCell({ alarm }: { alarm: TAlarm }) {
  const { t } = useTranslation();
  const subject = alarmSubject(t, alarm);
  const place = alarmPlace(t, alarm, ' · ');
  return (
    <Box sx={{ ...twoLines, minHeight: ROW_HEIGHT, py: 0.75 }} title={[subject, alarm.deviceEui, place].filter(Boolean).join('\n')}>
      <Box component="span" sx={wrapping}>
        {subject}
      </Box>
      {place ? (
        <Box component="span" data-place sx={{ ...wrapping, fontSize: 12, color: 'text.secondary' }}>
          {place}
        </Box>
      ) : null}
    </Box>
  );
}

function MomentCell({ iso }: { iso: string | null }) {
  const { dateTime } = useFormat();
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {dateTime(iso) || '—'}
    </Box>
  );
}

/** Whether the condition still holds: "present" (in the warning colour; `short`: "still present", under a heading that names the condition) or when it cleared. */
export function ConditionText({ closedAt, short = false }: { closedAt: string | null; short?: boolean }) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  return closedAt ? (
    <Box component="span" data-condition="cleared" sx={{ color: 'text.secondary' }}>
      {t('alarms.condition.cleared', { at: dateTime(closedAt) })}
    </Box>
  ) : (
    <Box component="span" data-condition="active" sx={{ color: 'warning.main', fontWeight: 500 }}>
      {t(short ? 'alarms.condition.stillPresent' : 'alarms.condition.active')}
    </Box>
  );
}

function StateCell({ alarm }: { alarm: TAlarm }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', height: '100%', minWidth: 0 }}>
      <AlarmStateChip state={alarm.state} closedAt={alarm.closedAt} />
    </Box>
  );
}

/**
 * One alarm as a card (a phone): kind and state on the first line, the node and its place, when
 * it started and whether the condition still holds, and who it is assigned to. The whole row
 * opens the alarm.
 */
function AlarmCard({ alarm, withSubject }: { alarm: TAlarm; withSubject: boolean }) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const place = withSubject ? alarmPlace(t, alarm, ' · ') : '';
  return (
    <Box data-alarm-card sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, py: 1.25, minWidth: 0, width: '100%', lineHeight: 1.3 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, justifyContent: 'space-between', minWidth: 0 }}>
        <Box sx={{ minWidth: 0, whiteSpace: 'normal', overflowWrap: 'anywhere', fontWeight: 600 }}>
          {t(`alarms.kinds.${alarm.kind}`)}
          {alarm.channelId ? (
            <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
              {` · ${alarm.channelName || alarm.channelId}`}
            </Box>
          ) : null}
        </Box>
        <Box sx={{ flexShrink: 0, maxWidth: '55%', display: 'flex', justifyContent: 'flex-end' }}>
          <AlarmStateChip state={alarm.state} closedAt={alarm.closedAt} />
        </Box>
      </Box>
      {withSubject ? (
        <Box sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
          {alarmSubject(t, alarm)}
          {place ? (
            <Box component="span" sx={{ display: 'block', fontSize: 13, color: 'text.secondary' }}>
              {place}
            </Box>
          ) : null}
        </Box>
      ) : null}
      <Box sx={{ fontSize: 13, whiteSpace: 'normal', display: 'flex', flexWrap: 'wrap', columnGap: 1.5 }}>
        <span>
          {`${t('alarms.columns.openedAt')}: `}
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {dateTime(alarm.openedAt)}
          </Box>
        </span>
        <ConditionText closedAt={alarm.closedAt} />
      </Box>
      {alarm.assignee ? <Box sx={{ fontSize: 13, color: 'text.secondary' }}>{`${t('alarms.columns.assignee')}: ${alarm.assignee.name}`}</Box> : null}
    </Box>
  );
}

/**
 * The columns of the Alarms list and the node's Alarms tab (docs/alarms-screens.md). The server
 * keeps one order (active first, then newest), so no column sorts. On a phone one column holds a
 * card per alarm. `withSubject` is false in the node's tab, where every alarm is of that node.
 */
export function alarmColumns(t: TFunction, options: { phone: boolean; withSubject: boolean }): TColumn[] {
  const { phone, withSubject } = options;
  if (phone) {
    return [{ field: 'kind', headerName: t('alarms.list'), flex: 1, minWidth: 200, sortable: false, renderCell: ({ row }) => <AlarmCard alarm={row} withSubject={withSubject} /> }];
  }
  const subject: TColumn[] = withSubject
    ? [
        { field: 'subject', headerName: t('alarms.columns.subject'), flex: 1, minWidth: 200, sortable: false, importance: 1, renderCell: ({ row }) => <SubjectCell alarm={row} /> },
      ]
    : [];
  return [
    { field: 'kind', headerName: t('alarms.columns.kind'), minWidth: 150, flex: 0.6, sortable: false, renderCell: ({ row }) => <KindCell alarm={row} /> },
    { field: 'state', headerName: t('alarms.columns.state'), width: 270, sortable: false, importance: 1, renderCell: ({ row }) => <StateCell alarm={row} /> },
    ...subject,
    { field: 'openedAt', headerName: t('alarms.columns.openedAt'), width: 150, sortable: false, importance: 2, renderCell: ({ row }) => <MomentCell iso={row.openedAt} /> },
    { field: 'closedAt', headerName: t('alarms.columns.closedAt'), width: 150, sortable: false, importance: 4, renderCell: ({ row }) => (row.closedAt ? <MomentCell iso={row.closedAt} /> : <ConditionText closedAt={null} short />) },
    {
      field: 'assignee',
      headerName: t('alarms.columns.assignee'),
      width: 150,
      sortable: false,
      importance: 3,
      renderCell: ({ row }) => (
        <Box component="span" sx={ellipsis}>
          {row.assignee?.name ?? '—'}
        </Box>
      ),
    },
  ];
}
