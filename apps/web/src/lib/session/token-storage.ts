import { readStorage, removeStorage, writeStorage } from './browser-storage';

/** The access token lives in local storage so that it survives reloads and new tabs. */
export const TOKEN_STORAGE_KEY = 'aquasmart.token';
/** The path a visitor wanted before being sent to /login. */
export const REDIRECT_STORAGE_KEY = 'aquasmart.loginRedirect';

export function getToken(): string | null {
  return readStorage('local', TOKEN_STORAGE_KEY);
}

export function setToken(token: string): void {
  writeStorage('local', TOKEN_STORAGE_KEY, token);
}

export function clearToken(): void {
  removeStorage('local', TOKEN_STORAGE_KEY);
}

/** Remembers where to go after login; /login itself is never remembered. */
export function rememberRedirect(path: string): void {
  if (!path.startsWith('/') || path.startsWith('//') || path === '/login' || path.startsWith('/login?')) return;
  writeStorage('local', REDIRECT_STORAGE_KEY, path);
}

/** Returns the remembered path (or '/') and forgets it. */
export function takeRedirect(): string {
  const path = readStorage('local', REDIRECT_STORAGE_KEY);
  removeStorage('local', REDIRECT_STORAGE_KEY);
  return path && path.startsWith('/') && !path.startsWith('//') ? path : '/';
}

export function clearRedirect(): void {
  removeStorage('local', REDIRECT_STORAGE_KEY);
}
