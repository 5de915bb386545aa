import type { RouteObject } from 'react-router';

const page = (load: () => Promise<{ Component: React.ComponentType }>) => ({ lazy: load });

/** The public marketing site, sharing one header and footer. */
export const publicRoutes: RouteObject[] = [
  {
    lazy: () =>
      import('@/features/marketing/components/public-layout').then((m) => ({ Component: m.PublicLayout })),
    children: [
      {
        index: true,
        path: '/',
        ...page(() =>
          import('@/features/marketing/components/home-page').then((m) => ({ Component: m.HomePage })),
        ),
      },
      {
        path: '/pricing',
        ...page(() =>
          import('@/features/marketing/components/pricing-page').then((m) => ({ Component: m.PricingPage })),
        ),
      },
      {
        path: '/platform/saas-spend-management',
        ...page(() =>
          import('@/features/marketing/components/platform-spend-page').then((m) => ({
            Component: m.PlatformSpendPage,
          })),
        ),
      },
      {
        path: '/platform/ai-intelligence',
        ...page(() =>
          import('@/features/marketing/components/platform-ai-page').then((m) => ({
            Component: m.PlatformAiPage,
          })),
        ),
      },
      {
        path: '/platform/contract-management',
        ...page(() =>
          import('@/features/marketing/components/platform-contracts-page').then((m) => ({
            Component: m.PlatformContractsPage,
          })),
        ),
      },
      {
        path: '/marketing/competitors',
        ...page(() =>
          import('@/features/marketing/components/competitors-page').then((m) => ({
            Component: m.CompetitorsPage,
          })),
        ),
      },
      {
        path: '/marketing/alternatives',
        ...page(() =>
          import('@/features/marketing/components/alternatives-page').then((m) => ({
            Component: m.AlternativesPage,
          })),
        ),
      },
      {
        path: '/why-stackwise',
        ...page(() =>
          import('@/features/marketing/components/why-page').then((m) => ({ Component: m.WhyPage })),
        ),
      },
      {
        path: '/support',
        ...page(() =>
          import('@/features/marketing/components/support-page').then((m) => ({ Component: m.SupportPage })),
        ),
      },
      {
        path: '/request-demo',
        ...page(() =>
          import('@/features/marketing/components/request-demo-page').then((m) => ({
            Component: m.RequestDemoPage,
          })),
        ),
      },
      {
        path: '/saas-trends-2025',
        ...page(() =>
          import('@/features/marketing/components/trends-page').then((m) => ({ Component: m.TrendsPage })),
        ),
      },
      {
        path: '/attest/done',
        ...page(() => import('@/features/licenses/components/attest-done-page').then((m) => ({ Component: m.AttestDonePage }))),
      },
      {
        path: '/legal/:doc',
        ...page(() =>
          import('@/features/marketing/components/legal-page').then((m) => ({ Component: m.LegalPage })),
        ),
      },
      {
        path: '*',
        ...page(() =>
          import('@/features/marketing/components/not-found-page').then((m) => ({
            Component: m.NotFoundPage,
          })),
        ),
      },
    ],
  },
];
