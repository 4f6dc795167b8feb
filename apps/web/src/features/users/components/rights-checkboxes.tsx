import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useTranslation } from 'react-i18next';
import { alarmHandlingFlags, disabledRightFlags, normalizeRightFlags, RIGHT_FLAGS, type TPortalRights, type TRightFlag } from '@aquasmart/domain';

export interface TRightsCheckboxesProps {
  rights: Partial<TPortalRights>;
  customers: readonly string[];
  onToggle: (flag: TRightFlag, checked: boolean) => void;
  /** Flags the signed-in user may not switch on (ungrantableRightFlags): shown, not tickable. */
  ungrantable?: ReadonlySet<TRightFlag>;
  /** An account of type Administrator: every right, ticked and locked, whatever its flags say. */
  administratorByType?: boolean;
  /** Flags this kind of holder never has (an API key: docs/api-keys.md), off and locked, with `refusedReason` above the boxes. */
  refused?: ReadonlySet<TRightFlag>;
  refusedReason?: string;
}

/** Which flags let a user handle which alarm kinds, named as the checkboxes are (the catalogue's answer, docs/alarms.md "Rights"). */
function AlarmHandlingHint({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const names = (flags: readonly TRightFlag[]) => new Intl.ListFormat(i18n.language, { type: 'disjunction' }).format(flags.map((flag) => `‘${t(`users.rights.${flag}`)}’`));
  return (
    <FormHelperText id={id} sx={{ mt: 1 }}>
      {t('users.alarmHandlingHint', { other: names(alarmHandlingFlags('flushAlarm')), water: names(alarmHandlingFlags('waterDetection')) })}
    </FormHelperText>
  );
}

const ALARM_HINT_ID = 'rights-alarm-handling-hint';

/**
 * The 26 right flags as checkboxes, with the rules of docs/users.md ("Right checkboxes"): customers force
 * administrator, addCustomer, deleteCustomer and userManagement off and disable them;
 * administrator disables and implies all others; gatewayView is locked on under gatewayManagement;
 * a right the signed-in user may not grant is not tickable; an account of type Administrator shows
 * every box ticked and locked. Used by user create and edit.
 */
export function RightsCheckboxes({ rights, customers, onToggle, ungrantable = new Set(), administratorByType = false, refused: neverHeld = new Set(), refusedReason }: TRightsCheckboxesProps) {
  const { t } = useTranslation();
  const shown = normalizeRightFlags(administratorByType ? { ...rights, administrator: true } : rights, customers);
  const locked = disabledRightFlags(shown, customers);
  const refused = RIGHT_FLAGS.filter((flag) => ungrantable.has(flag) && !shown[flag] && !neverHeld.has(flag));
  return (
    <FormControl component="fieldset" variant="standard" sx={{ width: '100%' }}>
      <FormLabel component="legend" sx={{ mb: 1, fontWeight: 500 }}>
        {t('users.rightsTitle')}
      </FormLabel>
      {administratorByType ? <FormHelperText sx={{ mt: 0, mb: 1 }}>{t('users.administratorByType')}</FormHelperText> : null}
      {!administratorByType && customers.length > 0 ? <FormHelperText sx={{ mt: 0, mb: 1 }}>{t('users.rightsLockedByCustomers')}</FormHelperText> : null}
      {!administratorByType && refused.length > 0 ? <FormHelperText sx={{ mt: 0, mb: 1 }}>{t('users.rightsNotGrantable')}</FormHelperText> : null}
      {refusedReason && neverHeld.size > 0 ? <FormHelperText sx={{ mt: 0, mb: 1 }}>{refusedReason}</FormHelperText> : null}
      <Box
        role="group"
        aria-label={t('users.rightsTitle')}
        aria-describedby={ALARM_HINT_ID}
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(210px, 1fr))', columnGap: 2 }}
      >
        {RIGHT_FLAGS.map((flag) => (
          <FormControlLabel
            key={flag}
            label={t(`users.rights.${flag}`)}
            disabled={administratorByType || locked.has(flag) || neverHeld.has(flag) || (ungrantable.has(flag) && !shown[flag])}
            sx={{ mr: 0 }}
            control={
              <Checkbox size="small" name={`rights.${flag}`} checked={shown[flag]} onChange={(event) => onToggle(flag, event.target.checked)} />
            }
          />
        ))}
      </Box>
      <AlarmHandlingHint id={ALARM_HINT_ID} />
    </FormControl>
  );
}
