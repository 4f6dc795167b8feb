import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../../lib/query-client';
import { ShellLayout } from './shell-layout';

/** The shell with the app's query cache: loaded after login, so TanStack Query is not on /login. */
export function ShellRoot() {
  return (
    <QueryClientProvider client={queryClient}>
      <ShellLayout />
    </QueryClientProvider>
  );
}
