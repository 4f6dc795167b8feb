import Chip from '@mui/material/Chip';
import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import NewReleasesIcon from '@mui/icons-material/NewReleases';
import VisibilityIcon from '@mui/icons-material/Visibility';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { useTranslation } from 'react-i18next';
import type { TAlarmState } from '@aquasmart/domain';

/**
 * What the chip says: the handling state, or "resolved, condition still present" for a resolved
 * alarm whose condition has not cleared (closedAt null; docs/alarms.md, "States").
 */
export type TAlarmStateLook = TAlarmState | 'resolvedStillPresent';

export function alarmStateLook(state: TAlarmState, closedAt: string | null | undefined): TAlarmStateLook {
  return state === 'resolved' && !closedAt ? 'resolvedStillPresent' : state;
}

const LOOK = {
  new: { color: 'error', icon: <NewReleasesIcon />, variant: 'filled' },
  acknowledged: { color: 'warning', icon: <VisibilityIcon />, variant: 'outlined' },
  assigned: { color: 'info', icon: <AssignmentIndIcon />, variant: 'outlined' },
  resolved: { color: 'success', icon: <CheckCircleIcon />, variant: 'outlined' },
  resolvedStillPresent: { color: 'warning', icon: <WarningAmberIcon />, variant: 'outlined' },
} as const;

/** The text of a state: `alarms.states.*` or `alarms.resolvedStillPresent` (texts/alarms). */
export const alarmStateTextKey = (look: TAlarmStateLook) => (look === 'resolvedStillPresent' ? 'alarms.resolvedStillPresent' : `alarms.states.${look}`);

/**
 * An alarm's state in words, colour and an icon (never colour alone): new red and filled (it asks
 * for attention), the others outlined in the theme's hues that pass 4.5:1 as text. Pass `closedAt`
 * where it is known, so a resolved alarm whose condition holds says so.
 */
export function AlarmStateChip({ state, closedAt, size = 'small' }: { state: TAlarmState; closedAt?: string | null; size?: 'small' | 'medium' }) {
  const { t } = useTranslation();
  const look = closedAt === undefined ? state : alarmStateLook(state, closedAt);
  const { color, icon, variant } = LOOK[look];
  // Where the room is short (a phone card) the longest state wraps onto a second line instead of being cut.
  return (
    <Chip
      size={size}
      color={color}
      icon={icon}
      variant={variant}
      label={t(alarmStateTextKey(look))}
      data-alarm-state={look}
      sx={{ maxWidth: '100%', height: 'auto', minHeight: size === 'small' ? 24 : 32, '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25, lineHeight: 1.3 } }}
    />
  );
}
