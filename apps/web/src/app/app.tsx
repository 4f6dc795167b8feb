import { RouterProvider } from 'react-router';
import { queryClient } from '../lib/query-client';
import { installInterceptor } from './http-setup';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

const router = createAppRouter();
installInterceptor(router, queryClient);

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
