import Tooltip from '@mui/material/Tooltip';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RemoveIcon from '@mui/icons-material/Remove';
import SyncIcon from '@mui/icons-material/Sync';
import { useTranslation } from 'react-i18next';
import { syncState, type TSyncVariant } from './cell-rules';

const LABEL_KEYS = {
  notApplicable: 'cells.notApplicable',
  syncing: 'cells.syncPending',
  synced: 'cells.synced',
  pending: 'cells.pending',
  done: 'cells.done',
} as const;

/** The sync column: -1 minus, 0 sync icon, other green check; variant `pending`: 0 pending, else done. */
export function SyncCell({ value, variant = 'sync' }: { value: number | null | undefined; variant?: TSyncVariant }) {
  const { t } = useTranslation();
  const state = syncState(value, variant);
  if (state === 'unknown') return null;
  const label = t(LABEL_KEYS[state]);
  const icon =
    state === 'notApplicable' ? (
      <RemoveIcon fontSize="small" color="disabled" />
    ) : state === 'syncing' || state === 'pending' ? (
      <SyncIcon fontSize="small" color="warning" />
    ) : (
      <CheckCircleIcon fontSize="small" color="success" />
    );
  return (
    <Tooltip title={label}>
      <span role="img" aria-label={label} data-state={state} style={{ display: 'inline-flex', verticalAlign: 'middle' }}>
        {icon}
      </span>
    </Tooltip>
  );
}
