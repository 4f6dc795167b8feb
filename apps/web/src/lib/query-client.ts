import { QueryClient } from '@tanstack/react-query';
import { isHttpError } from './http/http-error';
import { registerSessionCache } from './session/session-cache';

/** Client errors (4xx) are answers, not hiccups: only network and server errors are retried. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isHttpError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** The one query cache of the app, created with the shell (the interceptor clears it when the session ends). */
export const queryClient = createQueryClient();
registerSessionCache(queryClient);
