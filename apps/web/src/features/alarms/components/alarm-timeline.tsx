import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CommentIcon from '@mui/icons-material/Comment';
import MailIcon from '@mui/icons-material/Mail';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import NotificationsOffIcon from '@mui/icons-material/NotificationsOff';
import PriorityHighIcon from '@mui/icons-material/PriorityHigh';
import ReplayIcon from '@mui/icons-material/Replay';
import ScienceIcon from '@mui/icons-material/Science';
import SendIcon from '@mui/icons-material/Send';
import StairsIcon from '@mui/icons-material/Stairs';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { TAlarmEvent, TAlarmEventAction } from '@aquasmart/domain';
import { useFormat } from '../../../lib/i18n/use-date-time';

const ICONS: Record<TAlarmEventAction, typeof CommentIcon> = {
  opened: NotificationsActiveIcon,
  closed: NotificationsOffIcon,
  reopened: ReplayIcon,
  acknowledged: VisibilityIcon,
  assigned: AssignmentIndIcon,
  commented: CommentIcon,
  resolved: CheckCircleIcon,
  escalated: PriorityHighIcon,
  notified: MailIcon,
  // A later laboratory result joined the open alarm (docs/sampling.md).
  observed: ScienceIcon,
  // A stage of the escalation chain, a Teams, Slack or SMS message delivered or failed (docs/escalation.md).
  stage: StairsIcon,
  messaged: SendIcon,
};

/**
 * What a step says. A 'closed' step with a reason is no "condition over" (a node moved or removed,
 * a gateway deleted, a battery replaced): it says why it closed; an 'opened' step of a node's own
 * condition carried to its new place says so (docs/alarms.md, "Closing reasons").
 */
function stepTitle(t: TFunction, event: TAlarmEvent): string {
  if (event.action === 'closed' && event.reason) return t('alarms.timeline.closedBecause', { reason: t(`alarms.timeline.reasons.${event.reason}`) });
  if (event.action === 'opened' && event.reason === 'nodeMoved') return t('alarms.timeline.openedMoved');
  if (event.action === 'stage') return t('alarms.timeline.stage', { number: event.stage?.number ?? '' });
  if (event.action === 'messaged' && event.message) {
    const title = t('alarms.timeline.messaged', { channel: t(`alarms.timeline.channels.${event.message.channel}`), to: event.message.to });
    return `${title}: ${t(`alarms.timeline.messageStates.${event.message.state}`)}`;
  }
  return t(`alarms.timeline.${event.action}`, { name: event.assignee?.name ?? '' });
}

/** Whom a stage reached by which channels, and whom it left out and why. */
function stageLines(t: TFunction, event: TAlarmEvent): string[] {
  if (!event.stage) return [];
  const { reached, skipped } = event.stage;
  const channels = (list: readonly string[]) => list.map((channel) => t(`alarms.timeline.channels.${channel}`)).join(', ');
  return [
    reached.length
      ? t('alarms.timeline.stageReached', { list: reached.map((person) => `${person.name} (${channels(person.channels)})`).join('; ') })
      : t('alarms.timeline.stageNobody'),
    ...(skipped.length
      ? [t('alarms.timeline.stageSkipped', { list: skipped.map((person) => `${person.name} (${t(`alarms.timeline.skipReasons.${person.reason}`)})`).join('; ') })]
      : []),
  ];
}

/**
 * An alarm's timeline (docs/alarms-screens.md, "Detail"): every step, oldest first, with what
 * happened, who did it (the portal itself for opened, closed and reopened) and when, and the note.
 */
export function AlarmTimeline({ events }: { events: readonly TAlarmEvent[] }) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const ordered = [...events].sort((a, b) => a.at.localeCompare(b.at) || a.id - b.id);
  return (
    <Box component="ol" aria-label={t('alarms.detail.timeline')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {ordered.map((event, index) => {
        const Icon = ICONS[event.action];
        const last = index === ordered.length - 1;
        return (
          <Box component="li" key={event.id} data-action={event.action} data-reason={event.reason ?? undefined} sx={{ display: 'flex', gap: 1.5, minWidth: 0 }}>
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', flexShrink: 0 }}>
              <Box sx={{ width: 32, height: 32, borderRadius: '50%', bgcolor: 'action.selected', display: 'flex', alignItems: 'center', justifyContent: 'center', color: 'primary.main' }}>
                <Icon fontSize="small" aria-hidden />
              </Box>
              {last ? null : <Box sx={{ flex: 1, width: 2, bgcolor: 'divider', my: 0.5, minHeight: 12 }} />}
            </Box>
            <Box sx={{ pb: last ? 0 : 2, minWidth: 0, flex: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {stepTitle(t, event)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {dateTime(event.at)} · {t('alarms.timeline.by', { name: event.user?.name ?? t('alarms.timeline.portal') })}
              </Typography>
              {stageLines(t, event).map((line) => (
                <Typography key={line} variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                  {line}
                </Typography>
              ))}
              {event.note ? (
                <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {event.note}
                </Typography>
              ) : null}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
