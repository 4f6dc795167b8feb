import { getToken } from '../session/token-storage';
import { API_BASE, createHttpClient } from './http-client';
import { installedInterceptor } from './interceptor';

/** The portal's API client: base /api/v1, token from local storage. */
export const http = createHttpClient({
  baseUrl: API_BASE,
  getToken,
  fetchFn: (input, init) => window.fetch(input, init),
  interceptor: installedInterceptor,
});
