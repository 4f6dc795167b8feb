import { QueryClientProvider } from '@tanstack/react-query';
import { LiveStateContext } from '../../lib/events/live-state';
import { queryClient } from '../../lib/query-client';
import { useLiveUpdates } from '../live/use-live-updates';
import { ShellLayout } from './shell-layout';

/**
 * The shell with the app's query cache and the live change stream that keeps it current: loaded
 * after login, so neither TanStack Query nor the stream is on /login.
 */
export function ShellRoot() {
  const live = useLiveUpdates(queryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <LiveStateContext.Provider value={live}>
        <ShellLayout />
      </LiveStateContext.Provider>
    </QueryClientProvider>
  );
}
