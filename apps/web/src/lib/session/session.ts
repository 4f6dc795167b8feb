import type { QueryClient } from '@tanstack/react-query';
import { ZTokenResponse } from '@aquasmart/domain';
import { http } from '../http/http';
import { forgetKeptAnswers } from '../offline-queue/kept-answers';
import { clearRedirect, clearToken, getToken, setToken } from './token-storage';

/**
 * Logout (docs/screens.md, "Menu, tabs, login and languages"): revoke the token on the server, then remove the token and the
 * stored login redirect and forget every cached answer, also those kept on the device for opening pages offline
 * (docs/outlets.md, "Opening an outlet without a connection"). The caller goes to /login.
 * A failing revoke (server down, token already expired) does not keep the user signed in.
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  if (getToken()) {
    try {
      await http.delete('/auth', { skipInterceptor: true });
    } catch {
      // The token is removed locally anyway; an expired token is already useless.
    }
  }
  clearToken();
  clearRedirect();
  queryClient.clear();
  await forgetKeptAnswers().catch(() => undefined);
}

/** POST /auth with the current token and no credentials: stores and returns a fresh token. */
export async function refreshToken(): Promise<string> {
  const answer = ZTokenResponse.parse(await http.post<unknown>('/auth'));
  setToken(answer.token);
  return answer.token;
}
