import { useEffect } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { LiveStateContext } from '../../lib/events/live-state';
import { queryClient } from '../../lib/query-client';
import { useLiveUpdates } from '../live/use-live-updates';
import { ShellLayout } from './shell-layout';

/**
 * The shell with the app's query cache and the live change stream that keeps it current: loaded
 * after login, so neither TanStack Query nor the stream is on /login. It starts sending the checks
 * that wait on this device (loaded apart, after the shell).
 */
export function ShellRoot() {
  const live = useLiveUpdates(queryClient);
  // Checks recorded at outlets without a connection are sent from the app's start on (docs/outlets.md, "The offline queue").
  useEffect(() => {
    if (typeof indexedDB !== 'undefined') void import('../../features/outlet-check/check-queue').then((module) => module.startCheckQueue()).catch(() => undefined);
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <LiveStateContext.Provider value={live}>
        <ShellLayout />
      </LiveStateContext.Provider>
    </QueryClientProvider>
  );
}
