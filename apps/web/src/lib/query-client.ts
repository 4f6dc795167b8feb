import { QueryClient } from '@tanstack/react-query';
import { isHttpError } from './http/http-error';
import { forgetKeptAnswers } from './offline-queue/kept-answers';
import { registerSessionCache } from './session/session-cache';

/** Client errors (4xx) are answers, not hiccups: only network and server errors are retried. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isHttpError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * Queries and saves run whether or not the browser says it is online (`networkMode: 'always'`):
 * TanStack's default pauses them while offline, which left a list pending without a request and
 * showing its empty text ("Hier zijn nog geen nodes geregistreerd") and a save spinning for good.
 * Run, they fail with status 0 and the screen says "Geen verbinding" (docs/screens.md, "Lost
 * connection"), in an installed app and a browser tab alike.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/** The one query cache of the app, created with the shell (the interceptor and the login clear it when a session ends or begins). */
export const queryClient = createQueryClient();
// When the session ends (a 401, a new sign-in) the answers kept on the device for opening pages offline go with the cache.
registerSessionCache({
  clear: () => {
    queryClient.clear();
    void forgetKeptAnswers().catch(() => undefined);
  },
});
