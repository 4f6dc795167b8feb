import { RouterProvider } from 'react-router';
import { installInterceptor } from './http-setup';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

const router = createAppRouter();
installInterceptor(router);

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
