import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { DASHBOARD_QUERY_ROOT } from '../../features/dashboard/api/dashboard-api';
import { MAIL_OUTBOX_QUERY_KEY } from '../../features/alerts/api/alerts-api';
import { alarmListKey, nodeAlarmListKey } from '../../features/alarms/api/alarms-api';
import { ALARM_COUNT_KEY } from '../../lib/api/alarms';
import { nodeListKey } from '../../lib/api/nodes';
import { OVERFLOW_COUNT_KEY } from '../../lib/api/overflow';
import type { TStreamEvent } from '../../lib/events/event-stream';
import type { TTimers } from '../../lib/events/event-stream';
import { applyStreamEvent, DASHBOARD_ROOT, LIST_REFRESH_MS, MAIL_OUTBOX_ROOT } from './live-cache';
import { createThrottle } from './throttle';

/** The keys of the screens' queries the stream refreshes (as the features spell them). */
const KEYS = {
  nodeOne: ['nodes', 'one', 'E1'],
  otherNode: ['nodes', 'one', 'E2'],
  chart: ['nodes', 'chartData', 'E1', '{"from":1}'],
  lora: ['nodes', 'lora', 'E1', 0],
  heard: ['nodes', 'heardGateways', 'E1'],
  audit: ['nodes', 'auditLogs', 'E1'],
  openOverflow: ['overflowLogs', 'open', 'E1'],
  nodeList: [...nodeListKey({ customer: 'C' }), 0, 25],
  unassigned: ['nodes', 'unassigned'],
  alarmList: [...alarmListKey({} as never), 0],
  nodeAlarms: [...nodeAlarmListKey('E1'), 0],
  alarmCount: [...ALARM_COUNT_KEY],
  alarm7: ['alarms', 'one', 7],
  alarm8: ['alarms', 'one', 8],
  assignees7: ['alarms', 'assignees', 7],
  dashboardCounts: ['dashboard', 'counts', null],
  dashboardList: ['dashboard', 'list', 'lowBatteries', null, 0],
  overflowCount: [...OVERFLOW_COUNT_KEY],
  mail: [...MAIL_OUTBOX_QUERY_KEY],
  products: ['products', 'list'],
} as const;

type TName = keyof typeof KEYS;

function manualTimers() {
  const pending: (() => void)[] = [];
  const timers: TTimers = {
    setTimeout: (fn) => pending.push(fn),
    clearTimeout: () => undefined,
  };
  return { timers, endWindow: () => pending.splice(0).forEach((fn) => fn()) };
}

/** A client whose queries all sit on screen (an observer each) and count their fetches. */
function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  const fetches: Record<string, number> = {};
  const unsubscribe: (() => void)[] = [];
  for (const [name, queryKey] of Object.entries(KEYS)) {
    fetches[name] = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: [...queryKey],
      queryFn: async () => {
        fetches[name] += 1;
        return fetches[name];
      },
    });
    unsubscribe.push(observer.subscribe(() => undefined));
  }
  const clock = manualTimers();
  const lists = createThrottle(LIST_REFRESH_MS, clock.timers);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
  /** What was fetched again by `events` (each query fetched once on mount). */
  async function refetched(events: TStreamEvent[]): Promise<TName[]> {
    await settle();
    const before = { ...fetches };
    for (const event of events) applyStreamEvent(queryClient, event, lists);
    await settle();
    return (Object.keys(KEYS) as TName[]).filter((name) => fetches[name] !== before[name]);
  }
  return { queryClient, fetches, refetched, clock, settle, done: () => unsubscribe.forEach((fn) => fn()) };
}

let current: ReturnType<typeof setup> | null = null;
afterEach(() => {
  current?.done();
  current = null;
});

const nodes = (eui: string, ...parts: string[]): TStreamEvent => ({ name: 'nodes', data: { nodes: [{ eui, parts: parts as never }] } });

describe('the stream events in the query cache', () => {
  it('spells the dashboard and mail outbox roots as the features do', () => {
    expect(DASHBOARD_ROOT).toEqual(DASHBOARD_QUERY_ROOT);
    expect(MAIL_OUTBOX_ROOT).toEqual(MAIL_OUTBOX_QUERY_KEY.slice(0, 1));
  });

  it.each([
    [['sync'], ['nodeOne', 'audit', 'nodeList', 'unassigned']],
    [['settings'], ['nodeOne', 'audit', 'nodeList', 'unassigned']],
    [['battery'], ['nodeOne', 'nodeList', 'unassigned']],
    [['signal'], ['nodeOne', 'lora', 'heard', 'nodeList', 'unassigned']],
    [['reading'], ['nodeOne', 'chart', 'lora', 'heard', 'openOverflow', 'nodeList', 'unassigned']],
    [['placement', 'removed'], ['nodeOne', 'audit', 'nodeList', 'unassigned']],
  ])('a nodes event with parts %j refreshes %j of that node only', async (parts, expected) => {
    current = setup();
    expect(await current.refetched([nodes('E1', ...parts)])).toEqual(expected);
  });

  it('refreshes the node lists once per window, however many nodes change', async () => {
    current = setup();
    expect(await current.refetched([nodes('E1', 'battery')])).toContain('nodeList');
    const burst = await current.refetched([nodes('E2', 'battery'), nodes('E3', 'battery'), nodes('E2', 'signal')]);
    expect(burst).toEqual(['otherNode']);
    current.clock.endWindow();
    await current.settle();
    expect(current.fetches.nodeList).toBe(3);
  });

  it('an alarm event refreshes that alarm, the alarm lists, the badge, the node tab and the dashboard lists', async () => {
    current = setup();
    const event: TStreamEvent = { name: 'alarm', data: { id: 7, change: 'opened', kind: 'lowBattery', eui: 'E1' } };
    expect(await current.refetched([event])).toEqual(['alarmList', 'nodeAlarms', 'alarmCount', 'alarm7', 'dashboardList']);
  });

  it('a water detection alarm also refreshes the overflow badge and the node open detections', async () => {
    current = setup();
    const event: TStreamEvent = { name: 'alarm', data: { id: 8, change: 'opened', kind: 'waterDetection', eui: 'E1' } };
    expect(await current.refetched([event])).toEqual(['openOverflow', 'alarmList', 'nodeAlarms', 'alarmCount', 'alarm8', 'dashboardList', 'overflowCount']);
  });

  it('a dashboard event refreshes the dashboard counts and lists and the overflow badge', async () => {
    current = setup();
    expect(await current.refetched([{ name: 'dashboard', data: { at: 'x' } }])).toEqual(['dashboardCounts', 'dashboardList', 'overflowCount']);
  });

  it('a mail event refreshes the outbox', async () => {
    current = setup();
    expect(await current.refetched([{ name: 'mail', data: { id: 1, state: 'sent' } }])).toEqual(['mail']);
  });

  it('reload refreshes everything; end nothing', async () => {
    current = setup();
    expect(await current.refetched([{ name: 'end', data: { reason: 'tokenEnded' } }])).toEqual([]);
    expect(await current.refetched([{ name: 'reload', data: { reason: 'unknownLastEventId' } }])).toEqual(Object.keys(KEYS));
  });
});

describe('createThrottle', () => {
  it('runs the first call at once, the last of a window at its end, then opens again', () => {
    const clock = manualTimers();
    const throttle = createThrottle(1000, clock.timers);
    const runs: string[] = [];
    throttle.run('a', () => runs.push('a1'));
    throttle.run('a', () => runs.push('a2'));
    throttle.run('a', () => runs.push('a3'));
    throttle.run('b', () => runs.push('b1'));
    expect(runs).toEqual(['a1', 'b1']);
    clock.endWindow();
    expect(runs).toEqual(['a1', 'b1', 'a3']);
    clock.endWindow();
    clock.endWindow();
    throttle.run('a', () => runs.push('a4'));
    expect(runs).toEqual(['a1', 'b1', 'a3', 'a4']);
  });
});
