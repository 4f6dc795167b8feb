import { useEffect, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createEventStream, type TLiveState } from '../../lib/events/event-stream';
import { API_BASE } from '../../lib/http/http-client';
import { installedInterceptor } from '../../lib/http/interceptor';
import { getToken } from '../../lib/session/token-storage';
import { applyStreamEvent, LIST_REFRESH_MS } from './live-cache';
import { createThrottle } from './throttle';

export const EVENTS_URL = `${API_BASE}/events`;

/**
 * Opens the live change stream while the shell is mounted (signed in) and applies its events to
 * the query cache; answers the stream's state for the indicator and the badges.
 */
export function useLiveUpdates(queryClient: QueryClient): TLiveState {
  const [state, setState] = useState<TLiveState>('connecting');
  useEffect(() => {
    const timers = {
      setTimeout: (fn: () => void, ms: number) => window.setTimeout(fn, ms),
      clearTimeout: (handle: unknown) => window.clearTimeout(handle as number),
    };
    const lists = createThrottle(LIST_REFRESH_MS, timers);
    const stream = createEventStream({
      url: EVENTS_URL,
      getToken,
      fetchFn: (input, init) => window.fetch(input, init),
      onEvent: (event) => applyStreamEvent(queryClient, event, lists),
      onState: setState,
      // An ended session signs out as any call's 401 does (the interceptor goes to /login).
      onUnauthorized: () => void installedInterceptor()?.(401, 'GET'),
      timers,
    });
    stream.start();
    return () => {
      stream.stop();
      lists.stop();
    };
  }, [queryClient]);
  return state;
}
