import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import { useTranslation } from 'react-i18next';
import { calibrationDue, formatDate, formatDateTime, formatLocale, isTemperatureChannelActive, OFFLINE_AFTER_MS, nodeFunctions, type TNodeFunctions, type TNodeParameter } from '@aquasmart/domain';
import { TemperatureCell } from '../cells/temperature-cell';

/**
 * Node cells shared by the node list (components/nodes) and the node detail page: function
 * icons, a temperature channel of a node, the calibration date with its due state, and dates.
 */
export interface TNodeLike {
  type?: string | null;
  channels?: readonly { id: string; name: string; value: number | null; custom?: { mode?: string }; drift?: unknown }[];
  sipp?: { parameters?: readonly TNodeParameter[] };
  calibration?: { interval?: number; ts?: string | null };
}

export function functionsOf(node: TNodeLike): TNodeFunctions {
  return nodeFunctions(node.type, node.sipp?.parameters);
}

/** '5 min ago' style: how long since the node was last heard, with the full time in a tooltip; red after 6 hours (offline). */
export function LastOnlineCell({ ts, now = Date.now() }: { ts: string | null | undefined; now?: number }) {
  const { t, i18n } = useTranslation();
  if (!ts) return <span>{t('nodes.never')}</span>;
  const at = Date.parse(ts);
  if (Number.isNaN(at)) return null;
  const seconds = Math.round((at - now) / 1000);
  const format = new Intl.RelativeTimeFormat(i18n.language, { numeric: 'auto', style: 'short' });
  const abs = Math.abs(seconds);
  const text =
    abs < 60 ? format.format(seconds, 'second') : abs < 3600 ? format.format(Math.round(seconds / 60), 'minute') : abs < 86400 ? format.format(Math.round(seconds / 3600), 'hour') : format.format(Math.round(seconds / 86400), 'day');
  const offline = now - at > OFFLINE_AFTER_MS;
  return (
    <Tooltip title={formatDateTime(ts, formatLocale(i18n.language))}>
      <Box component="span" data-offline={offline} sx={{ color: offline ? 'error.main' : 'text.primary', whiteSpace: 'nowrap' }}>
        {text}
      </Box>
    </Tooltip>
  );
}

/** T0-T2 for each measuring input and S when flushing is on (docs/nodes-screens.md, "The list"), as small badges. */
export function FunctionIcons({ node }: { node: TNodeLike }) {
  const { t } = useTranslation();
  const functions = functionsOf(node);
  const badges = [
    ...functions.inputs.flatMap((on, index) => (on ? [{ key: `T${index}`, label: t('nodes.function.input', { input: index + 1, icon: `T${index}` }) }] : [])),
    ...(functions.flush ? [{ key: 'S', label: t('nodes.function.flush') }] : []),
  ];
  if (badges.length === 0) return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.25, verticalAlign: 'middle' }}>
      {badges.map((badge) => (
        <Tooltip key={badge.key} title={badge.label}>
          <Box
            component="span"
            role="img"
            aria-label={badge.label}
            data-function={badge.key}
            sx={{
              px: 0.25,
              minWidth: 20,
              textAlign: 'center',
              borderRadius: 1,
              fontSize: 12,
              fontWeight: 600,
              lineHeight: '20px',
              border: 1,
              borderColor: badge.key === 'S' ? 'primary.main' : 'divider',
              color: badge.key === 'S' ? 'primary.main' : 'text.primary',
            }}
          >
            {badge.key}
          </Box>
        </Tooltip>
      ))}
    </Box>
  );
}

/** Temperature channel N (1-based) of a node; nothing when the type has no such channel. */
export function NodeTemperatureCell({ node, number }: { node: TNodeLike; number: number }) {
  const id = `temperature${number}`;
  const channel = node.channels?.find((candidate) => candidate.id === id);
  if (!channel) return null;
  const active = isTemperatureChannelActive(functionsOf(node), id);
  return <TemperatureCell value={channel.value} active={active} mode={channel.custom?.mode} channelName={channel.name} />;
}

/**
 * The last calibration date; an overdue or missing calibration is marked red with an icon, and so is
 * a node with possible sensor drift on a channel (docs/calibration.md, "Drift"), which says so.
 */
export function CalibrationCell({ node, now = Date.now() }: { node: TNodeLike; now?: number }) {
  const { t, i18n } = useTranslation();
  const drift = node.channels?.some((channel) => channel.drift) ?? false;
  const state = calibrationDue(node.calibration?.ts, node.calibration?.interval, now, drift);
  const date = formatDate(node.calibration?.ts, formatLocale(i18n.language));
  const label = [t(`nodes.calibrationState.${drift && state === 'due' ? 'drift' : state}`), node.calibration?.interval ? t('nodes.calibrationInterval', { count: node.calibration.interval }) : null]
    .filter(Boolean)
    .join(' · ');
  return (
    <Tooltip title={label}>
      <Box
        component="span"
        data-calibration={state}
        aria-label={`${date || t('nodes.never')} · ${label}`}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: state === 'ok' ? 'text.primary' : 'error.main', whiteSpace: 'nowrap' }}
      >
        {state !== 'ok' ? <EventBusyIcon sx={{ fontSize: 18 }} /> : null}
        {date || t('nodes.never')}
      </Box>
    </Tooltip>
  );
}
