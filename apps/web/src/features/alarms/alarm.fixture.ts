import type { TAlarmEvent, TAlarmWithEvents } from '@aquasmart/domain';

/** An alarm as GET /alarms/{id} answers it: a new flush alarm of a node in Gemeente Utrecht, just opened. */
export function alarmFixture(patch: Partial<TAlarmWithEvents> = {}): TAlarmWithEvents {
  return {
    id: 5,
    kind: 'flushAlarm',
    deviceEui: '0004A30B001C2D3E',
    deviceName: 'Douche kleedkamer 2',
    gatewayId: null,
    gatewayName: null,
    channelId: null,
    channelName: null,
    customerId: 1,
    customerName: 'Gemeente Utrecht',
    locationId: 2,
    locationName: 'Sporthal Zuid',
    openedAt: '2026-11-26T08:00:00.000Z',
    closedAt: null,
    state: 'new',
    assignee: null,
    acknowledgedAt: null,
    acknowledgedBy: null,
    resolvedAt: null,
    resolvedBy: null,
    resolution: null,
    details: {},
    mayHandle: true,
    events: [eventFixture()],
    ...patch,
  };
}

export function eventFixture(patch: Partial<TAlarmEvent> = {}): TAlarmEvent {
  return { id: 1, at: '2026-11-26T08:00:00.000Z', action: 'opened', user: null, assignee: null, note: null, reason: null, ...patch };
}
