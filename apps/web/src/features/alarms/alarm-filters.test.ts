import { describe, expect, it } from 'vitest';
import { alarmFilterParams, hasAlarmFilters, NO_ALARM_FILTERS, readAlarmFilters, withAlarmFilters } from './alarm-filters';

describe('the alarm filters in the address', () => {
  it.each([
    ['', NO_ALARM_FILTERS],
    ['status=all&kind=flushAlarm&state=new', { ...NO_ALARM_FILTERS, status: 'all', kind: 'flushAlarm', state: 'new' }],
    ['assignee=me', { ...NO_ALARM_FILTERS, assignee: 'me' }],
    ['assignee=42', { ...NO_ALARM_FILTERS, assignee: 42 }],
    ['customer=Gemeente%20Utrecht&location=Stadhuis', { ...NO_ALARM_FILTERS, customer: 'Gemeente Utrecht', location: 'Stadhuis' }],
    // Unknown values are ignored; a location without its customer means nothing.
    ['status=open&kind=fire&state=closed&assignee=0&location=Stadhuis', NO_ALARM_FILTERS],
    ['assignee=-3&customer=%20%20', NO_ALARM_FILTERS],
  ] as const)('?%s', (query, expected) => {
    expect(readAlarmFilters(new URLSearchParams(query))).toEqual(expected);
  });

  it('writes only what differs from the defaults, keeps other parameters and starts on the first page', () => {
    const next = withAlarmFilters(new URLSearchParams('page=3&other=x'), { ...NO_ALARM_FILTERS, kind: 'offline', assignee: 'me' });
    expect(next.toString()).toBe('other=x&kind=offline&assignee=me');
    expect(withAlarmFilters(next, NO_ALARM_FILTERS).toString()).toBe('other=x');
    expect(withAlarmFilters(new URLSearchParams(), { ...NO_ALARM_FILTERS, location: 'Stadhuis' }).toString()).toBe('');
  });

  it('reads back what it wrote', () => {
    const filters = { status: 'active', kind: 'faultySensor', state: 'assigned', customer: 'A & B', location: 'Hal 1', assignee: 7 } as const;
    expect(readAlarmFilters(withAlarmFilters(new URLSearchParams(), filters))).toEqual(filters);
  });

  it('asks the server for the chosen filters, always with the status', () => {
    expect(alarmFilterParams(NO_ALARM_FILTERS)).toEqual({ status: 'toHandle' });
    expect(alarmFilterParams({ status: 'all', kind: 'offline', state: 'new', customer: 'A', location: 'L', assignee: 'me' })).toEqual({
      status: 'all',
      kind: 'offline',
      state: 'new',
      customer: 'A',
      location: 'L',
      assignee: 'me',
    });
    expect(hasAlarmFilters(NO_ALARM_FILTERS)).toBe(false);
    expect(hasAlarmFilters({ ...NO_ALARM_FILTERS, status: 'all' })).toBe(true);
  });
});
