import type { App } from './types';
import { authRoutes } from './modules/auth/auth.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { stripeWebhookRoutes } from './modules/billing/webhook.routes';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { organizationsRoutes } from './modules/organizations/organizations.routes';
import { publicFormsRoutes } from './modules/public-forms/public-forms.routes';
import { teamRoutes } from './modules/team/team.routes';

/** Every /api feature's routes; each feature adds one line here. */
export const apiRoutes: Array<(app: App) => Promise<void>> = [
  authRoutes,
  onboardingRoutes,
  organizationsRoutes,
  notificationsRoutes,
  teamRoutes,
  publicFormsRoutes,
  billingRoutes,
  stripeWebhookRoutes,
];
