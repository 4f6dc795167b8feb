import { queryOptions } from '@tanstack/react-query';
import { http } from '../http/http';

/**
 * The number of distinct devices with an active overflow detection (an overflow log in state
 * Started): the red badge on the Dashboard menu entry (docs/dashboard.md, "Badge"). The shell asks
 * for it; the dashboard shares its own overflow count through the same query key, and the
 * overflow list refreshes it after ending detections.
 */
export const OVERFLOW_COUNT_KEY = ['overflowLogs', 'activeDevices'] as const;

export async function fetchActiveOverflowDevices(signal?: AbortSignal): Promise<number> {
  const rows = await http.get<{ eui?: string }[]>('/overflowLogs', {
    query: { conditions: JSON.stringify({ 'lora.state': 'Started' }), projection: 'eui' },
    signal,
  });
  return new Set(rows.map((row) => row.eui)).size;
}

export const overflowCountQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: OVERFLOW_COUNT_KEY,
    queryFn: ({ signal }) => fetchActiveOverflowDevices(signal),
    enabled,
    staleTime: Infinity,
  });
