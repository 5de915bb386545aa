import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { RouteError } from './route-error';
import { appRoutes } from './routes-app';
import { authRoutes } from './routes-auth';
import { publicRoutes } from './routes-public';
import { RequireAuth, SessionGate } from './guards';

/** Every screen of spec §2. Route modules load on demand so the public site stays light. */
export const routes: RouteObject[] = [
  {
    element: <SessionGate />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullScreenSpinner />,
    children: [
      ...publicRoutes,
      ...authRoutes,
      {
        element: <RequireAuth />,
        children: [
          {
            path: '/onboarding',
            lazy: () =>
              import('@/features/onboarding/components/onboarding-page').then((m) => ({
                Component: m.OnboardingPage,
              })),
          },
          ...appRoutes,
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
