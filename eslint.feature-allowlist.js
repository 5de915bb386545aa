// Feature files that still import another feature (through its index), with why. Issue 33 moves
// what features share into web/lib and web/components and composes multi-feature screens in
// web/app; this list only shrinks (scripts/eslint-boundaries.test.ts checks its size and that
// every entry is still needed). Never add to it: move the shared piece instead.
/** @type {Record<string, { features: string[]; why: string }>} */
export const featureImportAllowlist = {
  'web/features/analytics/components/analytics-controls.tsx': {
    features: ['entities'],
    why: 'not moved yet',
  },
  'web/features/analytics/components/analytics-page.test.tsx': {
    features: ['billing'],
    why: 'not moved yet',
  },
  'web/features/analytics/components/analytics-page.tsx': {
    features: ['billing', 'organizations'],
    why: 'not moved yet',
  },
  'web/features/analytics/components/budgets-card.tsx': {
    features: ['expenses'],
    why: 'not moved yet',
  },
  'web/features/analytics/components/forecast-card.tsx': {
    features: ['expenses'],
    why: 'not moved yet',
  },
  'web/features/analytics/components/kpi-row.tsx': {
    features: ['fx-rates'],
    why: 'not moved yet',
  },
  'web/features/analytics/components/pivot-and-views.test.tsx': {
    features: ['billing'],
    why: 'not moved yet',
  },
  'web/features/analytics/components/pivot-tab.tsx': {
    features: ['expenses', 'fx-rates'],
    why: 'not moved yet',
  },
  'web/features/analytics/components/scale-locked.tsx': {
    features: ['billing'],
    why: 'not moved yet',
  },
  'web/features/analytics/components/screens.tsx': {
    features: ['billing'],
    why: 'not moved yet',
  },
  'web/features/analytics/components/series-colors.ts': {
    features: ['expenses'],
    why: 'not moved yet',
  },
  'web/features/analytics/components/spend-over-time.tsx': {
    features: ['expenses'],
    why: 'not moved yet',
  },
  'web/features/analytics/components/use-analytics-params.ts': {
    features: ['entities'],
    why: 'not moved yet',
  },
  'web/features/api-keys/components/api-keys-tab.tsx': {
    features: ['billing', 'organizations'],
    why: 'not moved yet',
  },
  'web/features/audit-log/components/audit-filters.tsx': {
    features: ['team'],
    why: 'not moved yet',
  },
  'web/features/audit-log/components/audit-log-tab.tsx': {
    features: ['billing'],
    why: 'not moved yet',
  },
  'web/features/auth/api/get-user.ts': {
    features: ['session'],
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
  'web/features/benchmarks/components/benchmark-card.tsx': {
    features: ['organizations'],
    why: 'not moved yet',
  },
  'web/features/benchmarks/components/peer-sharing-card.tsx': {
    features: ['organizations'],
    why: 'not moved yet',
  },
  'web/features/benchmarks/components/select-benchmark-tool.tsx': {
    features: ['billing'],
    why: 'not moved yet',
  },
  'web/features/benchmarks/components/unavailable-note.tsx': {
    features: ['billing'],
    why: 'not moved yet',
  },
  'web/features/billing/api/downgrade.ts': {
    features: ['organizations'],
    why: 'not moved yet',
  },
  'web/features/billing/api/get-trial-status.ts': {
    features: ['organizations'],
    why: 'not moved yet',
  },
  'web/features/billing/api/start-trial.ts': {
    features: ['organizations'],
    why: 'not moved yet',
  },
  'web/features/billing/components/account-gate.tsx': {
    features: ['organizations'],
    why: 'not moved yet',
  },
  'web/features/billing/components/auto-renew-switch.tsx': {
    features: ['organizations'],
    why: 'not moved yet',
  },
  'web/features/billing/components/billing-tab.tsx': {
    features: ['organizations'],
    why: 'not moved yet',
  },
  'web/features/billing/components/billing-upgrade-dialog.tsx': {
    features: ['organizations'],
    why: 'not moved yet',
  },
  'web/features/billing/components/downgrade-dialog.tsx': {
    features: ['organizations'],
    why: 'not moved yet',
  },
  'web/features/billing/components/plan-card.tsx': {
    features: ['marketing'],
    why: 'not moved yet',
  },
  'web/features/billing/components/plan-status.tsx': {
    features: ['organizations'],
    why: 'not moved yet',
  },
  'web/features/billing/components/plans-tab.tsx': {
    features: ['marketing', 'organizations'],
    why: 'not moved yet',
  },
  'web/features/billing/components/settings-tabs.test.tsx': {
    features: ['organizations'],
    why: 'not moved yet',
  },
  'web/features/billing/components/trial-banner.tsx': {
    features: ['organizations'],
    why: 'not moved yet',
  },
  'web/features/billing/components/upgrade-flow.test.tsx': {
    features: ['organizations'],
    why: 'not moved yet',
  },
  'web/features/billing/use-feature-access.ts': {
    features: ['organizations'],
    why: 'not moved yet',
  },
  'web/features/billing/use-next-plan.ts': {
    features: ['organizations'],
    why: 'not moved yet',
  },
  'web/features/brand-profitability/components/brand-profitability-page.tsx': {
    features: ['organizations'],
    why: 'not moved yet',
  },
  'web/features/brand-profitability/components/cost-chart.tsx': {
    features: ['expenses'],
    why: 'not moved yet',
  },
  'web/features/brand-profitability/components/screens.tsx': {
    features: ['billing'],
    why: 'not moved yet',
  },
  'web/features/budgets/api/budget-mutations.ts': {
    features: ['notifications', 'organizations'],
    why: 'not moved yet',
  },
  'web/features/budgets/components/budget-chart.tsx': {
    features: ['expenses'],
    why: 'not moved yet',
  },
  'web/features/budgets/components/budget-dialog.test.tsx': {
    features: ['settings'],
    why: 'not moved yet',
  },
  'web/features/budgets/components/budget-dialog.tsx': {
    features: ['entities', 'expenses', 'settings'],
    why: 'not moved yet',
  },
  'web/features/budgets/components/budget-page.test.tsx': {
    features: ['organizations', 'settings'],
    why: 'not moved yet',
  },
  'web/features/budgets/components/budget-page.tsx': {
    features: ['billing', 'entities', 'organizations'],
    why: 'not moved yet',
  },
  'web/features/contracts/api/invalidate.ts': {
    features: ['renewals'],
    why: 'not moved yet',
  },
  'web/features/contracts/components/subscription-contracts.tsx': {
    features: ['organizations'],
    why: 'not moved yet',
  },
  'web/features/dashboard/components/dashboard-page.tsx': {
    features: ['auth', 'entities', 'fx-rates', 'insights', 'organizations', 'setup'],
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
  'web/features/entities/components/allocation-editor.tsx': {
    features: ['billing'],
    why: 'not moved yet',
  },
  'web/features/entities/components/departments-card.tsx': {
    features: ['people'],
    why: 'not moved yet',
  },
  'web/features/entities/components/entities-page.tsx': {
    features: ['organizations'],
    why: 'not moved yet',
  },
  'web/features/entities/components/scale-gate.tsx': {
    features: ['billing'],
    why: 'not moved yet',
  },
  'web/features/entities/components/use-entities-access.ts': {
    features: ['billing', 'organizations'],
    why: 'not moved yet',
  },
  'web/features/expenses/api/invalidate.ts': {
    features: ['budgets', 'notifications', 'organizations'],
    why: 'not moved yet',
  },
  'web/features/expenses/components/converted-total.tsx': {
    features: ['fx-rates'],
    why: 'not moved yet',
  },
  'web/features/expenses/components/discoveries-panel-confirmation.test.tsx': {
    features: ['organizations'],
    why: 'not moved yet',
  },
  'web/features/expenses/components/discoveries-panel.tsx': {
    features: ['billing'],
    why: 'not moved yet',
  },
  'web/features/expenses/components/drill-filter-chips.tsx': {
    features: ['team', 'vendors'],
    why: 'not moved yet',
  },
  'web/features/expenses/components/expense-dialog.test.tsx': {
    features: ['settings'],
    why: 'not moved yet',
  },
  'web/features/expenses/components/expense-dialog.tsx': {
    features: ['entities', 'organizations', 'settings'],
    why: 'not moved yet',
  },
  'web/features/expenses/components/expenses-page.test.tsx': {
    features: ['settings'],
    why: 'not moved yet',
  },
  'web/features/expenses/components/expenses-page.tsx': {
    features: ['invoice-forwarding', 'organizations'],
    why: 'not moved yet',
  },
  'web/features/expenses/components/import-wizard.test.tsx': {
    features: ['settings'],
    why: 'not moved yet',
  },
  'web/features/expenses/components/import-wizard.tsx': {
    features: ['organizations', 'settings'],
    why: 'not moved yet',
  },
  'web/features/expenses/components/ledger-drill.test.tsx': {
    features: ['settings'],
    why: 'not moved yet',
  },
  'web/features/expenses/components/ledger-filters.tsx': {
    features: ['settings'],
    why: 'not moved yet',
  },
  'web/features/expenses/components/ledger.test.tsx': {
    features: ['settings'],
    why: 'not moved yet',
  },
  'web/features/expenses/components/ledger.tsx': {
    features: ['entities'],
    why: 'not moved yet',
  },
  'web/features/expenses/components/review-queue-confirmation.test.tsx': {
    features: ['organizations'],
    why: 'not moved yet',
  },
  'web/features/fx-rates/components/currencies-tab.tsx': {
    features: ['organizations'],
    why: 'not moved yet',
  },
  'web/features/insights/components/application-opportunities.tsx': {
    features: ['organizations'],
    why: 'not moved yet',
  },
  'web/features/insights/components/assign-dialog.tsx': {
    features: ['team'],
    why: 'not moved yet',
  },
  'web/features/insights/components/insight-detail-page.tsx': {
    features: ['organizations'],
    why: 'not moved yet',
  },
  'web/features/insights/components/insights-page.tsx': {
    features: ['organizations'],
    why: 'not moved yet',
  },
  'web/features/insights/components/optimize-page.tsx': {
    features: ['organizations'],
    why: 'not moved yet',
  },
  'web/features/insights/components/potential-savings-card.tsx': {
    features: ['organizations'],
    why: 'not moved yet',
  },
  'web/features/insights/components/realized-chart.tsx': {
    features: ['expenses'],
    why: 'not moved yet',
  },
  'web/features/invoice-forwarding/api/update-inbound-message.ts': {
    features: ['expenses'],
    why: 'not moved yet',
  },
  'web/features/invoice-forwarding/components/invoice-forwarding-tab.tsx': {
    features: ['organizations'],
    why: 'not moved yet',
  },
  'web/features/invoice-forwarding/components/invoice-inbox.test.tsx': {
    features: ['billing'],
    why: 'not moved yet',
  },
  'web/features/invoice-forwarding/components/message-dialog.tsx': {
    features: ['billing', 'expenses'],
    why: 'not moved yet',
  },
  'web/features/invoice-forwarding/components/message-fields.ts': {
    features: ['expenses'],
    why: 'not moved yet',
  },
  'web/features/licenses/api/assign-licenses.ts': {
    features: ['people'],
    why: 'not moved yet',
  },
  'web/features/licenses/api/create-pool.ts': {
    features: ['people'],
    why: 'not moved yet',
  },
  'web/features/licenses/api/delete-pool.ts': {
    features: ['people'],
    why: 'not moved yet',
  },
  'web/features/licenses/api/import-usage.ts': {
    features: ['people'],
    why: 'not moved yet',
  },
  'web/features/licenses/api/reclaim-licenses.ts': {
    features: ['people'],
    why: 'not moved yet',
  },
  'web/features/licenses/api/restore-license.ts': {
    features: ['people'],
    why: 'not moved yet',
  },
  'web/features/licenses/api/unassign-license.ts': {
    features: ['people'],
    why: 'not moved yet',
  },
  'web/features/licenses/api/update-license-settings.ts': {
    features: ['people'],
    why: 'not moved yet',
  },
  'web/features/licenses/api/update-pool.ts': {
    features: ['people'],
    why: 'not moved yet',
  },
  'web/features/licenses/components/ask-holders-button.tsx': {
    features: ['team'],
    why: 'not moved yet',
  },
  'web/features/licenses/components/licenses-page.tsx': {
    features: ['entities', 'people', 'team'],
    why: 'not moved yet',
  },
  'web/features/licenses/components/licenses-upgrade-prompt.tsx': {
    features: ['billing'],
    why: 'not moved yet',
  },
  'web/features/licenses/components/person-licenses-cell.tsx': {
    features: ['team'],
    why: 'not moved yet',
  },
  'web/features/licenses/components/pool-detail-dialog.tsx': {
    features: ['team'],
    why: 'not moved yet',
  },
  'web/features/licenses/components/subscription-licenses.tsx': {
    features: ['team'],
    why: 'not moved yet',
  },
  'web/features/licenses/license-access.ts': {
    features: ['organizations'],
    why: 'not moved yet',
  },
  'web/features/marketing/components/contact-forms.tsx': {
    features: ['public-forms'],
    why: 'not moved yet',
  },
  'web/features/marketing/components/public-header.tsx': {
    features: ['auth'],
    why: 'not moved yet',
  },
  'web/features/notification-settings/api/send-test-notification.ts': {
    features: ['notifications'],
    why: 'not moved yet',
  },
  'web/features/notification-settings/api/update-notification-settings.ts': {
    features: ['organizations'],
    why: 'not moved yet',
  },
  'web/features/notification-settings/components/notifications-tab.tsx': {
    features: ['organizations'],
    why: 'not moved yet',
  },
  'web/features/notifications/components/notifications-page.tsx': {
    features: ['organizations'],
    why: 'not moved yet',
  },
  'web/features/onboarding/api/submit-onboarding-step.ts': {
    features: ['auth', 'organizations'],
    why: 'not moved yet',
  },
  'web/features/onboarding/components/apps-step.tsx': {
    features: ['demo', 'organizations', 'subscriptions'],
    why: 'not moved yet',
  },
  'web/features/onboarding/components/onboarding-page.tsx': {
    features: ['auth'],
    why: 'not moved yet',
  },
  'web/features/operations/components/operations-tab.tsx': {
    features: ['organizations'],
    why: 'not moved yet',
  },
  'web/features/people/api/invalidate.ts': {
    features: ['organizations'],
    why: 'not moved yet',
  },
  'web/features/people/components/person-row.tsx': {
    features: ['licenses'],
    why: 'not moved yet',
  },
  'web/features/people/components/users-page.tsx': {
    features: ['billing', 'licenses', 'team'],
    why: 'not moved yet',
  },
  'web/features/product-analytics/components/active-users-chart.tsx': {
    features: ['expenses'],
    why: 'not moved yet',
  },
  'web/features/product-analytics/components/last-use-chart.tsx': {
    features: ['expenses'],
    why: 'not moved yet',
  },
  'web/features/product-analytics/components/product-analytics-page.tsx': {
    features: ['entities'],
    why: 'not moved yet',
  },
  'web/features/product-analytics/components/screens.tsx': {
    features: ['billing'],
    why: 'not moved yet',
  },
  'web/features/renewals/components/renewals-page.tsx': {
    features: ['benchmarks', 'entities', 'organizations'],
    why: 'not moved yet',
  },
  'web/features/renewals/components/renewals-table.tsx': {
    features: ['benchmarks'],
    why: 'not moved yet',
  },
  'web/features/report-schedules/components/report-schedules-page.tsx': {
    features: ['organizations'],
    why: 'not moved yet',
  },
  'web/features/report-schedules/components/schedule-dialog.tsx': {
    features: ['team'],
    why: 'not moved yet',
  },
  'web/features/report-schedules/components/schedule-report-button.tsx': {
    features: ['organizations'],
    why: 'not moved yet',
  },
  'web/features/report-schedules/components/screens.tsx': {
    features: ['billing'],
    why: 'not moved yet',
  },
  'web/features/reports/components/report-branding-card.tsx': {
    features: ['billing', 'organizations'],
    why: 'not moved yet',
  },
  'web/features/reports/components/report-sections.tsx': {
    features: ['expenses'],
    why: 'not moved yet',
  },
  'web/features/reports/components/screens.tsx': {
    features: ['billing', 'report-schedules'],
    why: 'not moved yet',
  },
  'web/features/scim/components/scim-card.tsx': {
    features: ['billing', 'organizations'],
    why: 'not moved yet',
  },
  'web/features/session/api/get-session.ts': {
    features: ['billing', 'notifications', 'organizations', 'settings'],
    why: 'not moved yet',
  },
  'web/features/settings/components/organization-tab.tsx': {
    features: ['organizations'],
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
  'web/features/setup/components/setup-page.tsx': {
    features: ['organizations'],
    why: 'not moved yet',
  },
  'web/features/sso/components/security-tab.tsx': {
    features: ['billing', 'organizations'],
    why: 'not moved yet',
  },
  'web/features/subscriptions/api/invalidate.ts': {
    features: ['organizations'],
    why: 'not moved yet',
  },
  'web/features/subscriptions/components/bulk-actions.tsx': {
    features: ['settings', 'team'],
    why: 'not moved yet',
  },
  'web/features/subscriptions/components/empty-subscriptions.tsx': {
    features: ['demo'],
    why: 'not moved yet',
  },
  'web/features/subscriptions/components/finance-fields.tsx': {
    features: ['settings'],
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
  'web/features/subscriptions/components/subscription-dialog.tsx': {
    features: ['organizations', 'settings', 'team'],
    why: 'not moved yet',
  },
  'web/features/subscriptions/components/subscriptions-filters.tsx': {
    features: ['settings', 'team', 'vendors'],
    why: 'not moved yet',
  },
  'web/features/subscriptions/components/subscriptions-page.tsx': {
    features: ['entities'],
    why: 'not moved yet',
  },
  'web/features/subscriptions/components/subscriptions-totals.tsx': {
    features: ['fx-rates'],
    why: 'not moved yet',
  },
  'web/features/team-tools/components/team-tools-page.tsx': {
    features: ['licenses', 'people'],
    why: 'not moved yet',
  },
  'web/features/team/api/accept-invitation.ts': {
    features: ['auth'],
    why: 'not moved yet',
  },
  'web/features/team/api/invalidate.ts': {
    features: ['organizations'],
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
  'web/features/team/components/team-page.tsx': {
    features: ['auth', 'billing', 'organizations'],
    why: 'not moved yet',
  },
  'web/features/vendors/components/use-vendor-editing.ts': {
    features: ['organizations'],
    why: 'not moved yet',
  },
  'web/features/vendors/components/vendor-detail-page.tsx': {
    features: ['subscriptions'],
    why: 'not moved yet',
  },
};
