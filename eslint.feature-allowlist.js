// Feature files that still import another feature (through its index), with why. Issue 33 moves
// what features share into web/lib and web/components and composes multi-feature screens in
// web/app; this list only shrinks (scripts/eslint-boundaries.test.ts checks its size and that
// every entry is still needed). Never add to it: move the shared piece instead.
/** @type {Record<string, { features: string[]; why: string }>} */
export const featureImportAllowlist = {
  'web/features/analytics/components/analytics-page.test.tsx': {
    features: ['billing'],
    why: 'not moved yet',
  },
  'web/features/analytics/components/pivot-and-views.test.tsx': {
    features: ['billing'],
    why: 'not moved yet',
  },
  'web/features/auth/components/login-page.tsx': {
    features: ['sso'],
    why: 'not moved yet',
  },
  'web/features/benchmarks/components/benchmark-card.test.tsx': {
    features: ['billing'],
    why: 'not moved yet',
  },
  'web/features/billing/components/plan-card.tsx': {
    features: ['marketing'],
    why: 'not moved yet',
  },
  'web/features/billing/components/plans-tab.tsx': {
    features: ['marketing'],
    why: 'not moved yet',
  },
  'web/features/budgets/components/budget-dialog.tsx': {
    features: ['expenses'],
    why: 'not moved yet',
  },
  'web/features/contracts/api/invalidate.ts': {
    features: ['renewals'],
    why: 'not moved yet',
  },
  'web/features/dashboard/components/dashboard-page.tsx': {
    features: ['insights', 'setup'],
    why: 'not moved yet',
  },
  'web/features/dashboard/components/empty-dashboard.tsx': {
    features: ['demo'],
    why: 'not moved yet',
  },
  'web/features/dashboard/components/next-renewals.tsx': {
    features: ['subscriptions'],
    why: 'not moved yet',
  },
  'web/features/expenses/components/drill-filter-chips.tsx': {
    features: ['vendors'],
    why: 'not moved yet',
  },
  'web/features/expenses/components/expense-dialog.tsx': {
    features: ['entities'],
    why: 'not moved yet',
  },
  'web/features/expenses/components/expenses-page.tsx': {
    features: ['invoice-forwarding'],
    why: 'not moved yet',
  },
  'web/features/invoice-forwarding/components/invoice-inbox.test.tsx': {
    features: ['billing'],
    why: 'not moved yet',
  },
  'web/features/invoice-forwarding/components/message-dialog.tsx': {
    features: ['expenses'],
    why: 'not moved yet',
  },
  'web/features/marketing/components/contact-forms.tsx': {
    features: ['public-forms'],
    why: 'not moved yet',
  },
  'web/features/onboarding/components/apps-step.tsx': {
    features: ['demo', 'subscriptions'],
    why: 'not moved yet',
  },
  'web/features/people/components/person-row.tsx': {
    features: ['licenses'],
    why: 'not moved yet',
  },
  'web/features/people/components/users-page.tsx': {
    features: ['licenses'],
    why: 'not moved yet',
  },
  'web/features/renewals/components/renewals-page.tsx': {
    features: ['benchmarks'],
    why: 'not moved yet',
  },
  'web/features/renewals/components/renewals-table.tsx': {
    features: ['benchmarks'],
    why: 'not moved yet',
  },
  'web/features/reports/components/screens.tsx': {
    features: ['report-schedules'],
    why: 'not moved yet',
  },
  'web/features/settings/components/profile-tab.tsx': {
    features: ['auth'],
    why: 'not moved yet',
  },
  'web/features/settings/components/settings-page.tsx': {
    features: [
      'api-keys',
      'audit-log',
      'benchmarks',
      'billing',
      'fx-rates',
      'invoice-forwarding',
      'notification-settings',
      'operations',
      'scim',
      'sso',
      'team',
    ],
    why: 'not moved yet',
  },
  'web/features/subscriptions/components/empty-subscriptions.tsx': {
    features: ['demo'],
    why: 'not moved yet',
  },
  'web/features/subscriptions/components/subscription-detail-page.tsx': {
    features: ['benchmarks', 'contracts', 'entities', 'expenses', 'insights', 'licenses'],
    why: 'not moved yet',
  },
  'web/features/subscriptions/components/subscription-dialog.test.tsx': {
    features: ['billing'],
    why: 'not moved yet',
  },
  'web/features/subscriptions/components/subscriptions-filters.tsx': {
    features: ['vendors'],
    why: 'not moved yet',
  },
  'web/features/team-tools/components/team-tools-page.tsx': {
    features: ['licenses'],
    why: 'not moved yet',
  },
  'web/features/team/components/accept-invitation-page.tsx': {
    features: ['auth'],
    why: 'not moved yet',
  },
  'web/features/team/components/invite-auth-forms.tsx': {
    features: ['auth'],
    why: 'not moved yet',
  },
  'web/features/team/components/invite-dialog.test.tsx': {
    features: ['billing'],
    why: 'not moved yet',
  },
  'web/features/vendors/components/vendor-detail-page.tsx': {
    features: ['subscriptions'],
    why: 'not moved yet',
  },
};
