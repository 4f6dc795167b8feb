import type { Query, QueryClient } from '@tanstack/react-query';
import type { TNodeChangePart } from '@aquasmart/domain';
import type { TStreamEvent } from '../../lib/events/event-stream';
import { ALARMS_QUERY_ROOT } from '../../lib/api/alarms';
import { NODES_QUERY_ROOT } from '../../lib/api/nodes';
import { OVERFLOW_COUNT_KEY } from '../../lib/api/overflow';
import type { TThrottle } from './throttle';

/**
 * What each stream event refreshes in the query cache (docs/events.md, "Web app"). Invalidation
 * refetches the queries on screen and marks the rest stale; nothing is refetched that no screen
 * shows. Lists are refreshed at most once per LIST_REFRESH_MS (the first at once), details at once.
 *
 * The roots of the dashboard and the mail outbox are the features' own (features/dashboard/api,
 * features/alerts/api; live-cache.test.ts checks they match): spelled here so that the shell does
 * not load those features' modules.
 */
export const DASHBOARD_ROOT = ['dashboard'] as const;
export const MAIL_OUTBOX_ROOT = ['mailOutbox'] as const;
const OVERFLOW_ROOT = OVERFLOW_COUNT_KEY[0];

/** At most one refetch of a list per this window, however many changes arrive. */
export const LIST_REFRESH_MS = 3_000;

/** Which parts of a node change refresh which of its detail queries (`['nodes', <kind>, eui, ...]`). */
const NODE_DETAIL_PARTS: Record<string, readonly TNodeChangePart[] | 'all'> = {
  one: 'all',
  chartData: ['reading'],
  lora: ['reading', 'signal'],
  heardGateways: ['reading', 'signal'],
  auditLogs: ['settings', 'sync', 'placement'],
};

const key = (query: Query) => query.queryKey;

function nodeDetailQueries(eui: string, parts: readonly TNodeChangePart[]) {
  return (query: Query): boolean => {
    const [root, kind, id] = key(query);
    if (root === OVERFLOW_ROOT) return kind === 'open' && id === eui && parts.includes('reading');
    if (root !== NODES_QUERY_ROOT[0] || id !== eui || typeof kind !== 'string') return false;
    const wanted = NODE_DETAIL_PARTS[kind];
    return wanted === 'all' || (wanted !== undefined && wanted.some((part) => parts.includes(part)));
  };
}

/** The node lists (every scope, the unassigned nodes, the replication choice). */
function nodeLists(query: Query): boolean {
  const [root, kind] = key(query);
  return root === NODES_QUERY_ROOT[0] && (kind === 'list' || kind === 'unassigned' || kind === 'replication');
}

/** Alarm lists, the node tabs' alarm lists and the badge count; not other alarms' details nor assignees. */
function alarmLists(query: Query): boolean {
  const [root, kind] = key(query);
  return root === ALARMS_QUERY_ROOT[0] && kind !== 'one' && kind !== 'assignees';
}

function dashboardLists(query: Query): boolean {
  const [root, kind] = key(query);
  return root === DASHBOARD_ROOT[0] && kind === 'list';
}

export function applyStreamEvent(queryClient: QueryClient, event: TStreamEvent, lists: TThrottle): void {
  const invalidate = (predicate: (query: Query) => boolean) => void queryClient.invalidateQueries({ predicate });
  switch (event.name) {
    case 'nodes': {
      for (const node of event.data.nodes) invalidate(nodeDetailQueries(node.eui, node.parts));
      lists.run('nodes', () => invalidate(nodeLists));
      break;
    }
    case 'alarm': {
      const { id, kind, eui } = event.data;
      invalidate((query) => {
        const [root, what, which] = key(query);
        return root === ALARMS_QUERY_ROOT[0] && what === 'one' && Number(which) === id;
      });
      lists.run('alarms', () => invalidate(alarmLists));
      lists.run('dashboardLists', () => invalidate(dashboardLists));
      if (kind === 'waterDetection') {
        lists.run('overflow', () => void queryClient.invalidateQueries({ queryKey: OVERFLOW_COUNT_KEY }));
        if (eui) void queryClient.invalidateQueries({ queryKey: [OVERFLOW_ROOT, 'open', eui] });
      }
      break;
    }
    case 'dashboard': {
      lists.run('dashboard', () => void queryClient.invalidateQueries({ queryKey: DASHBOARD_ROOT }));
      lists.run('overflow', () => void queryClient.invalidateQueries({ queryKey: OVERFLOW_COUNT_KEY }));
      break;
    }
    case 'mail': {
      lists.run('mail', () => void queryClient.invalidateQueries({ queryKey: MAIL_OUTBOX_ROOT }));
      break;
    }
    case 'reload': {
      // What was missed is unknown: everything on screen is asked again, the rest marked stale.
      void queryClient.invalidateQueries();
      break;
    }
    case 'end':
      // The stream client connects again by itself.
      break;
  }
}
