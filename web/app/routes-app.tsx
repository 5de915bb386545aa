import type { RouteObject } from 'react-router';
import type { Feature } from '@common/plans';
import { AccountGate } from '@/features/billing';
import { lazyElement } from '@/lib/lazy-screen';
import { SettingsDataLayout } from '@/lib/settings/settings-data-provider';

/** An Insights or Optimize screen (one chunk); on a plan without `feature` the upgrade prompt shows instead. */
function insightsRoute(
  path: string,
  feature: Feature,
  screen: 'InsightsPage' | 'InsightDetailPage' | 'OptimizePage',
): RouteObject {
  return {
    path,
    element: lazyElement(async () => {
      const [screens, { PlanGate }] = await Promise.all([
        import('@/features/insights/components/screens'),
        import('@/components/billing/plan-gate'),
      ]);
      const Screen = screens[screen];
      return function GatedScreen() {
        return (
          <PlanGate feature={feature}>
            <Screen />
          </PlanGate>
        );
      };
    }),
  };
}

/** Every /app route of spec §2: the main shell, and the simpler settings shell. */
const shellRoutes: RouteObject[] = [
  {
    path: '/app/settings/:tab?',
    element: lazyElement(() => import('@/app/pages/settings-page').then((m) => m.SettingsPage)),
  },
  {
    path: '/app',
    element: lazyElement(() => import('@/components/layout/app-shell').then((m) => m.AppShell)),
    children: [
      {
        index: true,
        element: lazyElement(() => import('@/app/pages/dashboard-page').then((m) => m.DashboardPage)),
      },
      {
        path: 'notifications',
        element: lazyElement(() =>
          import('@/features/notifications/components/notifications-page').then((m) => m.NotificationsPage),
        ),
      },
      {
        path: 'setup',
        element: lazyElement(() => import('@/features/setup/components/setup-page').then((m) => m.SetupPage)),
      },
      {
        path: 'subscriptions',
        element: lazyElement(() =>
          import('@/features/subscriptions/components/subscriptions-page').then((m) => m.SubscriptionsPage),
        ),
      },
      {
        path: 'subscriptions/:id',
        element: lazyElement(() =>
          import('@/app/pages/subscription-detail-page').then((m) => m.SubscriptionDetailPage),
        ),
      },
      // Entities and brands gate themselves: below Scale they keep what a downgrade left, read-only.
      {
        path: 'brands',
        element: lazyElement(() =>
          import('@/features/entities/components/screens').then((m) => m.BrandsPage),
        ),
      },
      {
        path: 'brands/:id',
        element: lazyElement(() =>
          import('@/features/brand-profitability/components/screens').then((m) => m.BrandDetailScreen),
        ),
      },
      {
        path: 'licenses',
        element: lazyElement(() =>
          import('@/features/licenses/components/licenses-page').then((m) => m.LicensesPage),
        ),
      },
      {
        path: 'users',
        element: lazyElement(() => import('@/app/pages/users-page').then((m) => m.UsersPageWithLicenses)),
      },
      {
        path: 'expenses',
        element: lazyElement(() => import('@/app/pages/expenses-page').then((m) => m.ExpensesPage)),
      },
      {
        path: 'reports',
        element: lazyElement(() =>
          import('@/features/reports/components/screens').then((m) => m.ReportLibraryScreen),
        ),
      },
      {
        path: 'reports/:key',
        element: lazyElement(() => import('@/app/pages/report-screen-page').then((m) => m.ReportScreenPage)),
      },
      {
        path: 'reports/schedules',
        element: lazyElement(() =>
          import('@/features/report-schedules/components/screens').then((m) => m.ReportSchedulesScreen),
        ),
      },
      insightsRoute('optimize', 'optimize', 'OptimizePage'),
      {
        path: 'vendors',
        element: lazyElement(() =>
          import('@/features/vendors/components/vendors-page').then((m) => m.VendorsPage),
        ),
      },
      {
        path: 'vendors/:id',
        element: lazyElement(() =>
          import('@/features/vendors/components/vendor-detail-page').then((m) => m.VendorDetailPage),
        ),
      },
      {
        path: 'brand-profitability',
        element: lazyElement(() =>
          import('@/features/brand-profitability/components/screens').then((m) => m.BrandProfitabilityScreen),
        ),
      },
      {
        path: 'budget',
        element: lazyElement(() =>
          import('@/features/budgets/components/budget-page').then((m) => m.BudgetPage),
        ),
      },
      {
        path: 'renewals',
        element: lazyElement(() =>
          import('@/features/renewals/components/renewals-page').then((m) => m.RenewalsPage),
        ),
      },
      {
        path: 'renewals/:id/pack',
        element: lazyElement(() =>
          import('@/features/renewals/components/negotiation-pack-page').then((m) => m.NegotiationPackPage),
        ),
      },
      {
        path: 'analytics',
        element: lazyElement(() =>
          import('@/features/analytics/components/screens').then((m) => m.AnalyticsScreen),
        ),
      },
      {
        path: 'product-analytics',
        element: lazyElement(() =>
          import('@/features/product-analytics/components/screens').then((m) => m.ProductAnalyticsScreen),
        ),
      },
      insightsRoute('insights', 'insights', 'InsightsPage'),
      insightsRoute('insights/:id', 'insights', 'InsightDetailPage'),
      {
        path: 'entities',
        element: lazyElement(() =>
          import('@/features/entities/components/screens').then((m) => m.EntitiesPage),
        ),
      },
      // The team page explains the plan itself (members stay listed on Starter).
      {
        path: 'team',
        element: lazyElement(() => import('@/features/team/components/team-page').then((m) => m.TeamPage)),
      },
      {
        path: 'team-tools',
        element: lazyElement(() =>
          import('@/features/team-tools/components/team-tools-page').then((m) => m.TeamToolsPage),
        ),
      },
      {
        path: '*',
        element: lazyElement(() =>
          import('@/features/app-pages/components/app-not-found').then((m) => m.AppNotFound),
        ),
      },
    ],
  },
];

/** The settings lists around every screen, and the account gate: locked screen, grace dialog, trial banner. */
export const appRoutes: RouteObject[] = [
  { element: <SettingsDataLayout />, children: [{ element: <AccountGate />, children: shellRoutes }] },
];
