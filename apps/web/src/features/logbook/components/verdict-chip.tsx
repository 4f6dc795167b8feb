import Chip from '@mui/material/Chip';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import HelpIcon from '@mui/icons-material/Help';
import InfoIcon from '@mui/icons-material/Info';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import type { TLogbookChannel, TLogbookReport } from '@aquasmart/domain';
import { useTranslation } from 'react-i18next';

/** A report's, location's or channel's verdict; a channel's may be `noLimit` (mixed outlet, other: never shown as plainly compliant). */
type TVerdict = TLogbookReport['verdict'] | TLogbookChannel['verdict'];

const LOOK = {
  compliant: { color: 'success', icon: <CheckCircleIcon /> },
  deviations: { color: 'error', icon: <ErrorIcon /> },
  openDeviations: { color: 'error', icon: <ErrorIcon /> },
  deviationsHandled: { color: 'info', icon: <TaskAltIcon /> },
  insufficientData: { color: 'warning', icon: <HelpIcon /> },
  noLimit: { color: 'default', icon: <InfoIcon /> },
} as const;

/** A verdict in words, colour and an icon (never colour alone); the theme's hues pass 4.5:1 with white. */
export function VerdictChip({ verdict, size = 'small' }: { verdict: TVerdict; size?: 'small' | 'medium' }) {
  const { t } = useTranslation();
  const look = LOOK[verdict];
  return <Chip size={size} color={look.color} icon={look.icon} label={t(`logbookReport.verdicts.${verdict}`)} data-verdict={verdict} />;
}
