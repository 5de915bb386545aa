import type { App } from './types';
import { authRoutes } from './modules/auth/auth.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { stripeWebhookRoutes } from './modules/billing/webhook.routes';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { brandProfitabilityRoutes } from './modules/brand-profitability/brand-profitability.routes';
import { productAnalyticsRoutes } from './modules/product-analytics/product-analytics.routes';
import { budgetsRoutes } from './modules/budgets/budgets.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { demoRoutes } from './modules/demo/demo.routes';
import { expensesRoutes } from './modules/expenses/expenses.routes';
import { exportsRoutes } from './modules/exports/exports.routes';
import { fxRatesRoutes } from './modules/fx-rates/fx-rates.routes';
import { importsRoutes } from './modules/imports/imports.routes';
import { inboxRoutes } from './modules/invoice-forwarding/inbox.routes';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { organizationsRoutes } from './modules/organizations/organizations.routes';
import { sessionRoutes } from './modules/session/session.routes';
import { settingsListsRoutes } from './modules/settings-lists/settings-lists.routes';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes';
import { vendorsRoutes } from './modules/vendors/vendors.routes';
import { contractsRoutes } from './modules/contracts/contracts.routes';
import { renewalsRoutes } from './modules/renewals/renewals.routes';
import { notificationSettingsRoutes } from './modules/alerts/notification-settings.routes';
import { peopleRoutes } from './modules/people/people.routes';
import { licensesRoutes } from './modules/licenses/licenses.routes';
import { usageRoutes } from './modules/usage/usage.routes';
import { attestationsRoutes } from './modules/attestations/attestations.routes';
import { teamToolsRoutes } from './modules/team-tools/team-tools.routes';
import { publicFormsRoutes } from './modules/public-forms/public-forms.routes';
import { teamRoutes } from './modules/team/team.routes';
import { operationsRoutes } from './modules/operations/operations.routes';
import { benchmarksRoutes } from './modules/benchmarks/benchmarks.routes';
import { insightsRoutes } from './modules/insights/insights.routes';
import { invoiceForwardingSettingsRoutes } from './modules/invoice-forwarding/settings.routes';
import { inboundRoutes } from './modules/invoice-forwarding/inbound.routes';
import { negotiationPackRoutes } from './modules/negotiation-pack/negotiation-pack.routes';
import { entitiesRoutes } from './modules/entities/entities.routes';
import { allocationsRoutes } from './modules/entities/allocations.routes';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes';
import { renderReport } from './modules/reports';
import { reportSchedulesRoutes } from './modules/report-schedules/report-schedules.routes';
import { scimRoutes } from './modules/scim/scim.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { samlRoutes } from './modules/sso/saml/saml.routes';
import { ssoRoutes } from './modules/sso/sso.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { connectorsRoutes } from './modules/connectors/connectors.routes';

/** Every /api feature's routes; each feature adds one line here. */
export const apiRoutes: Array<(app: App) => Promise<void>> = [
  authRoutes,
  sessionRoutes,
  onboardingRoutes,
  organizationsRoutes,
  notificationsRoutes,
  subscriptionsRoutes,
  importsRoutes,
  exportsRoutes,
  vendorsRoutes,
  settingsListsRoutes,
  catalogRoutes,
  dashboardRoutes,
  demoRoutes,
  expensesRoutes,
  inboxRoutes,
  budgetsRoutes,
  fxRatesRoutes,
  peopleRoutes,
  licensesRoutes,
  usageRoutes,
  attestationsRoutes,
  teamToolsRoutes,
  teamRoutes,
  contractsRoutes,
  renewalsRoutes,
  negotiationPackRoutes,
  notificationSettingsRoutes,
  publicFormsRoutes,
  billingRoutes,
  stripeWebhookRoutes,
  operationsRoutes,
  insightsRoutes,
  benchmarksRoutes,
  apiKeysRoutes,
  invoiceForwardingSettingsRoutes,
  inboundRoutes,
  entitiesRoutes,
  allocationsRoutes,
  brandProfitabilityRoutes,
  reportSchedulesRoutes(renderReport),
  scimRoutes,
  reportsRoutes,
  productAnalyticsRoutes,
  analyticsRoutes,
  ssoRoutes,
  auditRoutes,
  samlRoutes,
  connectorsRoutes,
];
