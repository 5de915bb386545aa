import type { RouteObject } from 'react-router';
import { lazyElement } from '@/lib/lazy-screen';

/** The public marketing site, sharing one header and footer. */
export const publicRoutes: RouteObject[] = [
  {
    element: lazyElement(() =>
      import('@/features/marketing/components/public-layout').then((m) => m.PublicLayout),
    ),
    children: [
      {
        index: true,
        path: '/',
        element: lazyElement(() =>
          import('@/features/marketing/components/home-page').then((m) => m.HomePage),
        ),
      },
      {
        path: '/pricing',
        element: lazyElement(() =>
          import('@/features/marketing/components/pricing-page').then((m) => m.PricingPage),
        ),
      },
      {
        path: '/platform/saas-spend-management',
        element: lazyElement(() =>
          import('@/features/marketing/components/platform-spend-page').then((m) => m.PlatformSpendPage),
        ),
      },
      {
        path: '/platform/ai-intelligence',
        element: lazyElement(() =>
          import('@/features/marketing/components/platform-ai-page').then((m) => m.PlatformAiPage),
        ),
      },
      {
        path: '/platform/contract-management',
        element: lazyElement(() =>
          import('@/features/marketing/components/platform-contracts-page').then(
            (m) => m.PlatformContractsPage,
          ),
        ),
      },
      {
        path: '/marketing/competitors',
        element: lazyElement(() =>
          import('@/features/marketing/components/competitors-page').then((m) => m.CompetitorsPage),
        ),
      },
      {
        path: '/marketing/alternatives',
        element: lazyElement(() =>
          import('@/features/marketing/components/alternatives-page').then((m) => m.AlternativesPage),
        ),
      },
      {
        path: '/why-stackwise',
        element: lazyElement(() => import('@/features/marketing/components/why-page').then((m) => m.WhyPage)),
      },
      {
        path: '/support',
        element: lazyElement(() =>
          import('@/features/marketing/components/support-page').then((m) => m.SupportPage),
        ),
      },
      {
        path: '/request-demo',
        element: lazyElement(() =>
          import('@/features/marketing/components/request-demo-page').then((m) => m.RequestDemoPage),
        ),
      },
      {
        path: '/saas-trends-2025',
        element: lazyElement(() =>
          import('@/features/marketing/components/trends-page').then((m) => m.TrendsPage),
        ),
      },
      {
        path: '/attest/done',
        element: lazyElement(() =>
          import('@/features/licenses/components/attest-done-page').then((m) => m.AttestDonePage),
        ),
      },
      {
        path: '/legal/:doc',
        element: lazyElement(() =>
          import('@/features/marketing/components/legal-page').then((m) => m.LegalPage),
        ),
      },
      {
        path: '*',
        element: lazyElement(() =>
          import('@/features/marketing/components/not-found-page').then((m) => m.NotFoundPage),
        ),
      },
    ],
  },
];
