import { createInterceptor, setInterceptor } from '../lib/http/interceptor';
import { clearSessionCache } from '../lib/session/session-cache';
import { clearToken, rememberRedirect } from '../lib/session/token-storage';
import type { TAppRouter } from './router';

/** Wires the response interceptor to the router (navigation) and the query cache (the user). */
export function installInterceptor(router: TAppRouter): void {
  setInterceptor(
    createInterceptor({
      navigate: (to, options) => void router.navigate(to, options),
      clearSession: () => {
        clearToken();
        clearSessionCache();
      },
      rememberPath: rememberRedirect,
      location: () => window.location,
    }),
  );
}
