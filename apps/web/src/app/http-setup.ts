import type { QueryClient } from '@tanstack/react-query';
import { createInterceptor } from '../lib/http/interceptor';
import { setInterceptor } from '../lib/http/http';
import { clearToken, rememberRedirect } from '../lib/session/token-storage';
import type { TAppRouter } from './router';

/** Wires the response interceptor to the router (navigation) and the query cache (the user). */
export function installInterceptor(router: TAppRouter, queryClient: QueryClient): void {
  setInterceptor(
    createInterceptor({
      navigate: (to, options) => void router.navigate(to, options),
      clearSession: () => {
        clearToken();
        queryClient.clear();
      },
      rememberPath: rememberRedirect,
      location: () => window.location,
    }),
  );
}
