import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { TRouteHandle } from '../lib/routing/route-handle';
import { START_PAGE_PATH } from '../lib/routing/start-page';
import { getToken, rememberRedirect } from '../lib/session/token-storage';
import { AppRoot, BootFallback, RouteErrorPage } from './app-root';
import { ROUTES, type TRouteDef } from './route-table';

/** Every route of the shell needs a token; without one the path is remembered for after login. */
export function requireToken({ request }: LoaderFunctionArgs): null {
  if (getToken()) return null;
  const url = new URL(request.url);
  const hash = typeof window !== 'undefined' && window.location.pathname === url.pathname ? window.location.hash : '';
  rememberRedirect(`${url.pathname}${url.search}${hash}`);
  throw redirect('/login');
}

export function toRouteObject(route: TRouteDef): RouteObject {
  const handle: TRouteHandle = { routeId: route.id, pattern: route.path, title: route.title };
  return {
    id: route.id,
    path: route.path,
    handle,
    lazy: async () => ({ Component: await route.screen() }),
  };
}

/** The shell with the app's query cache (a test that brings its own query client loads ShellLayout). */
const loadShellRoot = async (): Promise<ComponentType> => (await import('./shell/shell-root')).ShellRoot;

/** The router's tree: the root (title, progress), /login, and the shell with all other routes. */
export function buildRouteObjects(routes: readonly TRouteDef[] = ROUTES, loadShell: () => Promise<ComponentType> = loadShellRoot): RouteObject[] {
  return [
    {
      id: 'root',
      Component: AppRoot,
      HydrateFallback: BootFallback,
      ErrorBoundary: RouteErrorPage,
      children: [
        ...routes.filter((route) => route.public).map(toRouteObject),
        {
          id: 'shell',
          loader: requireToken,
          lazy: async () => ({ Component: await loadShell() }),
          children: [
            { index: true, loader: () => redirect('/customers') },
            // The user's start page (after signing in): a redirect, no screen of its own.
            { path: START_PAGE_PATH.slice(1), lazy: async () => ({ loader: (await import('./shell/start-page-route')).startPageLoader }) },
            ...routes.filter((route) => !route.public).map(toRouteObject),
            { path: '*', loader: () => redirect('/404') },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRouteObjects());
}

export type TAppRouter = ReturnType<typeof createAppRouter>;
