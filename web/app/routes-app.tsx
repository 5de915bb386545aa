import type { RouteObject } from 'react-router';
import type { Feature } from '@common/plans';
import { AccountGate } from '@/features/billing';
import { SettingsDataLayout } from '@/lib/settings/settings-data-provider';

/** An Insights or Optimize screen (one chunk); on a plan without `feature` the upgrade prompt shows instead. */
function insightsRoute(
  path: string,
  feature: Feature,
  screen: 'InsightsPage' | 'InsightDetailPage' | 'OptimizePage',
): RouteObject {
  return {
    path,
    lazy: async () => {
      const [screens, { PlanGate }] = await Promise.all([
        import('@/features/insights/components/screens'),
        import('@/components/billing/plan-gate'),
      ]);
      const Screen = screens[screen];
      return {
        Component: () => (
          <PlanGate feature={feature}>
            <Screen />
          </PlanGate>
        ),
      };
    },
  };
}

/** Every /app route of spec §2: the main shell, and the simpler settings shell. */
const shellRoutes: RouteObject[] = [
  {
    path: '/app/settings/:tab?',
    lazy: () =>
      import('@/app/pages/settings-page').then((m) => ({ Component: m.SettingsPage })),
  },
  {
    path: '/app',
    lazy: () => import('@/components/layout/app-shell').then((m) => ({ Component: m.AppShell })),
    children: [
      {
        index: true,
        lazy: () =>
          import('@/app/pages/dashboard-page').then((m) => ({
            Component: m.DashboardPage,
          })),
      },
      {
        path: 'notifications',
        lazy: () =>
          import('@/features/notifications/components/notifications-page').then((m) => ({
            Component: m.NotificationsPage,
          })),
      },
      {
        path: 'setup',
        lazy: () =>
          import('@/features/setup/components/setup-page').then((m) => ({ Component: m.SetupPage })),
      },
      {
        path: 'subscriptions',
        lazy: () =>
          import('@/features/subscriptions/components/subscriptions-page').then((m) => ({
            Component: m.SubscriptionsPage,
          })),
      },
      {
        path: 'subscriptions/:id',
        lazy: () =>
          import('@/app/pages/subscription-detail-page').then((m) => ({
            Component: m.SubscriptionDetailPage,
          })),
      },
      // Entities and brands gate themselves: below Scale they keep what a downgrade left, read-only.
      {
        path: 'brands',
        lazy: () =>
          import('@/features/entities/components/screens').then((m) => ({ Component: m.BrandsPage })),
      },
      {
        path: 'brands/:id',
        lazy: () =>
          import('@/features/brand-profitability/components/screens').then((m) => ({
            Component: m.BrandDetailScreen,
          })),
      },
      {
        path: 'licenses',
        lazy: () =>
          import('@/features/licenses/components/licenses-page').then((m) => ({ Component: m.LicensesPage })),
      },
      {
        path: 'users',
        lazy: () =>
          import('@/app/pages/users-page').then((m) => ({ Component: m.UsersPageWithLicenses })),
      },
      {
        path: 'expenses',
        lazy: () =>
          import('@/app/pages/expenses-page').then((m) => ({ Component: m.ExpensesPage })),
      },
      {
        path: 'reports',
        lazy: () =>
          import('@/features/reports/components/screens').then((m) => ({ Component: m.ReportLibraryScreen })),
      },
      {
        path: 'reports/:key',
        lazy: () =>
          import('@/app/pages/report-screen-page').then((m) => ({ Component: m.ReportScreenPage })),
      },
      {
        path: 'reports/schedules',
        lazy: () =>
          import('@/features/report-schedules/components/screens').then((m) => ({
            Component: m.ReportSchedulesScreen,
          })),
      },
      insightsRoute('optimize', 'optimize', 'OptimizePage'),
      {
        path: 'vendors',
        lazy: () =>
          import('@/features/vendors/components/vendors-page').then((m) => ({ Component: m.VendorsPage })),
      },
      {
        path: 'vendors/:id',
        lazy: () =>
          import('@/features/vendors/components/vendor-detail-page').then((m) => ({
            Component: m.VendorDetailPage,
          })),
      },
      {
        path: 'brand-profitability',
        lazy: () =>
          import('@/features/brand-profitability/components/screens').then((m) => ({
            Component: m.BrandProfitabilityScreen,
          })),
      },
      {
        path: 'budget',
        lazy: () =>
          import('@/features/budgets/components/budget-page').then((m) => ({ Component: m.BudgetPage })),
      },
      {
        path: 'renewals',
        lazy: () =>
          import('@/features/renewals/components/renewals-page').then((m) => ({ Component: m.RenewalsPage })),
      },
      {
        path: 'renewals/:id/pack',
        lazy: () =>
          import('@/features/renewals/components/negotiation-pack-page').then((m) => ({
            Component: m.NegotiationPackPage,
          })),
      },
      {
        path: 'analytics',
        lazy: () =>
          import('@/features/analytics/components/screens').then((m) => ({ Component: m.AnalyticsScreen })),
      },
      {
        path: 'product-analytics',
        lazy: () =>
          import('@/features/product-analytics/components/screens').then((m) => ({
            Component: m.ProductAnalyticsScreen,
          })),
      },
      insightsRoute('insights', 'insights', 'InsightsPage'),
      insightsRoute('insights/:id', 'insights', 'InsightDetailPage'),
      {
        path: 'entities',
        lazy: () =>
          import('@/features/entities/components/screens').then((m) => ({ Component: m.EntitiesPage })),
      },
      // The team page explains the plan itself (members stay listed on Starter).
      {
        path: 'team',
        lazy: () => import('@/features/team/components/team-page').then((m) => ({ Component: m.TeamPage })),
      },
      {
        path: 'team-tools',
        lazy: () =>
          import('@/features/team-tools/components/team-tools-page').then((m) => ({
            Component: m.TeamToolsPage,
          })),
      },
      {
        path: '*',
        lazy: () =>
          import('@/features/app-pages/components/app-not-found').then((m) => ({ Component: m.AppNotFound })),
      },
    ],
  },
];

/** The settings lists around every screen, and the account gate: locked screen, grace dialog, trial banner. */
export const appRoutes: RouteObject[] = [
  { element: <SettingsDataLayout />, children: [{ element: <AccountGate />, children: shellRoutes }] },
];
