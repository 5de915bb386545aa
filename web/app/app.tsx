import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import { prefetchStartup } from './prefetch';
import { AppProviders } from './providers';
import { router } from './router';

export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    prefetchStartup(client, window.location.pathname);
    return client;
  });
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
