import type { RouteObject } from 'react-router';
import type { APP_PLACEHOLDERS } from '@/features/app-pages/placeholder-content';

function placeholderRoute(path: string, key: keyof typeof APP_PLACEHOLDERS): RouteObject {
  return {
    path,
    lazy: () =>
      import('@/features/app-pages/components/placeholder-page').then((m) => ({
        Component: () => <m.PlaceholderPage pageKey={key} />,
      })),
  };
}

/** Every /app route of spec §2: the main shell, and the simpler settings shell. */
export const appRoutes: RouteObject[] = [
  {
    path: '/app/settings/:tab?',
    lazy: () => import('@/features/settings/components/settings-page').then((m) => ({ Component: m.SettingsPage })),
  },
  {
    path: '/app',
    lazy: () => import('@/components/layout/app-shell').then((m) => ({ Component: m.AppShell })),
    children: [
      { index: true, lazy: () => import('@/features/dashboard/components/dashboard-page').then((m) => ({ Component: m.DashboardPage })) },
      {
        path: 'notifications',
        lazy: () => import('@/features/notifications/components/notifications-page').then((m) => ({ Component: m.NotificationsPage })),
      },
      { path: 'setup', lazy: () => import('@/features/setup/components/setup-page').then((m) => ({ Component: m.SetupPage })) },
      placeholderRoute('subscriptions', 'subscriptions'),
      placeholderRoute('subscriptions/:id', 'subscriptionDetail'),
      placeholderRoute('brands', 'brands'),
      placeholderRoute('brands/:id', 'brandDetail'),
      placeholderRoute('licenses', 'licenses'),
      placeholderRoute('users', 'users'),
      { path: 'expenses', lazy: () => import('@/features/expenses/components/expenses-page').then((m) => ({ Component: m.ExpensesPage })) },
      placeholderRoute('reports', 'reports'),
      placeholderRoute('optimize', 'optimize'),
      placeholderRoute('vendors', 'vendors'),
      placeholderRoute('brand-profitability', 'brandProfitability'),
      { path: 'budget', lazy: () => import('@/features/budgets/components/budget-page').then((m) => ({ Component: m.BudgetPage })) },
      placeholderRoute('renewals', 'renewals'),
      placeholderRoute('analytics', 'analytics'),
      placeholderRoute('product-analytics', 'productAnalytics'),
      placeholderRoute('insights', 'insights'),
      placeholderRoute('entities', 'entities'),
      { path: 'team', lazy: () => import('@/features/team/components/team-page').then((m) => ({ Component: m.TeamPage })) },
      placeholderRoute('team-tools', 'teamTools'),
      {
        path: '*',
        lazy: () => import('@/features/app-pages/components/app-not-found').then((m) => ({ Component: m.AppNotFound })),
      },
    ],
  },
];
