/**
 * The response interceptor (docs/screens.md, "Response interceptor"):
 * - 401 when not on /login: clear token and user, remember the current path, go to /login;
 * - 403: go to /unauthorized, except a refused field of a save (the answer names `fields`): the
 *   form stays with what the user typed and shows the refusal on the field;
 * - 404 on a GET: replace the location with /404;
 * - everything else propagates to the caller (the interceptor never swallows an error).
 */
export type TInterceptAction = 'signIn' | 'unauthorized' | 'notFound' | 'none';

export function interceptAction(status: number, method: string, pathname: string, namesFields = false): TInterceptAction {
  if (status === 401) return pathname === '/login' ? 'none' : 'signIn';
  if (status === 403) return namesFields && method.toUpperCase() !== 'GET' ? 'none' : 'unauthorized';
  if (status === 404 && method.toUpperCase() === 'GET') return 'notFound';
  return 'none';
}

export interface TInterceptorDeps {
  /** Client-side navigation (the router's navigate). */
  navigate: (to: string, options?: { replace?: boolean }) => void;
  /** Removes the token and every cached server state, the current user included. */
  clearSession: () => void;
  /** Stores the path to return to after login. */
  rememberPath: (path: string) => void;
  /** The browser location at the time of the response. */
  location: () => { pathname: string; search: string; hash: string };
}

export type TInterceptor = (status: number, method: string, namesFields?: boolean) => TInterceptAction;

export function createInterceptor(deps: TInterceptorDeps): TInterceptor {
  return (status, method, namesFields = false) => {
    const { pathname, search, hash } = deps.location();
    const action = interceptAction(status, method, pathname, namesFields);
    switch (action) {
      case 'signIn':
        deps.clearSession();
        deps.rememberPath(`${pathname}${search}${hash}`);
        deps.navigate('/login', { replace: true });
        break;
      case 'unauthorized':
        deps.navigate('/unauthorized');
        break;
      case 'notFound':
        deps.navigate('/404', { replace: true });
        break;
      case 'none':
        break;
    }
    return action;
  };
}

let activeInterceptor: TInterceptor | null = null;

/**
 * Installs the response interceptor (done once by the app, which owns navigation). Kept here
 * rather than beside the client (http.ts): the app installs it at start, and the client, with the
 * zod schema of the error body, is not part of the login page's first load (docs/operations.md,
 * "Login page budget").
 */
export function setInterceptor(interceptor: TInterceptor | null): void {
  activeInterceptor = interceptor;
}

export function installedInterceptor(): TInterceptor | null {
  return activeInterceptor;
}
