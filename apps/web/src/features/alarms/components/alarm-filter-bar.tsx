import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import FilterListIcon from '@mui/icons-material/FilterList';
import { useTranslation } from 'react-i18next';
import { ALARM_KINDS, ALARM_LIST_STATUSES, ALARM_STATES } from '@aquasmart/domain';
import { customerOptionsQuery } from '../../../lib/api/customers';
import { locationIntervalsQuery } from '../../../lib/api/nodes';
import { hasAlarmFilters, NO_ALARM_FILTERS, type TAlarmFilters } from '../alarm-filters';

/** The value of "no choice" in a select (a select cannot hold null). */
const ANY = '';

function FilterSelect({ label, value, onChange, children, disabled, helperText }: { label: string; value: string; onChange: (value: string) => void; children: ReactNode; disabled?: boolean; helperText?: string }) {
  return (
    <TextField select size="small" label={label} value={value} onChange={(event) => onChange(event.target.value)} disabled={disabled} helperText={helperText} fullWidth>
      {children}
    </TextField>
  );
}

export interface TAlarmFilterBarProps {
  filters: TAlarmFilters;
  onChange: (filters: TAlarmFilters) => void;
  /** People to offer in "assigned to", besides anyone and the user (the assignees of the alarms on show). */
  assignees: readonly { id: number; name: string }[];
}

/**
 * The filters of the Alarms list (docs/alarms-screens.md, "List"): what to show (to handle by
 * default), kind, state, customer, location (of the chosen customer), assignee, and "assigned to
 * me" as a switch beside them. On a phone the selects fold behind a Filters button (with the count
 * of chosen filters); the switch stays in sight, it is what a field engineer uses most.
 */
export function AlarmFilterBar({ filters, onChange, assignees }: TAlarmFilterBarProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [open, setOpen] = useState(false);
  const customers = useQuery(customerOptionsQuery).data ?? [];
  const locations = useQuery(locationIntervalsQuery(filters.customer ?? '')).data ?? [];
  const set = (patch: Partial<TAlarmFilters>) => onChange({ ...filters, ...patch });
  const people = [...assignees];
  if (typeof filters.assignee === 'number' && !people.some((person) => person.id === filters.assignee)) people.push({ id: filters.assignee, name: `#${filters.assignee}` });
  const chosen = [filters.status !== NO_ALARM_FILTERS.status, filters.kind, filters.state, filters.customer, filters.location, typeof filters.assignee === 'number'].filter(Boolean).length;
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

  const selects = (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))', xl: 'repeat(6, minmax(0, 1fr))' }, gap: 1.5, pt: { xs: 1.5, sm: 0 } }}>
      <FilterSelect label={t('alarms.filters.status')} value={filters.status} onChange={(value) => set({ status: value as TAlarmFilters['status'] })}>
        {ALARM_LIST_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {t(`alarms.filters.statuses.${status}`)}
          </MenuItem>
        ))}
      </FilterSelect>
      <FilterSelect label={t('alarms.filters.kind')} value={filters.kind ?? ANY} onChange={(value) => set({ kind: (value || null) as TAlarmFilters['kind'] })}>
        <MenuItem value={ANY}>{t('alarms.filters.any')}</MenuItem>
        {ALARM_KINDS.map((kind) => (
          <MenuItem key={kind} value={kind}>
            {t(`alarms.kinds.${kind}`)}
          </MenuItem>
        ))}
      </FilterSelect>
      <FilterSelect label={t('alarms.filters.state')} value={filters.state ?? ANY} onChange={(value) => set({ state: (value || null) as TAlarmFilters['state'] })}>
        <MenuItem value={ANY}>{t('alarms.filters.any')}</MenuItem>
        {ALARM_STATES.map((state) => (
          <MenuItem key={state} value={state}>
            {t(`alarms.states.${state}`)}
          </MenuItem>
        ))}
      </FilterSelect>
      <FilterSelect label={t('alarms.filters.customer')} value={filters.customer ?? ANY} onChange={(value) => set({ customer: value || null, location: null })}>
        <MenuItem value={ANY}>{t('alarms.filters.any')}</MenuItem>
        {/* The chosen customer stays a choice while the list of customers loads. */}
        {filters.customer && !customers.some((customer) => customer.name === filters.customer) ? <MenuItem value={filters.customer}>{filters.customer}</MenuItem> : null}
        {[...customers].sort(byName).map((customer) => (
          <MenuItem key={customer.name} value={customer.name}>
            {customer.name}
          </MenuItem>
        ))}
      </FilterSelect>
      <FilterSelect
        label={t('alarms.filters.location')}
        value={filters.location ?? ANY}
        onChange={(value) => set({ location: value || null })}
        disabled={!filters.customer}
        helperText={filters.customer ? undefined : t('alarms.filters.chooseCustomerFirst')}
      >
        <MenuItem value={ANY}>{t('alarms.filters.any')}</MenuItem>
        {filters.location && !locations.some((location) => location.name === filters.location) ? <MenuItem value={filters.location}>{filters.location}</MenuItem> : null}
        {[...locations].sort(byName).map((location) => (
          <MenuItem key={location.name} value={location.name}>
            {location.name}
          </MenuItem>
        ))}
      </FilterSelect>
      <FilterSelect
        label={t('alarms.filters.assignee')}
        value={filters.assignee === null ? ANY : String(filters.assignee)}
        onChange={(value) => set({ assignee: value === ANY ? null : value === 'me' ? 'me' : Number(value) })}
      >
        <MenuItem value={ANY}>{t('alarms.filters.anyone')}</MenuItem>
        <MenuItem value="me">{t('alarms.filters.assignedToMe')}</MenuItem>
        {people.sort(byName).map((person) => (
          <MenuItem key={person.id} value={String(person.id)}>
            {person.name}
          </MenuItem>
        ))}
      </FilterSelect>
    </Box>
  );

  return (
    <Box role="group" aria-label={t('alarms.filters.label')} sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: phone ? 0 : 1.5 }}>
        {phone ? (
          <Button
            variant="outlined"
            startIcon={
              <Badge badgeContent={chosen} color="primary">
                <FilterListIcon />
              </Badge>
            }
            aria-expanded={open}
            onClick={() => setOpen((value) => !value)}
          >
            {t('alarms.filters.label')}
          </Button>
        ) : null}
        <FormControlLabel
          control={<Switch checked={filters.assignee === 'me'} onChange={(event) => set({ assignee: event.target.checked ? 'me' : null })} />}
          label={t('alarms.filters.assignedToMe')}
          sx={{ mr: 0, ml: phone ? 0.5 : 0 }}
        />
        <Box sx={{ flex: 1 }} />
        {hasAlarmFilters(filters) ? (
          <Button size="small" onClick={() => onChange(NO_ALARM_FILTERS)}>
            {t('alarms.filters.clear')}
          </Button>
        ) : null}
      </Box>
      {phone ? <Collapse in={open}>{selects}</Collapse> : selects}
    </Box>
  );
}
