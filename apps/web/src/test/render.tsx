import type { ReactElement, ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { ThemeProvider } from '@mui/material/styles';
import { I18nextProvider } from 'react-i18next';
import { SnackbarProvider } from '../components/snackbar/snackbar-provider';
import { i18n } from '../lib/i18n/i18n';
import { createQueryClient } from '../lib/query-client';
import { theme } from '../app/theme';

export function TestProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider theme={theme}>
          <SnackbarProvider>{children}</SnackbarProvider>
        </ThemeProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

/**
 * Renders routes in a memory router with the app's providers; returns the router for assertions.
 * Several paths are a history that ends on the last one (the first is the tab's first page).
 */
export function renderRoutes(routes: RouteObject[], initialPath: string | readonly string[] = '/', queryClient: QueryClient = createQueryClient()) {
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 } });
  const initialEntries = typeof initialPath === 'string' ? [initialPath] : [...initialPath];
  const router = createMemoryRouter(routes, { initialEntries, initialIndex: initialEntries.length - 1 });
  const view = render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { router, queryClient, ...view };
}

/** Renders one element at a path. */
export function renderAt(element: ReactElement, path = '/', pattern = '*') {
  return renderRoutes([{ path: pattern, element }], path);
}

/** A JSON response for fetch stubs. */
export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
  });
}
