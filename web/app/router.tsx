import { isValidElement, Suspense } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { FullScreenSpinner } from '@/components/ui/spinner';
import type { LazyScreen } from '@/lib/lazy-screen';
import { lazyElement } from '@/lib/lazy-screen';
import { RouteErrorBoundary } from './route-error';
import { appRoutes } from './routes-app';
import { authRoutes } from './routes-auth';
import { publicRoutes } from './routes-public';
import { RequireAuth, SessionGate } from './guards';

/**
 * Every screen of spec §2. Declarative routes (the data router's loaders and actions are not used,
 * and its code would weigh on every first paint); screens load on demand so the public site stays light.
 */
export const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <Suspense fallback={<FullScreenSpinner />}>
          <SessionGate />
        </Suspense>
      </RouteErrorBoundary>
    ),
    children: [
      ...publicRoutes,
      ...authRoutes,
      {
        element: <RequireAuth />,
        children: [
          {
            path: '/onboarding',
            element: lazyElement(() =>
              import('@/features/onboarding/components/onboarding-page').then((m) => m.OnboardingPage),
            ),
          },
          ...appRoutes,
        ],
      },
    ],
  },
];

/** The screen for the current location. */
export function AppRoutes() {
  return useRoutes(routes);
}

const preloadOf = (route: RouteObject) => {
  const type: unknown = isValidElement(route.element) ? route.element.type : undefined;
  return typeof type === 'function' && 'preload' in type ? (type as LazyScreen).preload : undefined;
};

/**
 * Loads the screens `pathname` shows (layouts and page) at once, while the session loads, rather
 * than each when its parent renders; settles when they have loaded or failed.
 */
export async function preloadScreens(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.allSettled(matches.map(({ route }) => preloadOf(route)?.()));
}
