import { getToken } from '../session/token-storage';
import { API_BASE, createHttpClient } from './http-client';
import type { TInterceptor } from './interceptor';

let activeInterceptor: TInterceptor | null = null;

/** Installs the response interceptor (done once by the app, which owns navigation). */
export function setInterceptor(interceptor: TInterceptor | null): void {
  activeInterceptor = interceptor;
}

/** The portal's API client: base /api/v1, token from local storage. */
export const http = createHttpClient({
  baseUrl: API_BASE,
  getToken,
  fetchFn: (input, init) => window.fetch(input, init),
  interceptor: () => activeInterceptor,
});
