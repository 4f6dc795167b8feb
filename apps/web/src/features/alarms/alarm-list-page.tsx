import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { TAlarm } from '@aquasmart/domain';
import { PageHeader } from '../../components/page';
import { ListTable, type TListQuery } from '../../components/table/list-table';
import { alarmScreen } from '../../lib/api/alarms';
import { alarmExport, alarmListKey, fetchAlarmPage } from './api/alarms-api';
import { hasAlarmFilters, readAlarmFilters, withAlarmFilters, type TAlarmFilters } from './alarm-filters';
import { alarmColumns } from './components/alarm-columns';
import { AlarmFilterBar } from './components/alarm-filter-bar';

const rowId = (row: TAlarm) => row.id;
type TPerson = { id: number; name: string };

/**
 * /alarms (docs/alarms-screens.md, "List"): the alarms of the customers the user may see, those
 * to handle by default, active first and then the newest; filters in the address, paged on the
 * server like the node list. A row (a card on a phone) opens the alarm.
 */
export function AlarmListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const filters = useMemo(() => readAlarmFilters(new URLSearchParams(location.search)), [location.search]);
  const columns = useMemo(() => alarmColumns(t, { phone, withSubject: true }), [t, phone]);
  // The assignees of the alarms seen so far are the choice of "assigned to" (the users with their ids are not listed for everyone).
  const [assignees, setAssignees] = useState<TPerson[]>([]);
  const remember = useCallback((rows: TAlarm[]) => {
    const seen = rows.flatMap((row) => (row.assignee ? [row.assignee] : []));
    if (seen.length === 0) return;
    setAssignees((known) => {
      const fresh = seen.filter((person, index) => !known.some((one) => one.id === person.id) && seen.findIndex((one) => one.id === person.id) === index);
      return fresh.length ? [...known, ...fresh] : known;
    });
  }, []);
  const source = useMemo(
    () => ({
      mode: 'server' as const,
      queryKey: alarmListKey(filters),
      load: async (query: TListQuery, signal: AbortSignal) => {
        const page = await fetchAlarmPage(filters, query, signal);
        remember(page.rows);
        return page;
      },
    }),
    [filters, remember],
  );
  const setFilters = (next: TAlarmFilters) => {
    const search = withAlarmFilters(new URLSearchParams(location.search), next).toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
  };
  return (
    <>
      <PageHeader title={t('routes.alarms')} />
      <AlarmFilterBar filters={filters} onChange={setFilters} assignees={assignees} />
      <ListTable<TAlarm>
        label={t('alarms.list')}
        columns={columns}
        getRowId={rowId}
        source={source}
        searchable={false}
        exportTarget={() => alarmExport(filters)}
        storageKey="alarms"
        onRowClick={(row) => void navigate(alarmScreen(row.id))}
        // A place wraps rather than being cut, and the row grows with it (docs/screens.md, "Text that fits").
        autoRowHeight
        messages={{ loadError: 'snackbar.alarmsGetError', empty: hasAlarmFilters(filters) ? 'alarms.emptyFiltered' : 'alarms.empty' }}
      />
    </>
  );
}
