import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import { prefetchStartup } from './prefetch';
import { AppProviders } from './providers';
import { AppRoutes, preloadScreens } from './router';

export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    prefetchStartup(client, window.location.pathname);
    preloadScreens(window.location.pathname);
    return client;
  });
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
