import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { OVERFLOW_COUNT_KEY, overflowCountQuery } from '../../lib/api/overflow';

/** The first fetch waits this long after the shell mounts (docs/dashboard.md, "Badge"). */
export const OVERFLOW_BADGE_DELAY_MS = 200;
/** Routes where the count comes from the screen itself, not from a refresh on arrival. */
export const OVERFLOW_BADGE_QUIET_PATHS = ['/dashboard', '/dashboard/overflowDetections'];

/**
 * The red badge of the Dashboard menu entry: distinct devices with an active overflow detection.
 * Fetched 200 ms after mount; then the live stream's water detection alarms and dashboard events
 * refresh it (app/live). While the stream is not live, every route change does, except on the
 * dashboard (which shares its own count) and the overflow list (which refreshes it after ending detections).
 */
export function useOverflowBadge(pathname: string, enabled: boolean, streamLive = false): number {
  const queryClient = useQueryClient();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!enabled) return undefined;
    const timer = setTimeout(() => setReady(true), OVERFLOW_BADGE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [enabled]);
  const query = useQuery(overflowCountQuery(enabled && ready));
  useEffect(() => {
    if (!enabled || !ready || streamLive || OVERFLOW_BADGE_QUIET_PATHS.includes(pathname)) return;
    void queryClient.invalidateQueries({ queryKey: OVERFLOW_COUNT_KEY });
  }, [pathname, enabled, ready, streamLive, queryClient]);
  return enabled ? (query.data ?? 0) : 0;
}
