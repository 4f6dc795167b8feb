import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ALARM_COUNT_KEY, alarmCountQuery } from '../../lib/api/alarms';

/** The first fetch waits this long after the shell mounts, as the overflow badge's (docs/alarms-screens.md, "Menu"). */
export const ALARM_BADGE_DELAY_MS = 200;

/**
 * The red badge of the Alarms menu entry: alarms in state new the user may see (GET /alarms/count).
 * Fetched 200 ms after mount; then the live stream's `alarm` events refresh it (app/live), and
 * while the stream is not live, every route change does; a handling step refreshes it too (it
 * shares the alarm queries' root). Water detections keep their own badge on the dashboard entry.
 */
export function useAlarmBadge(pathname: string, enabled: boolean, streamLive = false): number {
  const queryClient = useQueryClient();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!enabled) return undefined;
    const timer = setTimeout(() => setReady(true), ALARM_BADGE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [enabled]);
  const query = useQuery(alarmCountQuery(enabled && ready));
  useEffect(() => {
    if (!enabled || !ready || streamLive) return;
    void queryClient.invalidateQueries({ queryKey: ALARM_COUNT_KEY });
  }, [pathname, enabled, ready, streamLive, queryClient]);
  return enabled ? (query.data ?? 0) : 0;
}
