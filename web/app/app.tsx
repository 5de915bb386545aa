import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { createQueryClient } from '@/lib/query-client';
import { prefetchStartup } from './prefetch';
import { AppProviders } from './providers';
import { AppRoutes, preloadScreens } from './router';

export function App() {
  const [start] = useState(() => {
    const queryClient = createQueryClient();
    prefetchStartup(queryClient, window.location.pathname);
    return { queryClient, screens: preloadScreens(window.location.pathname) };
  });
  // The first screen renders once its modules are in (a spinner until then, as the data router's
  // hydrate fallback did): it then paints in one go, never through a Suspense fallback.
  const [screensReady, setScreensReady] = useState(false);
  useEffect(() => {
    let current = true;
    void start.screens.then(() => current && setScreensReady(true));
    return () => {
      current = false;
    };
  }, [start]);
  return (
    <AppProviders queryClient={start.queryClient}>
      {screensReady ? (
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      ) : (
        <FullScreenSpinner />
      )}
    </AppProviders>
  );
}
