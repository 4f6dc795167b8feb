import { describe, expect, it } from 'vitest';
import { DASHBOARD_LIST_NAMES, DASHBOARD_LIST_SORT_FIELDS } from '@aquasmart/domain';
import { i18n } from '../../lib/i18n/i18n';
import { listColumns } from './dashboard-list-page';

const t = i18n.getFixedT('nl');
const fields = (name: (typeof DASHBOARD_LIST_NAMES)[number], withCustomer = true, phone = false) =>
  listColumns(name, t, { withCustomer, phone }).map((column) => column.field);

describe('dashboard list columns (docs/dashboard.md, "Lists")', () => {
  it.each([
    ['faultySensors', ['date', 'customer', 'location', 'name', 'type', 'temperature1', 'temperature2', 'temperature3', 'signal', 'alarm']],
    ['overflowDetections', ['date', 'customer', 'location', 'name', 'alarm']],
    ['weeklyFlushes', ['count', 'customer', 'location', 'name', 'type']],
    ['lowBatteries', ['date', 'customer', 'location', 'name', 'type', 'voltage', 'alarm']],
    ['flushAlarms', ['date', 'customer', 'location', 'name', 'type', 'lastOnline', 'alarm']],
  ] as const)('%s: %j', (name, expected) => {
    expect(fields(name)).toEqual(expected);
  });

  it.each(DASHBOARD_LIST_NAMES.map((name) => [name]))('%s: no customer column under a customer; every sortable column is a server sort field', (name) => {
    expect(fields(name, false)).not.toContain('customer');
    expect(fields(name, true)).toContain('customer');
    for (const column of listColumns(name, t, { withCustomer: true, phone: false })) {
      // The alarm state is not sorted (docs/alarms-screens.md).
      if (column.sortable !== false) expect(DASHBOARD_LIST_SORT_FIELDS as readonly string[]).toContain(column.field);
    }
  });

  it('a phone shows the name (with the alarm state under it) and the list value', () => {
    expect(fields('faultySensors', true, true)).toEqual(['name', 'date']);
    expect(fields('weeklyFlushes', false, true)).toEqual(['name', 'count']);
  });
});
